import Foundation
import WorkbookSupport

/// Everything a student wrote or their app printed reaches the pages through here: a folder named
/// `<script>` or output holding `</pre><img onerror=...>` must show as text, never run.
enum HTMLText {
    /// Escaped for text and for double- or single-quoted attributes alike, with the characters
    /// HTML calls parse errors (NUL, terminal escapes, other controls) removed first.
    static func escape(_ value: String) -> String {
        MarkupEscaping.escape(PrintableText.clean(value), also: .html)
    }

    /// A name a student chose (their folder's), as an isolated run of text: `<bdi>` keeps a
    /// right-to-left name from reordering the text around it, and the invisible characters that
    /// force a direction (U+202E RIGHT-TO-LEFT OVERRIDE and kin) show as `[U+202E]`, so that
    /// `alice\u{202E}fdp.exe` cannot pass for another name.
    static func name(_ value: String) -> String {
        "<bdi>" + escape(revealingDirectionControls(value)) + "</bdi>"
    }

    /// A name where no element may go (`<title>`, attributes): isolated with FIRST STRONG ISOLATE
    /// and POP DIRECTIONAL ISOLATE instead of `<bdi>`.
    static func plainName(_ value: String) -> String {
        "\u{2068}" + revealingDirectionControls(value) + "\u{2069}"
    }

    /// Embeddings, overrides, isolates and marks (Unicode's bidirectional formatting characters).
    static func isDirectionControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    static func revealingDirectionControls(_ value: String) -> String {
        var shown = ""
        for scalar in value.unicodeScalars {
            if isDirectionControl(scalar) {
                shown += "[U+" + String(scalar.value, radix: 16, uppercase: true) + "]"
            } else {
                shown.unicodeScalars.append(scalar)
            }
        }
        return shown
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
