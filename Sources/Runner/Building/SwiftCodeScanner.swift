/// Finds a word in Swift source where it is code, not inside a comment (`//`, nested `/* */`) or a
/// string literal (`"…"`, `"""…"""`, raw `#"…"#`, with `\(…)` interpolations read as code). A
/// small scanner rather than a parser: the runner needs no swift-syntax to tell the compiler's
/// known crashes apart before it starts the compiler.
struct SwiftCodeScanner {
    struct Position: Equatable, Sendable {
        /// Both from 1, the column in characters, as the compiler counts them.
        var line: Int
        var column: Int
    }

    private enum Context {
        /// Parentheses opened inside an interpolation, which its closing `)` must not be.
        case code(openParentheses: Int)
        case blockComment(depth: Int)
        case string(hashes: Int, multiline: Bool)
    }

    private let bytes: [UInt8]

    init(_ source: String) {
        bytes = Array(source.utf8)
    }

    /// Where `word` starts as code, followed by something that cannot continue an identifier.
    func occurrences(of word: String) -> [Position] {
        let target = Array(word.utf8)
        var found: [Position] = []
        var stack: [Context] = [.code(openParentheses: 0)]
        var index = 0, line = 1, lineStart = 0
        func advance(_ count: Int) {
            for _ in 0..<count where index < bytes.count {
                if bytes[index] == .newline { line += 1; lineStart = index + 1 }
                index += 1
            }
        }
        while index < bytes.count {
            switch stack[stack.count - 1] {
            case .code(let open):
                let hashes = count(.hash, from: index)
                if starts("//", at: index) {
                    while index < bytes.count, bytes[index] != .newline { index += 1 }
                } else if starts("/*", at: index) {
                    stack.append(.blockComment(depth: 1))
                    advance(2)
                } else if index + hashes < bytes.count, bytes[index + hashes] == .quote {
                    let multiline = starts("\"\"\"", at: index + hashes)
                    stack.append(.string(hashes: hashes, multiline: multiline))
                    advance(hashes + (multiline ? 3 : 1))
                } else if starts(target, at: index), !continuesIdentifier(at: index + target.count) {
                    let column = String(decoding: bytes[lineStart..<index], as: UTF8.self).count + 1
                    found.append(Position(line: line, column: column))
                    advance(target.count)
                } else if stack.count > 1, bytes[index] == .openParenthesis {
                    stack[stack.count - 1] = .code(openParentheses: open + 1)
                    advance(1)
                } else if stack.count > 1, bytes[index] == .closeParenthesis {
                    if open == 0 { stack.removeLast() } else { stack[stack.count - 1] = .code(openParentheses: open - 1) }
                    advance(1)
                } else {
                    advance(1)
                }
            case .blockComment(let depth):
                if starts("/*", at: index) {
                    stack[stack.count - 1] = .blockComment(depth: depth + 1)
                    advance(2)
                } else if starts("*/", at: index) {
                    if depth == 1 { stack.removeLast() } else { stack[stack.count - 1] = .blockComment(depth: depth - 1) }
                    advance(2)
                } else {
                    advance(1)
                }
            case .string(let hashes, let multiline):
                if bytes[index] == .backslash, count(.hash, from: index + 1) >= hashes {
                    // An escape: `\(` (`\#(` in a raw string) opens an interpolation, anything
                    // else is one escaped character.
                    let next = index + 1 + hashes
                    if next < bytes.count, bytes[next] == .openParenthesis {
                        stack.append(.code(openParentheses: 0))
                    }
                    advance(1 + hashes + 1)
                } else if multiline ? starts("\"\"\"", at: index) : bytes[index] == .quote {
                    let quotes = multiline ? 3 : 1
                    if count(.hash, from: index + quotes) >= hashes {
                        stack.removeLast()
                        advance(quotes + hashes)
                    } else {
                        advance(1)
                    }
                } else if bytes[index] == .newline, !multiline {
                    stack.removeLast() // an unterminated string ends with its line; the compiler will say so
                    advance(1)
                } else {
                    advance(1)
                }
            }
        }
        return found
    }

    private func starts(_ text: String, at index: Int) -> Bool {
        starts(Array(text.utf8), at: index)
    }

    private func starts(_ prefix: [UInt8], at index: Int) -> Bool {
        index + prefix.count <= bytes.count && bytes[index..<(index + prefix.count)].elementsEqual(prefix)
    }

    private func count(_ byte: UInt8, from index: Int) -> Int {
        var end = index
        while end < bytes.count, bytes[end] == byte { end += 1 }
        return end - index
    }

    private func continuesIdentifier(at index: Int) -> Bool {
        guard index < bytes.count else { return false }
        let byte = bytes[index]
        return byte == .underscore || (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte >= 0x80
    }
}

private extension UInt8 {
    static let newline = UInt8(ascii: "\n")
    static let quote = UInt8(ascii: "\"")
    static let hash = UInt8(ascii: "#")
    static let backslash = UInt8(ascii: "\\")
    static let openParenthesis = UInt8(ascii: "(")
    static let closeParenthesis = UInt8(ascii: ")")
    static let underscore = UInt8(ascii: "_")
}
