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

extension HTML {
    /// The words of a figure for the search, as a reader would type them: code as written
    /// (inside `<pre>`, the highlighter's spans split no token, so `decodeObject(of:` stays
    /// whole), without what is not code (line numbers, diff signs, the Copy button, badges).
    /// Outside `<pre>`, every tag counts as a space, as in `text(of:)`.
    static func searchText(of html: String) -> String {
        var out = ""
        out.reserveCapacity(html.utf8.count / 2)
        var preDepth = 0
        var skipDepth = 0
        var rest = Substring(html)
        while let open = rest.firstIndex(of: "<") {
            if skipDepth == 0 { out += rest[..<open] }
            guard let close = rest[open...].firstIndex(of: ">") else { break }
            let tag = rest[rest.index(after: open)..<close]
            rest = rest[rest.index(after: close)...]
            let closing = tag.hasPrefix("/")
            let name = tag.drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber }.lowercased()
            if skipDepth > 0 {
                if closing { skipDepth -= 1 } else if !voidElements.contains(name) { skipDepth += 1 }
                continue
            }
            if name == "pre" { preDepth += closing ? -1 : 1 }
            if !closing, let classes = classAttribute(tag), classes.contains(where: notWords.contains), !voidElements.contains(name) {
                skipDepth = 1
                continue
            }
            if preDepth == 0 || !inlineElements.contains(name) { out += " " }
        }
        if skipDepth == 0 { out += rest }
        guard out.contains("&") else { return out }
        return out.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    /// Classes of what a figure shows that is not its content: line numbers, diff signs, the
    /// Copy and "As printed" buttons, the marks' badges.
    private static let notWords: Set<Substring> = ["ln", "sign", "copy", "log-as-printed", "wf-badge"]
    private static let inlineElements: Set<String> = ["span", "code", "a", "mark", "strong", "em", "b", "i"]
    private static let voidElements: Set<String> = ["br", "img", "input", "hr", "meta", "link", "wbr"]

    private static func classAttribute(_ tag: Substring) -> [Substring]? {
        guard let start = tag.range(of: #"class=""#) else { return nil }
        let value = tag[start.upperBound...].prefix { $0 != "\"" }
        return value.split(separator: " ")
    }
}
