import Foundation

/// The shape both ends of the line protocol share: a word, then a space and the payload, on one
/// line. Text payloads keep their newlines and backslashes as `\n` and `\\`; JSON payloads are
/// single-line already (no pretty printing) and travel as they are.
package enum ControlLine {
    /// Splits a line at its first space: the word and what follows (empty when nothing does).
    package static func split(_ line: String) -> (word: String, payload: String) {
        guard let space = line.firstIndex(of: " ") else { return (line, "") }
        return (String(line[..<space]), String(line[line.index(after: space)...]))
    }

    package static func join(_ word: String, _ payload: String) -> String {
        payload.isEmpty ? word : word + " " + payload
    }

    /// Text on one line: a backslash doubled, a newline written `\n`, a carriage return `\r`.
    package static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }

    /// The text `escape` wrote. A backslash before anything else is kept as it is.
    package static func unescape(_ line: String) -> String {
        var out = ""
        var escaping = false
        for character in line.unicodeScalars {
            if escaping {
                switch character {
                case "n": out += "\n"
                case "r": out += "\r"
                case "\\": out += "\\"
                default: out += "\\"; out.unicodeScalars.append(character)
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                out.unicodeScalars.append(character)
            }
        }
        if escaping { out += "\\" }
        return out
    }

    package static func json<Value: Encodable>(_ value: Value) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    package static func decode<Value: Decodable>(_ type: Value.Type, from payload: String) -> Value? {
        try? JSONDecoder().decode(type, from: Data(payload.utf8))
    }
}
