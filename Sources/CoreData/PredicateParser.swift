import Foundation

/// A parsed predicate, before it meets an entity.
indirect enum PredicateNode {
    case comparison(key: String, ComparisonOperator, PredicateConstant, position: Int)
    case and(PredicateNode, PredicateNode)
    case or(PredicateNode, PredicateNode)
    case not(PredicateNode)
}

enum ComparisonOperator: String {
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
    case beginsWith = "BEGINSWITH"
    case contains = "CONTAINS"
    case endsWith = "ENDSWITH"

    var isStringOperator: Bool { [.beginsWith, .contains, .endsWith].contains(self) }
}

/// A value on the right of a comparison, as written or passed, before it meets an attribute's type.
enum PredicateConstant {
    case null
    case string(String)
    case integer(Int64)
    case double(Double)
    case boolean(Bool)
    case date(Date)

    var kind: String {
        switch self {
        case .null: return "nil"
        case .string(let text): return "the string \"\(text)\""
        case .integer(let number): return "the integer \(number)"
        case .double(let number): return "the number \(number)"
        case .boolean(let flag): return flag ? "TRUE" : "FALSE"
        case .date(let date): return "the date \(date)"
        }
    }
}

/// Reads a predicate format, strictly, by recursive descent over its tokens:
///
///     predicate  := or
///     or         := and (("OR" | "||") and)*
///     and        := not (("AND" | "&&") not)*
///     not        := ("NOT" | "!") not | "(" predicate ")" | comparison
///     comparison := key operator value
///
/// Positions in errors count characters from 1.
struct PredicateParser {
    private let format: String
    private let tokens: [Token]
    private var index = 0
    private var arguments: [Any?]
    private var argumentIndex = 0

    init(format: String, arguments: [Any?]) throws {
        self.format = format
        self.arguments = arguments
        tokens = try PredicateTokenizer(format: format).tokens()
    }

    mutating func parse() throws -> PredicateNode {
        let node = try parseOr()
        guard case .end = tokens[index].kind else {
            throw error(at: tokens[index], "expected AND, OR or the end, found \(tokens[index].shown)")
        }
        guard argumentIndex == arguments.count else {
            throw CoreDataError(.invalidPredicate, "The predicate \"\(format)\" uses \(argumentIndex) argument\(argumentIndex == 1 ? "" : "s") but was given \(arguments.count).")
        }
        return node
    }

    private mutating func parseOr() throws -> PredicateNode {
        var node = try parseAnd()
        while tokens[index].isWord("OR") || tokens[index].kind == .symbol("||") {
            index += 1
            node = .or(node, try parseAnd())
        }
        return node
    }

    private mutating func parseAnd() throws -> PredicateNode {
        var node = try parseNot()
        while tokens[index].isWord("AND") || tokens[index].kind == .symbol("&&") {
            index += 1
            node = .and(node, try parseNot())
        }
        return node
    }

    private mutating func parseNot() throws -> PredicateNode {
        let token = tokens[index]
        if token.isWord("NOT") || token.kind == .symbol("!") {
            index += 1
            return .not(try parseNot())
        }
        if token.kind == .symbol("(") {
            index += 1
            let inner = try parseOr()
            guard tokens[index].kind == .symbol(")") else {
                throw error(at: tokens[index], "expected \")\" to close the \"(\" at character \(token.position), found \(tokens[index].shown)")
            }
            index += 1
            return inner
        }
        return try parseComparison()
    }

