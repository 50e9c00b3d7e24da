/// A file name as the tools print it on one line of a terminal, and as a Swift string literal
/// can hold it: a quote, a backslash, a line break, a terminal escape or a character that turns
/// the text around it (U+202E) is written as Swift writes it in a literal (`\"`, `\\`, `\n`,
/// `\u{1b}`), anything else as it is. A student can name a file `Notes"2".swift` or put a line
/// break in it; printed raw, such a name breaks the line it is on or colours the terminal.
public enum FileNameText {
    public static func shown(_ name: String) -> String {
        guard name.unicodeScalars.contains(where: needsEscape) else { return name }
        var out = ""
        for scalar in name.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where needsEscape(scalar): out += "\\u{" + String(scalar.value, radix: 16) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Whether the name is shown otherwise than it is: then it is no name to hand a build tool
    /// either (SwiftPM writes names unescaped into its JSON output file map).
    public static func needsEscaping(_ name: String) -> Bool {
        name.unicodeScalars.contains(where: needsEscape)
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x22, 0x5C: true // " and \
        case 0x00..<0x20, 0x7F...0x9F: true // controls, ESC among them
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true // direction marks and overrides
        case 0x2028, 0x2029: true // Unicode's own line and paragraph breaks
        default: false
        }
    }
}
