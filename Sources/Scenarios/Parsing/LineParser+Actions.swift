/// Steps that do something: the app's life (launch, Home, kill…) and what a user does on screen.
extension LineParser {
    /// Every word a step can start with but `expect`, in the order suggestions weigh them, and
    /// how the rest of its line is read: the language's vocabulary (`Vocabulary.stepWords`) and
    /// the parser's dispatch are this one table.
    static let actionRules: [(word: String, rest: @Sendable (inout LineParser) throws(LineFailure) -> Action)] = [
        ("launch", { _ in .launch }),
        ("press", { (parser: inout LineParser) throws(LineFailure) in try parser.pressHomeStep() }),
        ("return", { (parser: inout LineParser) throws(LineFailure) in try parser.returnToAppStep() }),
        ("kill", { _ in .kill }),
        ("force", { (parser: inout LineParser) throws(LineFailure) in try parser.forceQuitStep() }),
        ("crash", { (parser: inout LineParser) throws(LineFailure) in try parser.crashStep() }),
        ("update", { (parser: inout LineParser) throws(LineFailure) in try parser.updateStep() }),
        ("wait", { (parser: inout LineParser) throws(LineFailure) in try parser.waitStep() }),
        ("fill", { (parser: inout LineParser) throws(LineFailure) in try parser.fillDiskStep() }),
        ("tap", { (parser: inout LineParser) throws(LineFailure) in try parser.tapStep() }),
        ("type", { (parser: inout LineParser) throws(LineFailure) in try parser.typeStep() }),
        ("clear", { (parser: inout LineParser) throws(LineFailure) in try parser.clearStep() }),
        ("toggle", { (parser: inout LineParser) throws(LineFailure) in try parser.toggleStep() }),
        ("select", { (parser: inout LineParser) throws(LineFailure) in try parser.selectStep() }),
        ("scroll", { (parser: inout LineParser) throws(LineFailure) in try parser.scrollStep() }),
        ("delete", { (parser: inout LineParser) throws(LineFailure) in try parser.deleteStep() }),
        ("move", { (parser: inout LineParser) throws(LineFailure) in try parser.moveStep() }),
        ("pick", { (parser: inout LineParser) throws(LineFailure) in try parser.pickStep() }),
        ("slide", { (parser: inout LineParser) throws(LineFailure) in try parser.slideStep() }),
        ("choose", { (parser: inout LineParser) throws(LineFailure) in try parser.chooseStep() }),
        ("go", { (parser: inout LineParser) throws(LineFailure) in try parser.goBackStep() }),
        ("dismiss", { _ in .dismiss }),
    ]

