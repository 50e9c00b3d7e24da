/// Steps that check something: `expect …`.
extension LineParser {
    /// What may follow `expect` when the expectation is not about one element, and how the rest
    /// of its line is read: `Vocabulary.expectationSubjects` and the parser's dispatch are this
    /// one table.
    static let expectationRules: [(word: String, rest: @Sendable (inout LineParser, Token) throws(LineFailure) -> Expectation)] = [
        ("screen", { (parser: inout LineParser, subject: Token) throws(LineFailure) in try parser.showsExpectation(subject: subject) }),
        ("snapshot", { (parser: inout LineParser, subject: Token) throws(LineFailure) in try parser.showsExpectation(subject: subject) }),
        ("log", { (parser: inout LineParser, subject: Token) throws(LineFailure) in try parser.logExpectation(subject: subject) }),
        ("cause", { (parser: inout LineParser, subject: Token) throws(LineFailure) in try parser.causeExpectation(subject: subject) }),
        ("archive", { (parser: inout LineParser, subject: Token) throws(LineFailure) in try parser.archiveExpectation(subject: subject) }),
        ("no", { (parser: inout LineParser, subject: Token) throws(LineFailure) in try parser.noSomethingExpectation(subject: subject) }),
        ("restored", { _, _ in .restored }),
        ("lost", { (parser: inout LineParser, subject: Token) throws(LineFailure) in try parser.lostExpectation(subject: subject) }),
        ("flicker", { _, _ in .flicker }),
        ("fresh", { (parser: inout LineParser, subject: Token) throws(LineFailure) in try parser.freshExpectation(subject: subject) }),
        ("selected", { (parser: inout LineParser, subject: Token) throws(LineFailure) in try parser.selectedExpectation(subject: subject) }),
        ("crash", { (parser: inout LineParser, subject: Token) throws(LineFailure) in try parser.crashExpectation(subject: subject) }),
    ]

    /// The rest of `expect crash`, `expect crash "words of its message"`.
    mutating func crashExpectation(subject: Token) throws(LineFailure) -> Expectation {
        guard let token = current, token.kind == .string else { return .crashed(nil) }
        return .crashed(try nonEmptyString(token))
    }

    mutating func expectation() throws(LineFailure) -> Expectation {
        guard let subject = current else {
            throw failure(expected: "what to expect after 'expect'", hint: "for example: expect screen shows \"Rusty Spork\", expect Name is \"Rusty Spork\", expect restored")
        }
        if let rule = Self.expectationRules.first(where: { $0.word == subject.keyword }) {
            advance()
            return try rule.rest(&self, subject)
        }
        if subject.keyword == "nothing" {
            throw LineFailure(
                column: subject.column, length: subject.length,
                message: "unknown expectation \(subject.quoted)",
                expected: "an expectation such as restored, lost, screen shows …",
                hint: "write 'expect restored': it fails, listing what was lost, when the screen did not come back as the user left it")
        }
        let target = try element(after: "'expect'", rows: true, what: "what to expect: screen, log, cause, archive, restored, lost, flicker, fresh launch, or an element such as Name")
        guard optionalKeyword("is") else {
            var hint: String?
            if subject.kind == .word, case .identifier = target,
               let near = Suggestions.nearest(to: subject.text, in: Vocabulary.expectationSubjects) {
                hint = "did you mean 'expect \(near)'?"
                throw LineFailure(column: subject.column, length: subject.length, message: "unknown expectation \(subject.quoted)", expected: "screen, snapshot, log, cause, archive, no, restored, lost, flicker, fresh launch, selected tab, crash, or an element followed by 'is'", hint: hint)
            }
            hint = suggestion(among: ["is"])
            throw failure(expected: "'is' or 'is not' after the element", hint: hint)
        }
        if optionalKeyword("not") { return .elementIsNot(target, try value()) }
        return .elementIs(target, try value())
    }

    /// The rest of `expect screen / snapshot …`.
    mutating func showsExpectation(subject: Token) throws(LineFailure) -> Expectation {
        let isScreen = subject.isKeyword("screen")
        let what = "what should show: a text in quotes, or an identifier"
        if optionalKeyword("shows") {
            let element = try element(after: "'shows'", rows: true, what: what)
            return isScreen ? .screenShows(element) : .snapshotShows(element)
        }
        if optionalKeyword("does") {
            try keyword("not", after: "'does'")
            try keyword("show", after: "'does not'")
            let element = try element(after: "'show'", rows: true, what: what)
            return isScreen ? .screenDoesNotShow(element) : .snapshotDoesNotShow(element)
        }
        throw failure(expected: "'shows' or 'does not show' after '\(subject.text.lowercased())'", hint: suggestion(among: ["shows", "does"]) ?? (current?.isKeyword("show") == true ? "write 'shows'" : nil))
    }

    /// The rest of `expect log …`.
    mutating func logExpectation(subject: Token) throws(LineFailure) -> Expectation {
        if optionalKeyword("contains") {
            return .logContains(try logText(after: "'contains'"))
        }
        if optionalKeyword("does") {
            try keyword("not", after: "'does'")
            try keyword("contain", after: "'does not'")
            return .logDoesNotContain(try logText(after: "'contain'"))
        }
        throw failure(expected: "'contains' or 'does not contain' after 'log'", hint: suggestion(among: ["contains", "does"]))
    }

    /// The rest of `expect cause …`.
    mutating func causeExpectation(subject: Token) throws(LineFailure) -> Expectation {
        if optionalKeyword("contains") {
            return .causeContains(try quotedText(after: "'contains'", what: "words of a cause's sentence"))
        }
        if optionalKeyword("does") {
            try keyword("not", after: "'does'")
            try keyword("contain", after: "'does not'")
            return .causeDoesNotContain(try quotedText(after: "'contain'", what: "words of a cause's sentence"))
        }
        throw failure(expected: "'contains' or 'does not contain' after 'cause'", hint: suggestion(among: ["contains", "does"]))
    }

