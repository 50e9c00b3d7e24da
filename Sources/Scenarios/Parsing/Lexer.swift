/// A piece of a line: a bare word, a quoted text, or one of `(`, `)`, `,`.
struct Token: Equatable {
    enum Kind: Equatable {
        /// A run of characters up to a space, a quote, `#`, `(`, `)` or `,`.
        case word
        /// A quoted text; `text` is the text with its escapes resolved.
        case string
        /// `(`, `)` or `,`.
        case punctuation
    }

    var kind: Kind
    var text: String
    /// The column of the token's first character, from 1.
    var column: Int
    /// How many columns the token spans in the source, quotes included.
    var length: Int

    /// The word in lower case: keywords are matched without regard to case.
    var keyword: String? { kind == .word ? text.lowercased() : nil }

    func isKeyword(_ keyword: String) -> Bool { self.keyword == keyword }

    /// How an error names the token: `"three"`, `the text "Save"`, `','`.
    var quoted: String {
        switch kind {
        case .word: return "\"\(text)\""
        case .string: return "the text \(ScenarioPrinter.quote(text))"
        case .punctuation: return "'\(text)'"
        }
    }
}

/// One line of the file, split into tokens. Lexing never fails as a whole: problems (an
/// unterminated quote, an unknown escape, a control character) are collected as errors.
struct LexedLine {
    var tokens: [Token] = []
    /// The line without its comment, trimmed: the step's `text`.
    var content: String = ""
    var errors: [LexError] = []
}

/// A lexing problem, located by column; the parser turns it into a `ScenarioError`.
struct LexError {
    var column: Int
    var length: Int
    var message: String
    var expected: String?
    var hint: String?
}

enum Lexer {
    static let escapes: [Character: Character] = ["\"": "\"", "\\": "\\", "n": "\n", "t": "\t"]

    static func lex(_ line: [Character]) -> LexedLine {
        var result = LexedLine()
        var index = 0
        var contentEnd = line.count

        // A control character anywhere (a tab excepted) makes the line unreadable: say where.
        if let bad = line.firstIndex(where: isForbiddenControl) {
            let scalar = line[bad].unicodeScalars.first { $0.properties.generalCategory == .control }?.value ?? 0
            result.errors.append(LexError(
                column: bad + 1, length: 1,
                message: "a control character (\(hex(scalar))) is not allowed in a scenario",
                hint: "a scenario is plain text; inside quotes, write a line break as \\n and a tab as \\t"))
            return result
        }

        loop: while index < line.count {
            let character = line[index]
            if character.isWhitespace {
                index += 1
                continue
            }
            switch character {
            case "#":
                contentEnd = index
                break loop
            case "\"":
                index = lexString(line, from: index, into: &result)
            case "(", ")", ",":
                result.tokens.append(Token(kind: .punctuation, text: String(character), column: index + 1, length: 1))
                index += 1
            case "“", "”", "„", "«", "»":
                result.errors.append(LexError(
                    column: index + 1, length: 1,
                    message: "found a typographic quote \(character); scenarios quote text with straight double quotes",
                    expected: "\"",
                    hint: "replace \(character) with \" (editors and word processors often curl quotes on their own)"))
                return result
            case "'", "‘", "’":
                result.errors.append(LexError(
                    column: index + 1, length: 1,
                    message: "found a single quote \(character); scenarios quote text with double quotes",
                    expected: "\"",
                    hint: "write \"Save\", not 'Save'"))
                return result
            default:
                let start = index
                while index < line.count, !endsWord(line[index]) { index += 1 }
                result.tokens.append(Token(kind: .word, text: String(line[start ..< index]), column: start + 1, length: index - start))
            }
        }
        result.content = trimmed(line[0 ..< contentEnd])
        return result
    }

    /// Reads a quoted text starting at the quote; returns the index after the closing quote
    /// (or the end of the line, when it is missing: an error at the opening quote).
    private static func lexString(_ line: [Character], from start: Int, into result: inout LexedLine) -> Int {
        var text = ""
        var index = start + 1
        while index < line.count {
            let character = line[index]
            if character == "\"" {
                result.tokens.append(Token(kind: .string, text: text, column: start + 1, length: index - start + 1))
                return index + 1
            }
            if character == "\\" {
                guard index + 1 < line.count else { break }
                let next = line[index + 1]
                if let resolved = escapes[next] {
                    text.append(resolved)
                } else {
                    result.errors.append(LexError(
                        column: index + 1, length: 2,
                        message: "unknown escape '\\\(next)' in quoted text",
                        expected: "one of \\\" (a quote), \\\\ (a backslash), \\n (the return key), \\t (a tab)",
                        hint: next == "'" ? "a single quote needs no escape inside double quotes" : "to write a backslash itself, double it: \\\\"))
                    text.append(next)
                }
                index += 2
                continue
            }
            text.append(character)
            index += 1
        }
        result.errors.append(LexError(
            column: start + 1, length: 1,
            message: "this quoted text has no closing quote",
            expected: "a \" before the end of the line",
            hint: "a quote inside quoted text is written \\\""))
        return line.count
    }

    static func endsWord(_ character: Character) -> Bool {
        character.isWhitespace || character == "\"" || character == "#" || character == "(" || character == ")" || character == ","
            || character == "“" || character == "”"
    }

    static func isForbiddenControl(_ character: Character) -> Bool {
        if character == "\t" { return false }
        return character.unicodeScalars.contains { scalar in
            scalar.properties.generalCategory == .control
        }
    }

    static func hex(_ value: UInt32) -> String {
        var digits = String(value, radix: 16, uppercase: true)
        while digits.count < 4 { digits = "0" + digits }
        return "U+" + digits
    }

    static func trimmed(_ characters: ArraySlice<Character>) -> String {
        var slice = characters
        while let first = slice.first, first.isWhitespace { slice = slice.dropFirst() }
        while let last = slice.last, last.isWhitespace { slice = slice.dropLast() }
        return String(slice)
    }
}
