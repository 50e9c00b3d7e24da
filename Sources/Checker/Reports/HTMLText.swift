import Foundation

/// Everything a student wrote or their app printed reaches the pages through here: a folder named
/// `<script>` or output holding `</pre><img onerror=...>` must show as text, never run.
enum HTMLText {
    /// Escaped for text and for double- or single-quoted attributes alike, with the characters
    /// HTML calls parse errors (NUL, terminal escapes, other controls) removed first.
    static func escape(_ value: String) -> String {
        var escaped = ""
        for scalar in PrintableText.clean(value).unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// A path segment for an `href`: every byte but RFC 3986's unreserved characters is
    /// percent-encoded, so `?`, `#`, `%` and spaces in a name stay part of the name.
    static func pathComponent(_ value: String) -> String {
        let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        return value.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }

    /// Text in a `<pre>`: a leading newline would be swallowed by the parser, so one is added in
    /// front of text that starts with one.
    static func preformatted(_ value: String) -> String {
        let escaped = escape(value)
        return escaped.hasPrefix("\n") || escaped.hasPrefix("\r") ? "\n" + escaped : escaped
    }
}