    mutating func action(_ word: String, token first: Token) throws(LineFailure) -> Action {
        if let rule = Self.actionRules.first(where: { $0.word == word }) { return try rule.rest(&self) }
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

    /// The rest of a step that starts with `press`.
    mutating func pressHomeStep() throws(LineFailure) -> Action {
        if current?.isKeyword("return") == true || current?.isKeyword("enter") == true {
            throw failure(expected: "'home' after 'press'", hint: "the return key is typed as \\n at the end of the text: type \"Rusty Spork\\n\" into Name")
        }
        try keyword("home", after: "'press'", hint: current?.keyword.map { _ in "to tap a button, write 'tap'" })
        return .pressHome
    }

    /// The rest of a step that starts with `return`.
    mutating func returnToAppStep() throws(LineFailure) -> Action {
        guard current != nil else {
            throw failure(expected: "'to the app' after 'return'", hint: "to press the return key, end typed text with \\n: type \"Rusty Spork\\n\" into Name")
        }
        try keyword("to", after: "'return'")
        _ = optionalKeyword("the")
        try keyword("app", after: "'return to the'")
        return .returnToApp
    }

    /// The rest of a step that starts with `force`.
    mutating func forceQuitStep() throws(LineFailure) -> Action {
        try keyword("quit", after: "'force'")
        return .forceQuit
    }

    /// The rest of a step that starts with `crash`.
    mutating func crashStep() throws(LineFailure) -> Action {
        guard optionalKeyword("during") else { return .crash }
        try keyword("restoration", after: "'crash during'")
        return .crashDuringRestoration
    }

    /// The rest of a step that starts with `update`.
    mutating func updateStep() throws(LineFailure) -> Action {
        try keyword("to", after: "'update'")
        try keyword("version", after: "'update to'")
        return .update(version: try version())
    }

    /// The rest of a step that starts with `fill`.
    mutating func fillDiskStep() throws(LineFailure) -> Action {
        _ = optionalKeyword("the")
        try keyword("disk", after: "'fill the'", hint: "to put text into a field, write type \"…\" into Field")
        return .fillDisk
    }

    /// The rest of a step that starts with `wait`.
    mutating func waitStep() throws(LineFailure) -> Action {
        return .wait(try duration())
    }

    /// The rest of a step that starts with `tap`.
    mutating func tapStep() throws(LineFailure) -> Action {
        if current?.isKeyword("tab") == true, let next = peek(1), next.kind == .string || Self.isNumber(next) {
            advance()
            return .chooseTab(try choice(after: "'tab'", what: "a tab"))
        }
        return .tap(try element(after: "'tap'", rows: true))
    }

    /// The rest of a step that starts with `type`.
    mutating func typeStep() throws(LineFailure) -> Action {
        let text = try string(after: "'type'", what: "the text to type (in double quotes)", hint: current.map { token in
            token.kind == .word ? "typed text goes in double quotes: type \"\(token.text)\" into Name" : nil
        } ?? nil)
        try into()
        return .type(text, into: try element(after: "'into'", rows: false, what: "the field: an identifier like Name, or its placeholder in quotes"))
    }

    /// The rest of a step that starts with `clear`.
    mutating func clearStep() throws(LineFailure) -> Action {
        return .clear(try element(after: "'clear'", rows: false, what: "the field: an identifier like Name, or its placeholder in quotes"))
    }

    /// The rest of a step that starts with `toggle`.
    mutating func toggleStep() throws(LineFailure) -> Action {
        if current?.isKeyword("editing") == true, peek(1) == nil {
            throw LineFailure(
                column: current!.column, length: current!.length,
                message: "'toggle' flips a switch; editing mode is turned on and off with the screen's Edit button",
                expected: "a switch: an identifier like Notifications, or its label in quotes",
                hint: "write 'tap Edit' (and 'tap Done' to leave editing), as a user would; if the identifier really is 'editing', write id \"editing\"")
        }
        return .toggle(try element(after: "'toggle'", rows: false, what: "a switch: an identifier like Notifications, or its label in quotes"))
    }

    /// The rest of a step that starts with `select`.
    mutating func selectStep() throws(LineFailure) -> Action {
        return .select(try row(after: "'select'"))
    }

    /// The rest of a step that starts with `scroll`.
    mutating func scrollStep() throws(LineFailure) -> Action {
        return try scroll()
    }

    /// The rest of a step that starts with `delete`.
    mutating func deleteStep() throws(LineFailure) -> Action {
        return .deleteRow(try row(after: "'delete'"))
    }

    /// The rest of a step that starts with `move`.
    mutating func moveStep() throws(LineFailure) -> Action {
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
    }

    /// The rest of a step that starts with `pick`.
    mutating func pickStep() throws(LineFailure) -> Action {
        let date = try self.date(after: "'pick'")
        if current?.isKeyword("into") == true { throw failure(expected: "'in' or the end of the line after the date", hint: "write 'in': pick 2026-11-22 09:30 in Due") }
        return .pick(date, in: try optionalIn(what: "the date picker: an identifier like Due"))
    }

    /// The rest of a step that starts with `slide`.
    mutating func slideStep() throws(LineFailure) -> Action {
        var slider: ElementReference?
        if current?.isKeyword("to") != true {
            slider = try element(after: "'slide'", rows: false, what: "the slider (an identifier like Volume), or 'to'")
        }
        try keyword("to", after: slider == nil ? "'slide'" : "the slider")
        let value = try number(after: "'to'", what: "the slider's new value", range: -Self.numberLimit ... Self.numberLimit)
        return .slide(slider, to: value)
    }

    /// The rest of a step that starts with `choose`.
    mutating func chooseStep() throws(LineFailure) -> Action {
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
    }

    /// The rest of a step that starts with `go`.
    mutating func goBackStep() throws(LineFailure) -> Action {
        if current?.isKeyword("home") == true { throw failure(expected: "'back' after 'go'", hint: "to leave the app, write 'press home'") }
        try keyword("back", after: "'go'")
        return .goBack
    }

    /// `in Element` at the end of a step, or nothing for the only control of its kind.
    mutating func optionalIn(what: String) throws(LineFailure) -> ElementReference? {
        guard optionalKeyword("in") || optionalKeyword("of") else { return nil }
        return try element(after: "'in'", rows: false, what: what)
    }

    /// What `select`, `delete` and `move` act on: `row 2` (in a table), or a row by its text.
    mutating func row(after context: String) throws(LineFailure) -> ElementReference {
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

    mutating func into() throws(LineFailure) {
        if let token = current, token.isKeyword("in") || token.isKeyword("to") || token.isKeyword("on") {
            throw LineFailure(column: token.column, length: token.length, message: "expected 'into' after the text, found \(token.quoted)", expected: "'into'", hint: "did you mean 'into'?")
        }
        try keyword("into", after: "the text")
    }

    mutating func scroll() throws(LineFailure) -> Action {
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
}
