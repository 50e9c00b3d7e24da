import WorkbookSupport

/// Text made safe to put into HTML, as element content or as an attribute value.
///
/// Everything the site shows from captures and sources goes through here: a screen's text, a
/// scenario's steps, a log line, an archive's keys, a listing's code. Templates escape on their own
/// (`{{name}}`); only HTML this module built is passed with `{{{name}}}`.
public enum HTML {
    public static func escape(_ text: String) -> String {
        MarkupEscaping.escape(text, also: .html)
    }
}

extension String {
    /// This text, escaped for HTML.
    var html: String { HTML.escape(self) }
}

extension HTML {
    /// The text a reader sees in HTML this module built: tags dropped (each counts as a space,
    /// so words of separate elements stay apart), the five escapes undone. For the search.
    static func text(of html: String) -> String {
        var out = ""
        out.reserveCapacity(html.utf8.count / 2)
        var inTag = false
        for character in html.unicodeScalars {
            if inTag {
                if character == ">" { inTag = false; out.unicodeScalars.append(" ") }
            } else if character == "<" {
                inTag = true
            } else {
                out.unicodeScalars.append(character)
            }
        }
        guard out.contains("&") else { return out }
        return out.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
