import Foundation

/// What a running app tells the runner, one a line on the protocol's own channel
/// (Documentation/Protocol.md). The app writes `line`; the runner reads it with `init(line:)`.
public enum ControlMessage: Equatable, Sendable {
    /// The launch is over, and how restoration went.
    case launched(RestorationReport.Outcome)
    /// A line of the engine's log: a line a device prints.
    case log(String)
    /// One of the workbook's notes on the launch, sent as it happens (never a log line).
    case note(RestorationCause)
    /// A cause sent as it happens because the app is about to end itself (an uncaught
    /// exception the engine raises for app code): no report will carry it.
    case cause(RestorationCause)
    /// The command with this word was carried out.
    case ok(String)
    case screen(Screen)
    /// The launch's restoration report.
    case state(RestorationReport)
    /// The command could not be carried out, and why.
    case error(String)

    public var word: String {
        switch self {
        case .launched: "launched"
        case .log: "log"
        case .note: "note"
        case .cause: "cause"
        case .ok: "ok"
        case .screen: "screen"
        case .state: "state"
        case .error: "error"
        }
    }

    /// The message as the app sends it (without its newline).
    public var line: String {
        switch self {
        case .launched(let outcome): ControlLine.join(word, outcome.rawValue)
        case .log(let text), .ok(let text), .error(let text): ControlLine.join(word, ControlLine.escape(text))
        case .screen(let screen): ControlLine.join(word, ControlLine.json(screen))
        case .state(let report): ControlLine.join(word, ControlLine.json(report))
        case .note(let note), .cause(let note): ControlLine.join(word, ControlLine.json(note))
        }
    }

    /// Reads a line from the channel. A line that is no message at all is `nil` (the runner
    /// passes over it); a message the runner cannot read throws, saying which.
    public init?(line: String) throws(ControlLineError) {
        let (word, payload) = ControlLine.split(line)
        switch word {
        case "launched":
            guard let outcome = RestorationReport.Outcome(rawValue: payload) else {
                throw ControlLineError("the app said it launched with an outcome the runner does not know (\(Self.shown(payload)))")
            }
            self = .launched(outcome)
        case "log": self = .log(ControlLine.unescape(payload))
        case "note":
            guard let note = ControlLine.decode(RestorationCause.self, from: payload) else {
                throw ControlLineError("the app sent a note the runner cannot read")
            }
            self = .note(note)
        case "cause":
            guard let cause = ControlLine.decode(RestorationCause.self, from: payload) else {
                throw ControlLineError("the app sent a cause the runner cannot read")
            }
            self = .cause(cause)
        case "ok": self = .ok(ControlLine.unescape(payload))
        case "error": self = .error(ControlLine.unescape(payload))
        case "screen":
            guard let screen = ControlLine.decode(Screen.self, from: payload) else {
                throw ControlLineError("the app sent a screen the runner cannot read")
            }
            self = .screen(screen)
        case "state":
            guard let report = ControlLine.decode(RestorationReport.self, from: payload) else {
                throw ControlLineError("the app sent a restoration report the runner cannot read")
            }
            self = .state(report)
        default:
            return nil
        }
    }

    /// A payload quoted for an error, cut short: a hostile app's line may be megabytes long.
    private static func shown(_ payload: String) -> String {
        let head = payload.prefix(40)
        return "\"" + head + (head.count < payload.count ? "…" : "") + "\""
    }
}