    /// The rest of `expect archive …`.
    mutating func archiveExpectation(subject: Token) throws(LineFailure) -> Expectation {
        if optionalKeyword("has") { return .archiveHas(try archiveEntry(after: "'has'")) }
        if optionalKeyword("does") {
            try keyword("not", after: "'does'")
            try keyword("have", after: "'does not'")
            return .archiveDoesNotHave(try archiveEntry(after: "'have'"))
        }
        throw failure(expected: "'has' or 'does not have' after 'archive'", hint: suggestion(among: ["has", "does"]))
    }

    /// The rest of `expect no …`.
    mutating func noSomethingExpectation(subject: Token) throws(LineFailure) -> Expectation {
        if optionalKeyword("archive") { return .noArchive }
        if optionalKeyword("flicker") { return .noFlicker }
        throw failure(expected: "'archive' or 'flicker' after 'no'", hint: suggestion(among: ["archive", "flicker"]))
    }

    /// The rest of `expect lost …`.
    mutating func lostExpectation(subject: Token) throws(LineFailure) -> Expectation {
        guard let token = current, token.kind == .string else { return .lost(nil) }
        return .lost(try nonEmptyString(token))
    }

    /// The rest of `expect fresh …`.
    mutating func freshExpectation(subject: Token) throws(LineFailure) -> Expectation {
        try keyword("launch", after: "'fresh'")
        return .freshLaunch
    }

    /// The rest of `expect selected …`.
    mutating func selectedExpectation(subject: Token) throws(LineFailure) -> Expectation {
        try keyword("tab", after: "'selected'")
        try keyword("is", after: "'selected tab'")
        return .selectedTab(try choice(after: "'is'", what: "a tab"))
    }

    mutating func logText(after context: String) throws(LineFailure) -> String {
        try quotedText(after: context, what: "the text of a log line")
    }

    mutating func quotedText(after context: String, what: String) throws(LineFailure) -> String {
        guard let token = current, token.kind == .string else {
            throw failure(expected: "\(what), in quotes, after \(context)")
        }
        return try nonEmptyString(token)
    }

    mutating func archiveEntry(after context: String) throws(LineFailure) -> ArchiveEntry {
        if optionalKeyword("path") {
            return .path(try identifierPath(after: "'path'"))
        }
        guard let token = current, token.kind == .string else {
            throw failure(
                expected: "a key in quotes, or 'path' and an identifier path in quotes, after \(context)",
                hint: current.map { token in token.kind == .word ? "keys and paths go in quotes: expect archive has \"\(token.text)\"" : nil } ?? nil)
        }
        let key = try nonEmptyString(token)
        if optionalKeyword("at") {
            return .key(key, at: try identifierPath(after: "'at'"))
        }
        return .key(key, at: nil)
    }

    /// An identifier path as archives and logs write it: identifiers joined by `/`, with a
    /// container's `:[n]:` index segments.
    mutating func identifierPath(after context: String) throws(LineFailure) -> String {
        guard let token = current, token.kind == .string else {
            throw failure(expected: "an identifier path in quotes after \(context), like \"UINavigationController/:[1]:/DetailViewController\"")
        }
        let path = try nonEmptyString(token)
        for component in path.split(separator: "/", omittingEmptySubsequences: false) {
            if component.isEmpty {
                throw LineFailure(column: token.column, length: token.length, message: "the identifier path \(ScenarioPrinter.quote(path)) has an empty component", expected: "identifiers joined by single slashes", hint: "a path has no slash at either end and never two in a row")
            }
            if component.hasPrefix(":") || component.hasSuffix(":") {
                let inner = component.dropFirst(2).dropLast(2)
                guard component.hasPrefix(":["), component.hasSuffix("]:"), !inner.isEmpty, inner.count <= 6, inner.allSatisfy(\.isASCIIDigit) else {
                    throw LineFailure(column: token.column, length: token.length, message: "\"\(component)\" is not an index segment", expected: "an index segment like :[1]:", hint: "a container writes its child's index as :[n]: between two identifiers")
                }
            }
        }
        advance()
        return path
    }

    mutating func value() throws(LineFailure) -> ExpectedValue {
        guard let token = current else {
            throw failure(expected: "a value after 'is'", hint: "a text in quotes, a number, a date, 'scrolled to 240', or on, off, selected, editing, enabled, disabled")
        }
        if token.kind == .string {
            advance()
            return .text(token.text)
        }
        if token.kind == .word, Self.looksLikeDate(token.text) {
            return .date(try date(after: "'is'"))
        }
        if Self.isNumber(token) {
            return .number(try number(after: "'is'", what: "a number", range: -Self.numberLimit ... Self.numberLimit))
        }
        if optionalKeyword("scrolled") {
            try keyword("to", after: "'scrolled'")
            let (x, y) = try offset(after: "'to'")
            return .scrolled(x: x, y: y)
        }
        if let word = token.keyword, let state = ControlState(rawValue: word) {
            advance()
            return .state(state)
        }
        var hint = suggestion(among: ControlState.allCases.map(\.rawValue) + ["scrolled"])
        if token.isKeyword("empty") { hint = "write \"\" for an empty field" }
        if token.kind == .word, hint == nil { hint = "a text goes in quotes: \"\(token.text)\"" }
        throw failure(expected: "a value after 'is': a text in quotes, a number, a date, 'scrolled to 240', or on, off, selected, editing, enabled, disabled", hint: hint)
    }
}
