import Foundation

/// A GitHub Actions workflow file, written from values: block mappings and sequences, every string
/// double-quoted with JSON's escapes (YAML reads a JSON string as the same string), so that a
/// criterion's name or a command can hold any character without changing the file's structure.
/// Keys are written plain unless YAML 1.1 would read them as something else (`on` is `true` to
/// such a reader, so it is quoted).
indirect enum WorkflowYAML {
    case string(String)
    /// A shell script of several lines, as a literal block (`|`): written as it reads.
    case script([String])
    case integer(Int)
    case bool(Bool)
    case list([WorkflowYAML])
    case map([(String, WorkflowYAML)])

    /// The file's text: its comment lines (`# ` added), then the value.
    static func document(_ value: WorkflowYAML, comments: [String] = []) -> String {
        let header = comments.map { $0.isEmpty ? "#" : "# " + $0 }.joined(separator: "\n")
        return (header.isEmpty ? "" : header + "\n") + value.block(indent: 0).joined(separator: "\n") + "\n"
    }

    /// The lines of a mapping or a sequence at `indent` spaces.
    private func block(indent: Int) -> [String] {
        let pad = String(repeating: " ", count: indent)
        switch self {
        case .map(let entries):
            return entries.flatMap { key, value -> [String] in
                if let inline = value.inline { return ["\(pad)\(Self.key(key)): \(inline)"] }
                if case .script(let lines) = value {
                    return ["\(pad)\(Self.key(key)): |"] + lines.map { $0.isEmpty ? "" : pad + "  " + $0 }
                }
                return ["\(pad)\(Self.key(key)):"] + value.block(indent: indent + 2)
            }
        case .list(let items):
            return items.flatMap { item -> [String] in
                if let inline = item.inline { return ["\(pad)- \(inline)"] }
                // A mapping in a sequence starts on the dash's line.
                var lines = item.block(indent: indent + 2)
                lines[0] = pad + "- " + lines[0].dropFirst(indent + 2)
                return lines
            }
        default:
            return [pad + (inline ?? "")]
        }
    }

    /// The value on its key's line, when it fits there: scalars and empty collections.
    private var inline: String? {
        switch self {
        case .string(let text): Self.quoted(text)
        case .script: nil
        case .integer(let number): String(number)
        case .bool(let value): value ? "true" : "false"
        case .list(let items): items.isEmpty ? "[]" : nil
        case .map(let entries): entries.isEmpty ? "{}" : nil
        }
    }

    private static let plainKey = try! NSRegularExpression(pattern: "^[A-Za-z_][A-Za-z0-9_-]*$")
    /// Words YAML 1.1 reads as booleans: quoted when they are keys.
    private static let booleanWords: Set<String> = ["y", "yes", "n", "no", "true", "false", "on", "off"]

    static func key(_ key: String) -> String {
        let range = NSRange(key.startIndex..., in: key)
        let plain = plainKey.firstMatch(in: key, range: range) != nil && !booleanWords.contains(key.lowercased())
        return plain ? key : quoted(key)
    }

    /// `"…"` with JSON's escapes: backslash, quote, and every control character.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029 || scalar.value == 0xFEFF {
                    out += String(format: "\\u%04X", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
