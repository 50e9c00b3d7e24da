/// What one line holds: a header line or a step.
enum ParsedLine: Equatable {
    case header(HeaderLine)
    case step(Step.Kind)
}

enum HeaderLine: Equatable {
    case name(String)
    case app(String)
    case tags([String])
    case points(Int)
    case hidden
    case developerMode

    var key: String {
        switch self {
        case .name: return "scenario"
        case .app: return "app"
        case .tags: return "tags"
        case .points: return "points"
        case .developerMode: return "developer mode"
        case .hidden: return "hidden"
        }
    }
}

/// A mistake on one line, by column; the file parser adds the file and the line.
struct LineFailure: Error {
    var column: Int
    var length: Int
    var message: String
    var expected: String?
    var hint: String?
}

/// The grammar of one line, by recursive descent over its tokens. It stops at the first
/// mistake on a line (the next line is parsed afresh).
struct LineParser {
    static let maximumRow = 99_999
    static let maximumSection = 999
    static let maximumChoice = 99
    static let numberLimit = 1_000_000.0
    static let maximumDecimals = 6
    static let maximumWait = 30 * 86_400
    static let maximumTextLength = ScenarioLimits.maximumLineLength

    let tokens: [Token]
    var position = 0

    init(tokens: [Token]) {
        self.tokens = tokens
    }

    // MARK: The line

    mutating func parse() throws(LineFailure) -> ParsedLine {
        guard let first = current else { throw failure(expected: "a step") }
        guard first.kind == .word else {
            throw LineFailure(
                column: first.column, length: first.length,
                message: "expected a step, found \(first.quoted)",
                expected: "a step such as launch, tap, type or expect",
                hint: first.kind == .string ? "a line starts with what happens, as in tap \"Save\"" : nil)
        }
        var word = first.text.lowercased()
        // A header key may be written with a colon: `tags: editing`.
        if word.hasSuffix(":"), Vocabulary.headerWords.contains(String(word.dropLast())) { word.removeLast() }
        advance()
        let line: ParsedLine
        if Vocabulary.headerWords.contains(word) {
            line = .header(try header(word))
        } else if word == "expect" {
            line = .step(.expect(try expectation()))
        } else {
            line = .step(.perform(try action(word, token: first)))
        }
        try end()
        return line
    }

    // MARK: Tokens

    var current: Token? { position < tokens.count ? tokens[position] : nil }

    func peek(_ offset: Int) -> Token? {
        position + offset < tokens.count ? tokens[position + offset] : nil
    }

    mutating func advance() { position += 1 }

    mutating func optionalKeyword(_ word: String) -> Bool {
        guard current?.isKeyword(word) == true else { return false }
        advance()
        return true
    }

    mutating func keyword(_ word: String, after context: String, hint: String? = nil) throws(LineFailure) {
        guard optionalKeyword(word) else {
            throw failure(expected: "'\(word)' after \(context)", hint: suggestion(among: [word]) ?? hint)
        }
    }

    /// `did you mean 'home'?` when the current word is a typo of one of `words`.
    func suggestion(among words: [String]) -> String? {
        guard let word = current?.keyword else { return nil }
        return Suggestions.didYouMean(word, in: words)
    }

    mutating func end() throws(LineFailure) {
        guard let token = current else { return }
        var hint = "a comment starts with #"
        if token.kind == .word, position > 0, tokens[position - 1].kind == .word, Vocabulary.isBareIdentifier(tokens[position - 1].text) {
            hint = "an identifier is one word; a title with spaces goes in quotes, as in \"Save Item\""
        }
        throw LineFailure(column: token.column, length: token.length, message: "unexpected \(token.quoted) after the end of the step", expected: "the end of the line", hint: hint)
    }

    /// `expected X, found Y` at the current token (or at the end of the line).
    func failure(expected: String, hint: String? = nil) -> LineFailure {
        LineFailure(column: current?.column ?? endColumn, length: current?.length ?? 1, message: "expected \(expected), found \(found)", expected: expected, hint: hint)
    }

    /// How an error names what it found: the current token, or the end of the line.
    var found: String { current?.quoted ?? "the end of the line" }

    /// The column just after the last token.
    var endColumn: Int { tokens.last.map { $0.column + $0.length } ?? 1 }
}