    private mutating func parseComparison() throws -> PredicateNode {
        let keyToken = tokens[index]
        let key: String
        switch keyToken.kind {
        case .word(let word) where !PredicateTokenizer.reserved.contains(word.uppercased()):
            key = word
        case .specifier("%K"):
            guard let name = try nextArgument(for: keyToken) as? String else {
                throw error(at: keyToken, "%K takes an attribute name as a String")
            }
            key = name
        default:
            throw error(at: keyToken, "expected an attribute name (or %K) to start a comparison, found \(keyToken.shown)")
        }
        index += 1
        if tokens[index].kind == .symbol(".") {
            throw error(at: tokens[index], "key paths (a.b) are not supported; compare an attribute of the fetched entity")
        }
        let operatorToken = tokens[index]
        let comparison: ComparisonOperator
        switch operatorToken.kind {
        case .symbol("=="), .symbol("="): comparison = .equal
        case .symbol("!="), .symbol("<>"): comparison = .notEqual
        case .symbol("<"): comparison = .less
        case .symbol("<="), .symbol("=<"): comparison = .lessOrEqual
        case .symbol(">"): comparison = .greater
        case .symbol(">="), .symbol("=>"): comparison = .greaterOrEqual
        case .word(let word) where ["BEGINSWITH", "CONTAINS", "ENDSWITH"].contains(word.uppercased()):
            comparison = ComparisonOperator(rawValue: word.uppercased())!
        default:
            throw error(at: operatorToken, "expected a comparison (==, !=, <, <=, >, >=, BEGINSWITH, CONTAINS, ENDSWITH) after \"\(key)\", found \(operatorToken.shown)")
        }
        index += 1
        if tokens[index].kind == .symbol("[") {
            throw error(at: tokens[index], "options such as [c] and [cd] are not supported; comparisons are case- and diacritic-sensitive")
        }
        let value = try parseValue()
        return .comparison(key: key, comparison, value, position: keyToken.position)
    }

    private mutating func parseValue() throws -> PredicateConstant {
        let token = tokens[index]
        defer { index += 1 }
        switch token.kind {
        case .string(let text): return .string(text)
        case .number(let text):
            if let integer = Int64(text) { return .integer(integer) }
            if let number = Double(text) { return .double(number) }
            throw error(at: token, "\(text) is not a number")
        case .word(let word):
            switch word.uppercased() {
            case "TRUE", "YES": return .boolean(true)
            case "FALSE", "NO": return .boolean(false)
            case "NIL", "NULL": return .null
            default: throw error(at: token, "expected a value ('text', a number, TRUE, FALSE, nil, or %@, %d, %f) after the comparison, found \(token.shown); to compare two attributes, fetch and compare in Swift")
            }
        case .specifier(let specifier):
            let argument = try nextArgument(for: token)
            return try constant(argument, specifier: specifier, token: token)
        default:
            throw error(at: token, "expected a value ('text', a number, TRUE, FALSE, nil, or %@, %d, %f) after the comparison, found \(token.shown)")
        }
    }

    private func constant(_ argument: Any?, specifier: String, token: Token) throws -> PredicateConstant {
        guard let argument else {
            guard specifier == "%@" else { throw error(at: token, "\(specifier) was given nil; pass nil with %@") }
            return .null
        }
        func integer(_ value: Any) -> Int64? {
            switch value {
            case let number as Int: return Int64(number)
            case let number as Int64: return number
            case let number as Int32: return Int64(number)
            case let number as Int16: return Int64(number)
            case let number as Int8: return Int64(number)
            case let number as UInt32: return Int64(number)
            case let number as UInt16: return Int64(number)
            case let number as UInt8: return Int64(number)
            default: return nil
            }
        }
        switch specifier {
        case "%d", "%i", "%ld", "%li", "%lld":
            guard !(argument is Bool), let number = integer(argument) else {
                throw error(at: token, "\(specifier) takes an integer, given \(argument) of type \(type(of: argument))")
            }
            return .integer(number)
        case "%f", "%lf":
            if let number = argument as? Double { return .double(number) }
            if let number = argument as? Float { return .double(Double(number)) }
            if !(argument is Bool), let number = integer(argument) { return .double(Double(number)) }
            throw error(at: token, "\(specifier) takes a number, given \(argument) of type \(type(of: argument))")
        default: // %@
            switch argument {
            case let text as String: return .string(text)
            case let flag as Bool: return .boolean(flag)
            case let number as Double: return .double(number)
            case let number as Float: return .double(Double(number))
            case let date as Date: return .date(date)
            default:
                if let number = integer(argument) { return .integer(number) }
                throw error(at: token, "%@ takes a String, a number, a Bool, a Date or nil, given a \(type(of: argument))\(argument is NSManagedObject ? " (compare an attribute of it, not the object)" : "")")
            }
        }
    }

    private mutating func nextArgument(for token: Token) throws -> Any? {
        guard argumentIndex < arguments.count else {
            throw error(at: token, "\(token.shown) has no argument: the format needs more than the \(arguments.count) given")
        }
        defer { argumentIndex += 1 }
        return arguments[argumentIndex]
    }

