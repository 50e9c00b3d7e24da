/// A mistake in a scenario file: where it is, what is wrong, what would be right, and a hint.
///
/// `description` reads like a compiler's message, so editors and terminals can jump to it:
///
/// ```
/// edit.scenario:7:12: error: expected a number after 'row', found "three"
/// edit.scenario:7:12: note: rows are counted from 0: the third row is 'row 2'
/// ```
public struct ScenarioError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Where the offending token starts.
    public var location: SourceLocation
    /// What is wrong, in one sentence.
    public var message: String
    /// What would have been right at that place (`a number, like 'row 2'`), when there is one.
    public var expected: String?
    /// A suggestion: the nearest keyword to a typo (`did you mean 'tap'?`), or a way out.
    public var hint: String?
    /// How many columns the offending token spans (at least 1), for underlining it.
    public var length: Int
    /// The line the error is on (without its line break), for showing it with a caret.
    public var sourceLine: String?

    public init(location: SourceLocation, message: String, expected: String? = nil, hint: String? = nil, length: Int = 1, sourceLine: String? = nil) {
        self.location = location
        self.message = message
        self.expected = expected
        self.hint = hint
        self.length = max(1, length)
        self.sourceLine = sourceLine
    }

    /// `file:line:column: error: message`, then the hint as a `note:` line.
    public var description: String {
        var text = "\(location): error: \(message)"
        if let hint { text += "\n\(location): note: \(hint)" }
        return text
    }

    /// The description with the offending line quoted and the token underlined:
    ///
    /// ```
    /// edit.scenario:3:1: error: unknown step "tpa"
    ///     tpa Save
    ///     ^~~
    /// edit.scenario:3:1: note: did you mean 'tap'?
    /// ```
    public var detailedDescription: String {
        var text = "\(location): error: \(message)"
        if let excerpt { text += "\n" + excerpt }
        if let hint { text += "\n\(location): note: \(hint)" }
        return text
    }

    /// The source line, indented, with a caret under the token; `nil` without a source line.
    /// Long lines are cut around the column so the excerpt stays readable.
    public var excerpt: String? {
        guard let sourceLine, location.line > 0, location.column > 0 else { return nil }
        let characters = Array(sourceLine.map { $0 == "\t" ? " " : $0 })
        var start = 0
        var end = characters.count
        let column = location.column - 1
        let window = 100
        if characters.count > window {
            start = max(0, min(column - window / 2, characters.count - window))
            end = min(characters.count, start + window)
        }
        let prefix = start > 0 ? "…" : ""
        let suffix = end < characters.count ? "…" : ""
        let shown = prefix + String(characters[start ..< end]) + suffix
        let caretColumn = prefix.count + max(0, column - start)
        let underline = "^" + String(repeating: "~", count: max(0, min(length, end - column) - 1))
        return "    " + shown + "\n    " + String(repeating: " ", count: caretColumn) + underline
    }
}

/// Every mistake found in one file, in the order of the file. Parsing reads the whole file and
/// reports them all (up to `ScenarioLimits.maximumErrors`), not just the first.
public struct ScenarioErrors: Error, Sendable, Equatable, CustomStringConvertible {
    public var errors: [ScenarioError]
    /// Whether parsing stopped because there were too many errors to list.
    public var isTruncated: Bool

    public init(_ errors: [ScenarioError], isTruncated: Bool = false) {
        self.errors = errors
        self.isTruncated = isTruncated
    }

    /// One error (with its note) after another, then how many there were.
    public var description: String { render(\.description) }

    /// Like `description`, each error with its line quoted and underlined.
    public var detailedDescription: String { render(\.detailedDescription) }

    private func render(_ text: (ScenarioError) -> String) -> String {
        var lines = errors.map(text)
        if isTruncated {
            lines.append("stopped after \(errors.count) errors; fix these and try again")
        } else if errors.count > 1 {
            lines.append("\(errors.count) errors")
        }
        return lines.joined(separator: "\n")
    }
}

/// The limits that keep a mistaken or hostile file from costing much: past them, the parser
/// reports an error saying which limit was reached.
public enum ScenarioLimits {
    /// The largest file read, in bytes of UTF-8.
    public static let maximumFileBytes = 4_000_000
    /// The longest line, in characters.
    public static let maximumLineLength = 10_000
    /// The most steps (actions and expectations) in one scenario.
    public static let maximumSteps = 10_000
    /// The most errors listed before parsing stops.
    public static let maximumErrors = 100
}
