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

    var key: String {
        switch self {
        case .name: return "scenario"
        case .app: return "app"
        case .tags: return "tags"
        case .points: return "points"
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

    private let tokens: [Token]
    private var position = 0

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
        switch word {
        case "scenario", "app", "tags", "points", "hidden":
            line = .header(try header(word))
        case "expect":
            line = .step(.expect(try expectation()))
        default:
            line = .step(.perform(try action(word, token: first)))
        }
        try end()
        return line
    }

    // MARK: Actions

    private mutating func action(_ word: String, token first: Token) throws(LineFailure) -> Action {
        switch word {
        case "launch":
            return .launch
        case "press":
            if current?.isKeyword("return") == true || current?.isKeyword("enter") == true {
                throw failure(expected: "'home' after 'press'", hint: "the return key is typed as \\n at the end of the text: type \"Rusty Spork\\n\" into Name")
            }
            try keyword("home", after: "'press'", hint: current?.keyword.map { _ in "to tap a button, write 'tap'" })
            return .pressHome
        case "return":
            guard current != nil else {
                throw failure(expected: "'to the app' after 'return'", hint: "to press the return key, end typed text with \\n: type \"Rusty Spork\\n\" into Name")
            }
            try keyword("to", after: "'return'")
            _ = optionalKeyword("the")
            try keyword("app", after: "'return to the'")
            return .returnToApp
        case "kill":
            return .kill
        case "force":
            try keyword("quit", after: "'force'")
            return .forceQuit
        case "crash":
            guard optionalKeyword("during") else { return .crash }
            try keyword("restoration", after: "'crash during'")
            return .crashDuringRestoration
        case "update":
            try keyword("to", after: "'update'")
            try keyword("version", after: "'update to'")
            return .update(version: try version())
        case "wait":
            return .wait(try duration())
        case "tap":
            if current?.isKeyword("tab") == true, let next = peek(1), next.kind == .string || Self.isNumber(next) {
                advance()
                return .chooseTab(try choice(after: "'tab'", what: "a tab"))
            }
            return .tap(try element(after: "'tap'", rows: true))
        case "type":
            let text = try string(after: "'type'", what: "the text to type (in double quotes)", hint: current.map { token in
                token.kind == .word ? "typed text goes in double quotes: type \"\(token.text)\" into Name" : nil
            } ?? nil)
            try into()
            return .type(text, into: try element(after: "'into'", rows: false, what: "the field: an identifier like Name, or its placeholder in quotes"))
        case "clear":
            return .clear(try element(after: "'clear'", rows: false, what: "the field: an identifier like Name, or its placeholder in quotes"))
        case "toggle":
            if current?.isKeyword("editing") == true, peek(1) == nil {
                throw LineFailure(
                    column: current!.column, length: current!.length,
                    message: "'toggle' flips a switch; editing mode is turned on and off with the screen's Edit button",
                    expected: "a switch: an identifier like Notifications, or its label in quotes",
                    hint: "write 'tap Edit' (and 'tap Done' to leave editing), as a user would; if the identifier really is 'editing', write id \"editing\"")
            }
            return .toggle(try element(after: "'toggle'", rows: false, what: "a switch: an identifier like Notifications, or its label in quotes"))
        case "select":
            return .select(try row(after: "'select'"))
        case "scroll":
            return try scroll()
        case "delete":
            return .deleteRow(try row(after: "'delete'"))
        case "move":
            let source = try row(after: "'move'")
            try keyword("to", after: "the row to move")
            guard current?.isKeyword("row") == true else {
                let hint = current.flatMap { Self.isNumber($0) ? "write 'to row \($0.text)'" : nil }
                throw failure(expected: "'row' and a number after 'to', like 'to row 3'", hint: hint)
            }
            advance()
            let destination = try rowPosition()
            if current?.isKeyword("in") == true || current?.isKeyword("of") == true {
                throw failure(expected: "the end of the line", hint: "a row moves within its table: name the table with the first row, as in move row 0 in Items to row 3")
            }
            return .moveRow(source, to: destination)
        case "pick":
            let date = try self.date(after: "'pick'")
            if current?.isKeyword("into") == true { throw failure(expected: "'in' or the end of the line after the date", hint: "write 'in': pick 2026-11-22 09:30 in Due") }
            return .pick(date, in: try optionalIn(what: "the date picker: an identifier like Due"))
        case "slide":
            var slider: ElementReference?
            if current?.isKeyword("to") != true {
                slider = try element(after: "'slide'", rows: false, what: "the slider (an identifier like Volume), or 'to'")
            }
            try keyword("to", after: slider == nil ? "'slide'" : "the slider")
            let value = try number(after: "'to'", what: "the slider's new value", range: -Self.numberLimit ... Self.numberLimit)
            return .slide(slider, to: value)
        case "choose":
            if optionalKeyword("tab") {
                return .chooseTab(try choice(after: "'tab'", what: "a tab"))
            }
            let choice: Choice
            if optionalKeyword("segment") {
                choice = .index(try integer(after: "'segment'", what: "a segment number", range: 0 ... Self.maximumChoice, hint: "segments are counted from 0: the first is 'segment 0'"))
            } else if let token = current, token.kind == .string {
                choice = .title(try nonEmptyString(token))
            } else {
                throw failure(expected: "a segment's title in quotes, 'segment 2', or 'tab …' after 'choose'", hint: current.flatMap { $0.kind == .word && !Self.isNumber($0) ? "write choose \"\($0.text)\" in …" : nil })
            }
            return .chooseSegment(choice, in: try optionalIn(what: "the segmented control: an identifier like City"))
        case "go":
            if current?.isKeyword("home") == true { throw failure(expected: "'back' after 'go'", hint: "to leave the app, write 'press home'") }
            try keyword("back", after: "'go'")
            return .goBack
        case "dismiss":
            return .dismiss
        default:
            var hint = Vocabulary.insteadOf[word] ?? Suggestions.didYouMean(word, in: Vocabulary.firstWords)
            if hint == nil, Vocabulary.isBareIdentifier(first.text) {
                hint = "a line starts with what happens: tap \(first.text), expect \(first.text) is …"
            }
            throw LineFailure(
                column: first.column, length: first.length,
                message: "unknown step \(first.quoted)",
                expected: "a step such as launch, tap, type, press home, kill or expect",
                hint: hint)
        }
    }

    /// `in Element` at the end of a step, or nothing for the only control of its kind.
    private mutating func optionalIn(what: String) throws(LineFailure) -> ElementReference? {
        guard optionalKeyword("in") || optionalKeyword("of") else { return nil }
        return try element(after: "'in'", rows: false, what: what)
    }

    /// What `select`, `delete` and `move` act on: `row 2` (in a table), or a row by its text.
    private mutating func row(after context: String) throws(LineFailure) -> ElementReference {
        let start = current
        let what = "a row: 'row 2', or the row's text in quotes"
        let target = try element(after: context, rows: true, what: what)
        if case .identifier(let identifier) = target, let start {
            throw LineFailure(
                column: start.column, length: start.length,
                message: "expected \(what) after \(context), found the identifier \(ScenarioPrinter.format(target))",
                expected: what,
                hint: "a row is named by its position or by the text it shows; to tap an element with this identifier, write tap \(ScenarioPrinter.format(ElementReference.identifier(identifier)))")
        }
        return target
    }

    private mutating func into() throws(LineFailure) {
        if let token = current, token.isKeyword("in") || token.isKeyword("to") || token.isKeyword("on") {
            throw LineFailure(column: token.column, length: token.length, message: "expected 'into' after the text, found \(token.quoted)", expected: "'into'", hint: "did you mean 'into'?")
        }
        try keyword("into", after: "the text")
    }

    private mutating func scroll() throws(LineFailure) -> Action {
        var target: ElementReference?
        if current?.isKeyword("to") != true {
            target = try element(after: "'scroll'", rows: false, what: "the table or scroll view (an identifier like Items), or 'to'")
        }
        try keyword("to", after: target == nil ? "'scroll'" : "the table")
        if optionalKeyword("row") {
            let row = try rowPosition()
            if current?.isKeyword("in") == true || current?.isKeyword("of") == true {
                guard target == nil else {
                    throw failure(expected: "the end of the line", hint: "the table is named already, after 'scroll'")
                }
                advance()
                target = try element(after: "'in'", rows: false, what: "the table: an identifier like Items")
            }
            return .scroll(target, to: .row(row))
        }
        let (x, y) = try offset(after: "'to'")
        return .scroll(target, to: .offset(x: x, y: y))
    }

    // MARK: Expectations

    private mutating func expectation() throws(LineFailure) -> Expectation {
        guard let subject = current else {
            throw failure(expected: "what to expect after 'expect'", hint: "for example: expect screen shows \"Rusty Spork\", expect Name is \"Rusty Spork\", expect restored")
        }
        switch subject.keyword {
        case "screen", "snapshot":
            advance()
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
        case "log":
            advance()
            if optionalKeyword("contains") {
                return .logContains(try logText(after: "'contains'"))
            }
            if optionalKeyword("does") {
                try keyword("not", after: "'does'")
                try keyword("contain", after: "'does not'")
                return .logDoesNotContain(try logText(after: "'contain'"))
            }
            throw failure(expected: "'contains' or 'does not contain' after 'log'", hint: suggestion(among: ["contains", "does"]))
        case "archive":
            advance()
            if optionalKeyword("has") { return .archiveHas(try archiveEntry(after: "'has'")) }
            if optionalKeyword("does") {
                try keyword("not", after: "'does'")
                try keyword("have", after: "'does not'")
                return .archiveDoesNotHave(try archiveEntry(after: "'have'"))
            }
            throw failure(expected: "'has' or 'does not have' after 'archive'", hint: suggestion(among: ["has", "does"]))
        case "no":
            advance()
            if optionalKeyword("archive") { return .noArchive }
            if optionalKeyword("flicker") { return .noFlicker }
            throw failure(expected: "'archive' or 'flicker' after 'no'", hint: suggestion(among: ["archive", "flicker"]))
        case "restored":
            advance()
            return .restored
        case "lost":
            advance()
            guard let token = current, token.kind == .string else { return .lost(nil) }
            return .lost(try nonEmptyString(token))
        case "flicker":
            advance()
            return .flicker
        case "fresh":
            advance()
            try keyword("launch", after: "'fresh'")
            return .freshLaunch
        case "crash":
            advance()
            guard let token = current, token.kind == .string else { return .crashed(nil) }
            return .crashed(try nonEmptyString(token))
        case "selected":
            advance()
            try keyword("tab", after: "'selected'")
            try keyword("is", after: "'selected tab'")
            return .selectedTab(try choice(after: "'is'", what: "a tab"))
        case "nothing":
            throw LineFailure(
                column: subject.column, length: subject.length,
                message: "unknown expectation \(subject.quoted)",
                expected: "an expectation such as restored, lost, screen shows …",
                hint: "write 'expect restored': it fails, listing what was lost, when the screen did not come back as the user left it")
        default:
            let target = try element(after: "'expect'", rows: true, what: "what to expect: screen, log, archive, restored, lost, flicker, fresh launch, or an element such as Name")
            guard optionalKeyword("is") else {
                var hint: String?
                if subject.kind == .word, case .identifier = target,
                   let near = Suggestions.nearest(to: subject.text, in: Vocabulary.expectationSubjects) {
                    hint = "did you mean 'expect \(near)'?"
                    throw LineFailure(column: subject.column, length: subject.length, message: "unknown expectation \(subject.quoted)", expected: "screen, snapshot, log, archive, no, restored, lost, flicker, fresh launch, selected tab, or an element followed by 'is'", hint: hint)
                }
                hint = suggestion(among: ["is"])
                throw failure(expected: "'is' or 'is not' after the element", hint: hint)
            }
            if optionalKeyword("not") { return .elementIsNot(target, try value()) }
            return .elementIs(target, try value())
        }
    }

    private mutating func logText(after context: String) throws(LineFailure) -> String {
        guard let token = current, token.kind == .string else {
            throw failure(expected: "the text of a log line, in quotes, after \(context)")
        }
        return try nonEmptyString(token)
    }

    private mutating func archiveEntry(after context: String) throws(LineFailure) -> ArchiveEntry {
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
    private mutating func identifierPath(after context: String) throws(LineFailure) -> String {
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

    private mutating func value() throws(LineFailure) -> ExpectedValue {
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

    // MARK: Header lines

    private mutating func header(_ key: String) throws(LineFailure) -> HeaderLine {
        switch key {
        case "scenario":
            guard let token = current, token.kind == .string else {
                throw failure(expected: "the scenario's name in quotes after 'scenario'", hint: current.map { _ in "write scenario \"Edit an item and come back\"" })
            }
            let name = try nonEmptyString(token)
            guard name.count <= 200 else {
                throw LineFailure(column: token.column, length: token.length, message: "the scenario's name has \(name.count) characters; 200 at most", expected: "a short name")
            }
            return .name(name)
        case "app":
            guard let token = current else { throw failure(expected: "the app's name after 'app', like homepwner-step5") }
            if token.kind == .string { return .app(try nonEmptyString(token)) }
            guard token.kind == .word, Self.isName(token.text) else {
                throw failure(expected: "the app's name after 'app': letters, digits, '-', '_' and '.', or a name in quotes")
            }
            advance()
            return .app(token.text)
        case "tags":
            var tags: [String] = []
            while let token = current {
                if token.kind == .punctuation, token.text == ",", !tags.isEmpty {
                    advance()
                    continue
                }
                guard token.kind == .word, Self.isName(token.text) else {
                    throw failure(expected: "a tag: letters, digits, '-' and '_', tags separated by commas")
                }
                if !tags.contains(token.text) { tags.append(token.text) }
                advance()
            }
            guard !tags.isEmpty else { throw failure(expected: "at least one tag after 'tags', like 'tags editing, text-field'") }
            return .tags(tags)
        case "points":
            return .points(try integer(after: "'points'", what: "how many points the scenario is worth", range: 0 ... 1000))
        default:
            return .hidden
        }
    }

    static func isName(_ text: String) -> Bool {
        !text.isEmpty && text.count <= 100 && text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." }
    }

    // MARK: Elements

    private mutating func element(after context: String, rows: Bool, what: String? = nil) throws(LineFailure) -> ElementReference {
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

    private mutating func rowPosition() throws(LineFailure) -> RowPosition {
        var hint = "rows are counted from 0: the first row is 'row 0'"
        if let word = current?.keyword, let number = Vocabulary.numberWords.firstIndex(of: word) { hint = "write the number in digits: 'row \(number)'" }
        let row = try integer(after: "'row'", what: "a number", range: 0 ... Self.maximumRow, hint: hint)
        guard optionalKeyword("section") else { return RowPosition(row: row) }
        let section = try integer(after: "'section'", what: "a number", range: 0 ... Self.maximumSection, hint: "sections are counted from 0: the first is 'section 0'")
        return RowPosition(row: row, section: section)
    }

    private mutating func choice(after context: String, what: String) throws(LineFailure) -> Choice {
        if let token = current, token.kind == .string { return .title(try nonEmptyString(token)) }
        if let token = current, Self.isNumber(token) {
            return .index(try integer(after: context, what: "\(what) number", range: 0 ... Self.maximumChoice, hint: "\(what)s are counted from 0: the first is 0"))
        }
        throw failure(expected: "\(what)'s title in quotes, or its number (from 0), after \(context)", hint: current.flatMap { $0.kind == .word ? "write \"\($0.text)\"" : nil })
    }

    // MARK: Values

    private mutating func string(after context: String, what: String, hint: String? = nil) throws(LineFailure) -> String {
        guard let token = current, token.kind == .string else { throw failure(expected: "\(what) after \(context)", hint: hint) }
        advance()
        return token.text
    }

    /// A quoted text that names something, so may not be empty.
    private mutating func nonEmptyString(_ token: Token) throws(LineFailure) -> String {
        guard !token.text.isEmpty else {
            throw LineFailure(column: token.column, length: token.length, message: "an empty text \"\" names nothing", expected: "a text in quotes with at least one character")
        }
        advance()
        return token.text
    }

    static func isNumber(_ token: Token) -> Bool {
        token.kind == .word && numberParts(token.text) != nil
    }

    /// `-12.5` as sign, whole digits and decimals; `nil` unless the text is a plain decimal.
    static func numberParts(_ text: String) -> (negative: Bool, whole: Substring, decimals: Substring)? {
        var rest = Substring(text)
        let negative = rest.first == "-"
        if negative || rest.first == "+" { rest = rest.dropFirst() }
        let parts = rest.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, !whole.isEmpty, whole.allSatisfy(\.isASCIIDigit) else { return nil }
        let decimals = parts.count == 2 ? parts[1] : ""
        if parts.count == 2, decimals.isEmpty || !decimals.allSatisfy(\.isASCIIDigit) { return nil }
        return (negative, whole, decimals)
    }

    private mutating func integer(after context: String, what: String, range: ClosedRange<Int>, hint: String? = nil) throws(LineFailure) -> Int {
        guard let token = current, let parts = Self.numberParts(token.text), token.kind == .word else {
            throw failure(expected: "\(what) after \(context)", hint: hint)
        }
        guard parts.decimals.isEmpty else {
            throw LineFailure(column: token.column, length: token.length, message: "expected a whole number after \(context), found \(token.quoted)", expected: "a whole number from \(range.lowerBound) to \(range.upperBound)", hint: hint)
        }
        let digits = parts.whole.drop { $0 == "0" }
        let magnitude = digits.count > 9 ? Int.max : Int(digits) ?? 0
        let value = parts.negative ? -magnitude : magnitude
        guard range.contains(value) else {
            throw LineFailure(column: token.column, length: token.length, message: "\(token.text) is out of range after \(context): expected \(what) from \(range.lowerBound) to \(range.upperBound)", expected: "a whole number from \(range.lowerBound) to \(range.upperBound)", hint: parts.negative ? hint : nil)
        }
        advance()
        return value
    }

    private mutating func number(after context: String, what: String, range: ClosedRange<Double>) throws(LineFailure) -> Double {
        let bounds = "from \(ScenarioPrinter.format(range.lowerBound)) to \(ScenarioPrinter.format(range.upperBound))"
        guard let token = current, token.kind == .word, let parts = Self.numberParts(token.text) else {
            var hint: String?
            if let word = current?.keyword, ["nan", "inf", "infinity", "-inf"].contains(word) { hint = "only plain decimal numbers, like 0.8" }
            if let word = current?.text, word.contains("e") || word.contains("E"), Double(word) != nil { hint = "write the number out in full, without an exponent" }
            throw LineFailure(column: current?.column ?? endColumn, length: current?.length ?? 1, message: "expected a number after \(context), found \(found)", expected: "\(what): a plain decimal number like 0.8", hint: hint)
        }
        guard parts.decimals.count <= Self.maximumDecimals, parts.whole.drop(while: { $0 == "0" }).count <= 9 else {
            throw LineFailure(column: token.column, length: token.length, message: "\(token.text) is out of range after \(context): expected \(what) \(bounds), with at most \(Self.maximumDecimals) decimals", expected: "a number \(bounds)")
        }
        guard let value = Double(token.text), range.contains(value) else {
            throw LineFailure(column: token.column, length: token.length, message: "\(token.text) is out of range after \(context): expected \(what) \(bounds)", expected: "a number \(bounds)")
        }
        advance()
        return value == 0 ? 0 : value  // no negative zero
    }

    /// `240` (down), `10, 240` or `(10, 240)`: a content offset in points.
    private mutating func offset(after context: String) throws(LineFailure) -> (Double, Double) {
        let range = -Self.numberLimit ... Self.numberLimit
        if current?.kind == .punctuation, current?.text == "(" {
            advance()
            let x = try number(after: "'('", what: "the horizontal offset", range: range)
            try punctuation(",", after: "the horizontal offset")
            let y = try number(after: "','", what: "the vertical offset", range: range)
            try punctuation(")", after: "the vertical offset")
            return (x, y)
        }
        let first = try number(after: context, what: "an offset in points (240, or (0, 240))", range: range)
        guard current?.kind == .punctuation, current?.text == "," else { return (0, first) }
        advance()
        return (first, try number(after: "','", what: "the vertical offset", range: range))
    }

    private mutating func punctuation(_ mark: String, after context: String) throws(LineFailure) {
        guard let token = current, token.kind == .punctuation, token.text == mark else {
            throw failure(expected: "'\(mark)' after \(context)")
        }
        advance()
    }

    private mutating func version() throws(LineFailure) -> String {
        guard let token = current else { throw failure(expected: "the new version after 'version', like 2 or 2.1") }
        if token.kind == .string {
            let text = try nonEmptyString(token)
            guard text.count <= 64 else {
                throw LineFailure(column: token.column, length: token.length, message: "the version has \(text.count) characters; 64 at most", expected: "a version like 2 or 2.1")
            }
            return text
        }
        guard token.kind == .word, Self.isVersion(token.text) else {
            throw failure(expected: "the new version after 'version': numbers joined by dots, like 2 or 2.1.0, or any version in quotes")
        }
        advance()
        return token.text
    }

    static func isVersion(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return (1 ... 4).contains(parts.count) && parts.allSatisfy { !$0.isEmpty && $0.count <= 6 && $0.allSatisfy(\.isASCIIDigit) }
    }

    private mutating func duration() throws(LineFailure) -> ScenarioDuration {
        let amountToken = current
        if let token = amountToken, let parts = Self.numberParts(token.text), !parts.decimals.isEmpty {
            throw LineFailure(column: token.column, length: token.length, message: "expected a whole number after 'wait', found \(token.quoted)", expected: "a whole number of seconds, minutes, hours or days", hint: "write a smaller unit: 90 seconds, not 1.5 minutes")
        }
        let amount = try integer(after: "'wait'", what: "how long (a whole number)", range: 1 ... Self.maximumWait, hint: "time only moves forward")
        let units: [String: ScenarioDuration.Unit] = [
            "second": .seconds, "seconds": .seconds, "minute": .minutes, "minutes": .minutes,
            "hour": .hours, "hours": .hours, "day": .days, "days": .days,
        ]
        guard let word = current?.keyword, let unit = units[word] else {
            let abbreviations = ["s": "seconds", "sec": "seconds", "secs": "seconds", "m": "minutes", "min": "minutes", "mins": "minutes", "h": "hours", "hr": "hours", "hrs": "hours", "d": "days"]
            let hint = current?.keyword.flatMap { abbreviations[$0].map { "write '\($0)' in full" } } ?? suggestion(among: ["seconds", "minutes", "hours", "days", "second", "minute", "hour", "day"])
            throw failure(expected: "a unit (seconds, minutes, hours or days) after the number", hint: hint)
        }
        guard amount * unit.seconds <= Self.maximumWait else {
            throw LineFailure(column: amountToken?.column ?? 1, length: amountToken?.length ?? 1, message: "a wait of \(amount) \(unit.rawValue) is too long: 30 days at most", expected: "a wait of at most 30 days")
        }
        advance()
        return ScenarioDuration(amount, unit)
    }

    static func looksLikeDate(_ text: String) -> Bool {
        let characters = Array(text.prefix(5))
        return characters.count == 5 && characters[0 ..< 4].allSatisfy(\.isASCIIDigit) && characters[4] == "-"
    }

    /// `2026-11-22`, `2026-11-22 09:30`, `2026-11-22 09:30:15`, `2026-11-22T09:30Z`, optionally
    /// followed by `UTC`. Every part is checked, and an error points at the part that is wrong.
    private mutating func date(after context: String) throws(LineFailure) -> ScenarioDate {
        let example = "a date like 2026-11-22 09:30 (UTC)"
        guard let token = current, token.kind == .word, Self.looksLikeDate(token.text) else {
            var hint: String?
            if let text = current?.text, text.hasPrefix("+") || text.hasPrefix("-") || ["now", "today", "tomorrow", "yesterday"].contains(text.lowercased()) {
                hint = "dates are written in full and in UTC, so every run is the same; to let time pass, use 'wait'"
            } else if current?.kind == .string {
                hint = "write the date without quotes: 2026-11-22 09:30"
            } else if let text = current?.text, Vocabulary.isBareIdentifier(text), context == "'pick'" {
                hint = "the date comes first: pick 2026-11-22 09:30 in \(text)"
            }
            throw failure(expected: "\(example) after \(context)", hint: hint)
        }
        advance()
        var datePart = Substring(token.text)
        var timePart: Substring?
        var timeColumn = token.column + 11
        var timeLength = 0
        if let t = datePart.firstIndex(where: { $0 == "T" || $0 == "t" }) {
            timePart = datePart[datePart.index(after: t)...]
            datePart = datePart[..<t]
            if timePart?.last == "Z" || timePart?.last == "z" { timePart = timePart?.dropLast() }
            timeLength = timePart?.count ?? 0
        } else if let next = current, next.kind == .word, next.text.contains(":"), next.text.first?.isASCIIDigit == true {
            timePart = Substring(next.text)
            timeColumn = next.column
            timeLength = next.length
            advance()
        }

        let dateFields = datePart.split(separator: "-", omittingEmptySubsequences: false)
        guard dateFields.count == 3, dateFields[0].count == 4, dateFields[1].count == 2, dateFields[2].count == 2,
              dateFields.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }) else {
            throw LineFailure(column: token.column, length: token.length, message: "expected \(example) after \(context), found \(token.quoted)", expected: "year-month-day, with two digits for the month and the day: 2026-03-07")
        }
        let year = Int(dateFields[0])!, month = Int(dateFields[1])!, day = Int(dateFields[2])!
        guard ScenarioDate.years.contains(year) else {
            throw LineFailure(column: token.column, length: 4, message: "the year 0000 does not exist", expected: "a year from 0001 to 9999")
        }
        guard (1 ... 12).contains(month) else {
            throw LineFailure(column: token.column + 5, length: 2, message: "there is no month \(dateFields[1]); months go from 01 to 12", expected: "a month from 01 to 12")
        }
        let days = ScenarioDate.daysIn(month: month, year: year)
        guard (1 ... days).contains(day) else {
            throw LineFailure(column: token.column + 8, length: 2, message: "\(Self.monthNames[month - 1]) \(year) has no day \(dateFields[2]); it has \(days) days", expected: "a day from 01 to \(days)")
        }

        var hour = 0, minute = 0, second = 0
        if let timePart {
            let fields = timePart.split(separator: ":", omittingEmptySubsequences: false)
            guard (2 ... 3).contains(fields.count), fields.allSatisfy({ (1 ... 2).contains($0.count) && $0.allSatisfy(\.isASCIIDigit) }) else {
                throw LineFailure(column: timeColumn, length: max(1, timeLength), message: "expected a time like 09:30 or 09:30:15 after the date, found \"\(timePart)\"", expected: "hours:minutes, in UTC")
            }
            hour = Int(fields[0])!
            minute = Int(fields[1])!
            second = fields.count == 3 ? Int(fields[2])! : 0
            guard hour <= 23 else {
                throw LineFailure(column: timeColumn, length: fields[0].count, message: "there is no hour \(fields[0]); hours go from 00 to 23", expected: "an hour from 00 to 23")
            }
            guard minute <= 59 else {
                throw LineFailure(column: timeColumn + fields[0].count + 1, length: fields[1].count, message: "there is no minute \(fields[1]); minutes go from 00 to 59", expected: "a minute from 00 to 59")
            }
            guard second <= 59 else {
                throw LineFailure(column: timeColumn + fields[0].count + fields[1].count + 2, length: fields[2].count, message: "there is no second \(fields[2]); seconds go from 00 to 59", expected: "a second from 00 to 59")
            }
        }
        if let zone = current, zone.kind == .word, !["in", "of", "is"].contains(zone.text.lowercased()) {
            if zone.isKeyword("utc") {
                advance()
            } else if zone.text.count <= 5, zone.text.count >= 2, zone.text.allSatisfy({ $0.isUppercase }) || zone.text.hasPrefix("+") {
                throw LineFailure(column: zone.column, length: zone.length, message: "dates in scenarios are always in UTC; found the time zone \(zone.quoted)", expected: "the time in UTC, with no zone (or the word UTC)", hint: "convert the time to UTC, so that every run is the same on every machine")
            }
        }
        return ScenarioDate(year: year, month: month, day: day, hour: hour, minute: minute, second: second)!
    }

    static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]

    // MARK: Tokens

    private var current: Token? { position < tokens.count ? tokens[position] : nil }

    private func peek(_ offset: Int) -> Token? {
        position + offset < tokens.count ? tokens[position + offset] : nil
    }

    private mutating func advance() { position += 1 }

    private mutating func optionalKeyword(_ word: String) -> Bool {
        guard current?.isKeyword(word) == true else { return false }
        advance()
        return true
    }

    private mutating func keyword(_ word: String, after context: String, hint: String? = nil) throws(LineFailure) {
        guard optionalKeyword(word) else {
            throw failure(expected: "'\(word)' after \(context)", hint: suggestion(among: [word]) ?? hint)
        }
    }

    /// `did you mean 'home'?` when the current word is a typo of one of `words`.
    private func suggestion(among words: [String]) -> String? {
        guard let word = current?.keyword else { return nil }
        return Suggestions.didYouMean(word, in: words)
    }

    private mutating func end() throws(LineFailure) {
        guard let token = current else { return }
        var hint = "a comment starts with #"
        if token.kind == .word, position > 0, tokens[position - 1].kind == .word, Vocabulary.isBareIdentifier(tokens[position - 1].text) {
            hint = "an identifier is one word; a title with spaces goes in quotes, as in \"Save Item\""
        }
        throw LineFailure(column: token.column, length: token.length, message: "unexpected \(token.quoted) after the end of the step", expected: "the end of the line", hint: hint)
    }

    /// `expected X, found Y` at the current token (or at the end of the line).
    private func failure(expected: String, hint: String? = nil) -> LineFailure {
        LineFailure(column: current?.column ?? endColumn, length: current?.length ?? 1, message: "expected \(expected), found \(found)", expected: expected, hint: hint)
    }

    /// How an error names what it found: the current token, or the end of the line.
    private var found: String { current?.quoted ?? "the end of the line" }

    /// The column just after the last token.
    private var endColumn: Int { tokens.last.map { $0.column + $0.length } ?? 1 }
}
