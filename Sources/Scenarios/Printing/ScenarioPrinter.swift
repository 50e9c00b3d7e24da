import Foundation

/// Writes scenarios and steps back as text, in one canonical spelling: lower-case keywords,
/// identifiers bare when they can be, titles quoted, numbers without trailing zeros.
/// Parsing what it prints gives back the same steps, and printing is idempotent.
///
/// Names and steps are printed separately, so a checker can name a hidden scenario without
/// revealing what it does: print `scenario.name`, never `format(scenario)` or a step.
public enum ScenarioPrinter {
    /// The whole scenario as a file: the header lines, a blank line, then one step a line.
    public static func format(_ scenario: Scenario) -> String {
        var lines = ["scenario \(quote(scenario.name))"]
        lines += headerLines(scenario.metadata)
        lines.append("")
        lines += scenario.steps.map { format($0.kind) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The metadata as header lines (`app …`, `tags …`, `points …`, `hidden`, `developer mode`), in that order.
    public static func headerLines(_ metadata: ScenarioMetadata) -> [String] {
        var lines: [String] = []
        if let app = metadata.app { lines.append("app " + (LineParser.isName(app) ? app : quote(app))) }
        if !metadata.tags.isEmpty { lines.append("tags " + metadata.tags.joined(separator: ", ")) }
        if let points = metadata.points { lines.append("points \(points)") }
        if metadata.isHidden { lines.append("hidden") }
        if metadata.developerMode { lines.append("developer mode") }
        return lines
    }

    public static func format(_ kind: Step.Kind) -> String {
        switch kind {
        case .perform(let action): return format(action)
        case .expect(let expectation): return format(expectation)
        }
    }

    public static func format(_ action: Action) -> String {
        switch action {
        case .launch: return "launch"
        case .pressHome: return "press home"
        case .returnToApp: return "return to the app"
        case .kill: return "kill"
        case .forceQuit: return "force quit"
        case .crash: return "crash"
        case .crashDuringRestoration: return "crash during restoration"
        case .fillDisk: return "fill the disk"
        case .update(let version): return "update to version " + (LineParser.isVersion(version) ? version : quote(version))
        case .wait(let duration): return "wait \(duration)"
        case .tap(let element): return "tap \(format(element))"
        case .type(let text, let element): return "type \(quote(text)) into \(format(element))"
        case .clear(let element): return "clear \(format(element))"
        case .toggle(let element): return "toggle \(format(element))"
        case .select(let element): return "select \(format(element))"
        case .scroll(let element, let target):
            return "scroll " + (element.map { format($0) + " " } ?? "") + "to " + format(target)
        case .deleteRow(let element): return "delete \(format(element))"
        case .moveRow(let element, let destination): return "move \(format(element)) to \(format(destination))"
        case .pick(let date, let element): return "pick \(date)" + inElement(element)
        case .slide(let element, let value): return "slide " + (element.map { format($0) + " " } ?? "") + "to \(format(value))"
        case .chooseSegment(.index(let index), let element): return "choose segment \(index)" + inElement(element)
        case .chooseSegment(.title(let title), let element): return "choose \(quote(title))" + inElement(element)
        case .chooseTab(let choice): return "choose tab \(format(choice))"
        case .goBack: return "go back"
        case .dismiss: return "dismiss"
        }
    }

    public static func format(_ expectation: Expectation) -> String {
        switch expectation {
        case .screenShows(let element): return "expect screen shows \(format(element))"
        case .screenDoesNotShow(let element): return "expect screen does not show \(format(element))"
        case .snapshotShows(let element): return "expect snapshot shows \(format(element))"
        case .snapshotDoesNotShow(let element): return "expect snapshot does not show \(format(element))"
        case .elementIs(let element, let value): return "expect \(format(element)) is \(format(value))"
        case .elementIsNot(let element, let value): return "expect \(format(element)) is not \(format(value))"
        case .selectedTab(let choice): return "expect selected tab is \(format(choice))"
        case .logContains(let text): return "expect log contains \(quote(text))"
        case .logDoesNotContain(let text): return "expect log does not contain \(quote(text))"
        case .causeContains(let text): return "expect cause contains \(quote(text))"
        case .causeDoesNotContain(let text): return "expect cause does not contain \(quote(text))"
        case .archiveHas(let entry): return "expect archive has \(format(entry))"
        case .archiveDoesNotHave(let entry): return "expect archive does not have \(format(entry))"
        case .noArchive: return "expect no archive"
        case .restored: return "expect restored"
        case .lost(nil): return "expect lost"
        case .lost(let detail?): return "expect lost \(quote(detail))"
        case .flicker: return "expect flicker"
        case .noFlicker: return "expect no flicker"
        case .freshLaunch: return "expect fresh launch"
        case .crashed(nil): return "expect crash"
        case .crashed(let detail?): return "expect crash \(quote(detail))"
        }
    }

    public static func format(_ element: ElementReference) -> String {
        switch element {
        case .identifier(let identifier):
            return Vocabulary.printsBare(identifier) ? identifier : "id \(quote(identifier))"
        case .title(let title):
            return quote(title)
        case .row(let position, let table):
            return format(position) + (table.map { " in " + format($0) } ?? "")
        }
    }

    public static func format(_ position: RowPosition) -> String {
        position.section == 0 ? "row \(position.row)" : "row \(position.row) section \(position.section)"
    }

    public static func format(_ choice: Choice) -> String {
        switch choice {
        case .index(let index): return String(index)
        case .title(let title): return quote(title)
        }
    }

    public static func format(_ target: ScrollTarget) -> String {
        switch target {
        case .offset(let x, let y): return format(x: x, y: y)
        case .row(let position): return format(position)
        }
    }

    public static func format(_ value: ExpectedValue) -> String {
        switch value {
        case .text(let text): return quote(text)
        case .number(let number): return format(number)
        case .date(let date): return date.description
        case .scrolled(let x, let y): return "scrolled to " + format(x: x, y: y)
        case .state(let state): return state.rawValue
        }
    }

    public static func format(_ entry: ArchiveEntry) -> String {
        switch entry {
        case .key(let key, nil): return quote(key)
        case .key(let key, let path?): return "\(quote(key)) at \(quote(path))"
        case .path(let path): return "path \(quote(path))"
        }
    }

    /// ` in City`, or nothing for the only control of its kind.
    private static func inElement(_ element: ElementReference?) -> String {
        element.map { " in " + format($0) } ?? ""
    }

    /// `240` when only the vertical offset is set, else `(10, 240)`.
    static func format(x: Double, y: Double) -> String {
        x == 0 ? format(y) : "(\(format(x)), \(format(y)))"
    }

    /// A number in plain decimals, without trailing zeros: `0.8`, `240`, `-12.5`.
    public static func format(_ number: Double) -> String {
        guard number.isFinite else { return String(number) }
        if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
        var text = String(format: "%.6f", number)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }

    /// A text in double quotes, with `\"`, `\\`, `\n` and `\t` escaped.
    public static func quote(_ text: String) -> String {
        var result = "\""
        for character in text {
            switch character {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            default: result.append(character)
            }
        }
        return result + "\""
    }
}
