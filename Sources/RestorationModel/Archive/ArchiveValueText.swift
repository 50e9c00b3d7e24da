import BinaryPropertyList
import Foundation

/// How one archived value reads in the archive tool's words: `Yes`, `iPhone`,
/// `2014-07-06 16:05:18 +0000`, `0.8926057`, `Object Identifier Proxy: TabController`.
///
/// Text stands bare after a key, as the tool shows `8.0`, unless it could not be read back from
/// one line (it is empty, edged with spaces, or holds quotes, backslashes or line breaks): then
/// it is quoted and escaped (so are control and bidirectional characters, which would otherwise
/// act on the terminal). Inside an array or dictionary text is always quoted, and a reference
/// is its quoted path, as the tool lists a navigation controller's children.
public enum ArchiveValueText {
    /// A value on one line: what `workbook archive diff` shows after a key.
    public static func line(_ value: PropertyListValue, key: String = "") -> String {
        if let scalar = scalar(value, key: key, contained: false) { return scalar }
        return contained(value)
    }

    /// A value that is not an array or a dictionary (a marked value counts as one); `nil` for those.
    package static func scalar(_ value: PropertyListValue, key: String, contained: Bool) -> String? {
        if let marked = MarkedArchiveValue(value) {
            switch marked {
            case .objectIdentifierProxy(let path): return contained ? quoted(path) : "Object Identifier Proxy: \(path)"
            case .url(let url): return contained ? quoted(url) : bareIfPossible(url)
            case .archivedObject(let data):
                return KeyedArchiveClassName.of(data).map { "Archived Object (Class: \($0))" } ?? "Archived Object (\(data.count) bytes)"
            }
        }
        switch value {
        case .string(let text): return contained ? quoted(text) : bareIfPossible(text)
        case .integer(let number): return key == ReservedKey.userInterfaceIdiom ? idiomName(number) : String(number)
        case .real(let number): return real(number)
        case .boolean(let flag): return flag ? "Yes" : "No"
        case .date(let date): return timestampFormatter.string(from: date)
        case .data(let data): return hex(data)
        case .array, .dictionary: return nil
        }
    }

    /// An element of an array or a dictionary, containers kept on one line.
    private static func contained(_ value: PropertyListValue) -> String {
        if let scalar = scalar(value, key: "", contained: true) { return scalar }
        switch value {
        case .array(let items): return "(" + items.map(contained).joined(separator: ", ") + ")"
        case .dictionary(let entries): return "{" + sortedKeys(entries).map { "\(quoted($0)) = \(contained(entries[$0]!));" }.joined(separator: " ") + "}"
        default: return ""
        }
    }

    /// Keys in the tool's order: alphabetical whatever their case (`kUI…` before `UIApplication…`).
    package static func sortedKeys(_ entries: [String: PropertyListValue]) -> [String] {
        entries.keys.sorted { ($0.lowercased(), $0) < ($1.lowercased(), $1) }
    }

    /// Text in double quotes, escaped so that it stays on one line and reads back unchanged.
    public static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where breaksOrHides(scalar): out += String(format: "\\U%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    private static func bareIfPossible(_ text: String) -> String {
        let plain = !text.isEmpty && text.first?.isWhitespace == false && text.last?.isWhitespace == false
            && !text.unicodeScalars.contains { $0 == "\"" || $0 == "\\" || $0 == "\n" || $0 == "\r" || $0 == "\t" || breaksOrHides($0) }
        return plain ? text : quoted(text)
    }

    /// A key, a path or a class name: bare as it is, unless it holds a character that would
    /// break the line or act on the terminal, when it is quoted and escaped as text values are.
    public static func name(_ text: String) -> String {
        text.unicodeScalars.contains(where: breaksOrHides) ? quoted(text) : text
    }

    /// Control characters (an escape starts a terminal's commands), Unicode's own line and
    /// paragraph breaks, and the bidirectional controls, which turn the rest of a line around
    /// (U+202E shows `"txt.exe"` as `"exe.txt"`).
    private static func breaksOrHides(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control || scalar == "\u{2028}" || scalar == "\u{2029}" || scalar.properties.isBidiControl
    }

    /// A whole number without a fraction; a value a `Float` holds exactly as a float prints
    /// (`0.8926057`, not `0.892605721950531`); any other with all its digits.
    private static func real(_ number: Double) -> String {
        if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
        if Double(Float(number)) == number { return String(Float(number)) }
        return String(number)
    }

    /// Bytes in hex, four to a group; a long run shows its length, beginning and end.
    private static func hex(_ data: Data) -> String {
        func groups(_ bytes: Data) -> String {
            stride(from: bytes.startIndex, to: bytes.endIndex, by: 4).map { start in
                bytes[start..<min(start + 4, bytes.endIndex)].map { String(format: "%02x", $0) }.joined()
            }.joined(separator: " ")
        }
        guard data.count > 32 else { return "<" + groups(data) + ">" }
        return "{length = \(data.count), bytes = 0x\(groups(data.prefix(16))) ... \(groups(data.suffix(8)))}"
    }

    private static func idiomName(_ idiom: Int64) -> String {
        switch idiom {
        case 0: "iPhone"
        case 1: "iPad"
        default: String(idiom)
        }
    }

    private static let timestampFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss +0000"
        return formatter
    }()
}
