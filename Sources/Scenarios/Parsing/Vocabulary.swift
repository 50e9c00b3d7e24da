/// The words of the language, for suggestions and for knowing when an identifier must be
/// written `id "…"`.
enum Vocabulary {
    /// Words a step can start with: the parser's table of actions, and `expect`.
    static let stepWords = LineParser.actionRules.map(\.word) + ["expect"]

    /// Words a header line starts with.
    static let headerWords = ["scenario", "app", "tags", "points", "hidden", "developer"]

    static let firstWords = stepWords + headerWords

    /// What follows `expect` when the expectation is not about one element.
    static let expectationSubjects = LineParser.expectationRules.map(\.word)

    /// Words that start an element reference other than a bare identifier.
    static let elementIntroducers = ["row", "tab", "id"]

    /// Bare words that a printed identifier must not be, lest it read as a keyword where it
    /// stands: element introducers, `to` (after `scroll`), and what may follow `expect`.
    static let reservedForIdentifiers = Set(elementIntroducers + ["to", "nothing"] + expectationSubjects)

    /// Everyday words that are not steps, and what to write instead.
    static let insteadOf: [String: String] = [
        "relaunch": "write 'launch': a launch after 'kill' is a relaunch",
        "restart": "write 'kill' then 'launch' (after 'press home')",
        "open": "write 'launch' to start the app, or 'return to the app' to bring a suspended app back",
        "home": "write 'press home'",
        "background": "write 'press home': the app goes to the background",
        "foreground": "write 'return to the app'",
        "resume": "write 'return to the app'",
        "back": "write 'go back'",
        "quit": "write 'force quit' (the user swipes the app away) or 'kill' (the system ends a suspended app)",
        "terminate": "write 'kill' (the system ends a suspended app)",
        "click": "write 'tap'",
        "touch": "write 'tap'",
        "enter": "write type \"…\" into Field",
        "input": "write type \"…\" into Field",
        "write": "write type \"…\" into Field",
        "assert": "write 'expect'",
        "check": "write 'expect'",
        "verify": "write 'expect'",
        "sleep": "write 'wait', as in wait 5 minutes",
        "pause": "write 'wait', as in wait 5 minutes",
        "edit": "tap the Edit button: tap Edit",
        "swipe": "write 'delete row 2' to swipe a row away, or 'scroll' to drag a table",
        "drag": "write 'slide' for a slider, 'scroll' for a table, or 'move row 0 to row 3' for a row",
        "set": "write 'slide' for a slider, 'pick' for a date picker, 'toggle' for a switch, or 'type' for a field",
        "switch": "write 'toggle' for a switch, or 'choose tab …' for a tab",
        "close": "write 'dismiss' for a presented screen, or 'press home' to leave the app",
        "install": "write 'update to version 2'",
        "upgrade": "write 'update to version 2'",
    ]

    static let numberWords = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]

    /// Whether a word can stand as a bare identifier: a letter or `_` first, then letters,
    /// digits, `_`, `-` and `.`.
    static func isBareIdentifier(_ word: String) -> Bool {
        guard let first = word.first, first.isLetter || first == "_" else { return false }
        return word.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "." }
    }

    /// Whether the printer may write this identifier without `id "…"`.
    static func printsBare(_ identifier: String) -> Bool {
        isBareIdentifier(identifier) && !reservedForIdentifiers.contains(identifier.lowercased())
    }
}

extension Character {
    /// `0` to `9` only: other scripts' digits are not numbers in a scenario.
    var isASCIIDigit: Bool { ("0" ... "9").contains(self) && isASCII }
}
