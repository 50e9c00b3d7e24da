import Foundation

/// Text a person wrote (Swift source, a chapter's Markdown, a template), read from bytes that may
/// not be text at all: a binary file saved under a `.swift` name, a file saved as UTF-16 or
/// Latin-1. Decoding such bytes with replacement characters lets the junk through to be misread
/// later ("code at the top level"); this says where the text stops being text instead.
public enum UTF8Text {
    /// The first place the bytes are not UTF-8 text, counted as an editor counts: lines and
    /// columns from 1, a column per character.
    public struct Problem: Error, Equatable, Sendable, CustomStringConvertible {
        public let line: Int
        public let column: Int
        /// Bytes before it, from 0.
        public let offset: Int
        /// What is there, in a few words: "a NUL byte", "the byte 0xFF, which is not UTF-8".
        public let what: String

        /// `line 3, column 7 (byte 41): the byte 0xFF, which is not UTF-8`
        public var description: String { "line \(line), column \(column) (byte \(offset)): \(what)" }
    }

    /// The text, or where it is not text: a byte that is not UTF-8, or a NUL, which no text
    /// file holds. A file saved as UTF-16 is named as such.
    public static func decode(_ data: Data) throws(Problem) -> String {
        if !data.contains(0), let text = String(validating: data, as: UTF8.self) { return text }
        if data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF]) {
            throw Problem(line: 1, column: 1, offset: 0, what: "the file is UTF-16 (it starts with the bytes of a UTF-16 byte order mark), not UTF-8")
        }
        var line = 1, column = 1, offset = 0
        var bytes = data.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&bytes) {
            case .scalarValue(let scalar):
                if scalar == "\0" { throw Problem(line: line, column: column, offset: offset, what: "a NUL byte") }
                offset += UTF8.width(scalar)
                if scalar == "\n" { line += 1; column = 1 } else { column += 1 }
            case .error:
                let byte = data[data.startIndex + offset]
                throw Problem(line: line, column: column, offset: offset, what: String(format: "the byte 0x%02X, which is not UTF-8", byte))
            case .emptyInput:
                // Not reached: the bytes were found not to be text above.
                return String(decoding: data, as: UTF8.self)
            }
        }
    }
}
