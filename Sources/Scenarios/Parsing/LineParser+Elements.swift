/// What a step acts on: an element by identifier, title or row; a row's position; a tab or segment.
extension LineParser {

    mutating func element(after context: String, rows: Bool, what: String? = nil) throws(LineFailure) -> ElementReference {
        let what = what ?? (rows
            ? "an element: an identifier like Save, a title in quotes like \"Save\", or a row like 'row 2'"
            : "an element: an identifier like Name, or a title in quotes like \"Name\"")
        guard let token = current else { throw failure(expected: "\(what) after \(context)") }
        switch token.kind {
        case .string:
            return .title(try nonEmptyString(token))
        case .punctuation:
            throw failure(expected: "\(what) after \(context)")
        case .word:
            switch token.keyword {
            case "id":
                advance()
                guard let quoted = current, quoted.kind == .string else {
                    throw failure(expected: "the identifier in quotes after 'id', as in id \"name field\"", hint: "for an element whose identifier is 'id', write id \"id\"")
                }
                return .identifier(try nonEmptyString(quoted))
            case "row":
                guard rows else {
                    throw LineFailure(column: token.column, length: token.length, message: "\(context) does not take a row", expected: what, hint: "for an element whose identifier is 'row', write id \"row\"")
                }
                advance()
                let position = try rowPosition()
                var table: ElementReference?
                if optionalKeyword("in") || optionalKeyword("of") {
                    table = try element(after: "'in'", rows: false, what: "the table: an identifier like Items, or its title in quotes")
                }
                return .row(position, in: table)
            case "tab":
                throw LineFailure(
                    column: token.column, length: token.length,
                    message: "expected \(what) after \(context), found \"tab\"",
                    expected: what,
                    hint: "a tab is chosen with choose tab \"Title\" (or tap tab …); for an element whose identifier is 'tab', write id \"tab\"")
            default:
                if Vocabulary.isBareIdentifier(token.text) {
                    advance()
                    return .identifier(token.text)
                }
                if Self.isNumber(token) {
                    throw failure(expected: "\(what) after \(context)", hint: rows ? "a row is written 'row \(token.text)'" : "an identifier starts with a letter; write id \"\(token.text)\" if it really is one")
                }
                throw LineFailure(
                    column: token.column, length: token.length,
                    message: "\(token.quoted) cannot be a bare identifier: a bare identifier is a letter or '_' followed by letters, digits, '_', '-' and '.'",
                    expected: what,
                    hint: "write id \(ScenarioPrinter.quote(token.text)) for an identifier, or \(ScenarioPrinter.quote(token.text)) for a visible title")
            }
        }
    }

    mutating func rowPosition() throws(LineFailure) -> RowPosition {
        var hint = "rows are counted from 0: the first row is 'row 0'"
        if let word = current?.keyword, let number = Vocabulary.numberWords.firstIndex(of: word) { hint = "write the number in digits: 'row \(number)'" }
        let row = try integer(after: "'row'", what: "a number", range: 0 ... Self.maximumRow, hint: hint)
        guard optionalKeyword("section") else { return RowPosition(row: row) }
        let section = try integer(after: "'section'", what: "a number", range: 0 ... Self.maximumSection, hint: "sections are counted from 0: the first is 'section 0'")
        return RowPosition(row: row, section: section)
    }

    mutating func choice(after context: String, what: String) throws(LineFailure) -> Choice {
        if let token = current, token.kind == .string { return .title(try nonEmptyString(token)) }
        if let token = current, Self.isNumber(token) {
            return .index(try integer(after: context, what: "\(what) number", range: 0 ... Self.maximumChoice, hint: "\(what)s are counted from 0: the first is 0"))
        }
        throw failure(expected: "\(what)'s title in quotes, or its number (from 0), after \(context)", hint: current.flatMap { $0.kind == .word ? "write \"\($0.text)\"" : nil })
    }
}