    private func error(at token: Token, _ message: String) -> CoreDataError {
        CoreDataError(.invalidPredicate, "The predicate \"\(format)\" cannot be parsed: at character \(token.position), \(message).")
    }
}

struct Token {
    enum Kind: Equatable {
        case word(String)
        case string(String)
        case number(String)
        case symbol(String)
        case specifier(String)
        case end
    }

    let kind: Kind
    let position: Int

    func isWord(_ word: String) -> Bool {
        if case .word(let text) = kind { return text.uppercased() == word }
        return false
    }

    /// How the token reads in an error.
    var shown: String {
        switch kind {
        case .word(let text), .symbol(let text), .specifier(let text), .number(let text): return "\"\(text)\""
        case .string(let text): return "the string '\(text)'"
        case .end: return "the end of the format"
        }
    }
}

/// Splits a format into words, quoted strings, numbers, symbols and `%` specifiers.
struct PredicateTokenizer {
    static let reserved: Set<String> = ["AND", "OR", "NOT", "BEGINSWITH", "CONTAINS", "ENDSWITH", "TRUE", "YES", "FALSE", "NO", "NIL", "NULL",
                                        "LIKE", "MATCHES", "IN", "BETWEEN", "ANY", "ALL", "SOME", "NONE", "SUBQUERY", "SELF", "TRUEPREDICATE", "FALSEPREDICATE"]
    private static let symbols = ["==", "!=", "<>", "<=", "=<", ">=", "=>", "&&", "||", "=", "<", ">", "!", "(", ")", "[", "]", "."]
    private static let specifiers = ["%@", "%K", "%lld", "%ld", "%li", "%lf", "%d", "%i", "%f"]

    let format: String

    func tokens() throws -> [Token] {
        let characters = Array(format)
        var tokens: [Token] = []
        var at = 0
        func fail(_ message: String) -> CoreDataError {
            CoreDataError(.invalidPredicate, "The predicate \"\(format)\" cannot be parsed: at character \(at + 1), \(message).")
        }
        func startsWith(_ text: String) -> Bool {
            let wanted = Array(text)
            return at + wanted.count <= characters.count && Array(characters[at..<at + wanted.count]) == wanted
        }
        while at < characters.count {
            let character = characters[at]
            let start = at + 1
            if character.isWhitespace {
                at += 1
            } else if character == "'" || character == "\"" {
                var text = ""
                at += 1
                while true {
                    guard at < characters.count else { throw fail("the string opened at character \(start) is not closed") }
                    let next = characters[at]
                    if next == character { at += 1; break }
                    if next == "\\" {
                        guard at + 1 < characters.count else { throw fail("the string opened at character \(start) is not closed") }
                        text.append(characters[at + 1])
                        at += 2
                    } else {
                        text.append(next)
                        at += 1
                    }
                }
                tokens.append(Token(kind: .string(text), position: start))
            } else if character.isNumber && character.isASCII || (character == "-" && at + 1 < characters.count && characters[at + 1].isASCII && characters[at + 1].isNumber) {
                var text = String(character)
                at += 1
                while at < characters.count, characters[at].isASCII, characters[at].isNumber || characters[at] == "." {
                    text.append(characters[at])
                    at += 1
                }
                tokens.append(Token(kind: .number(text), position: start))
            } else if character.isLetter || character == "_" {
                var text = ""
                while at < characters.count, characters[at].isLetter || characters[at].isNumber || characters[at] == "_" {
                    text.append(characters[at])
                    at += 1
                }
                tokens.append(Token(kind: .word(text), position: start))
            } else if character == "%" {
                guard let specifier = Self.specifiers.first(where: startsWith) else {
                    throw fail("expected a format specifier (%@, %K, %d, %i, %ld, %f), found \"\(String(characters[at..<min(at + 3, characters.count)]))\"")
                }
                tokens.append(Token(kind: .specifier(specifier), position: start))
                at += specifier.count
            } else if let symbol = Self.symbols.first(where: startsWith) {
                tokens.append(Token(kind: .symbol(symbol), position: start))
                at += symbol.count
            } else {
                // An unknown character becomes a token of its own, so the parser can say what it
                // expected in its place.
                tokens.append(Token(kind: .symbol(String(character)), position: start))
                at += 1
            }
        }
        tokens.append(Token(kind: .end, position: characters.count + 1))
        return tokens
    }
}
