import Foundation

/// What the runner tells a running app, one a line on the app's standard input
/// (Documentation/Protocol.md). The runner writes `line`; the app reads it with `init(line:)`.
public enum ControlCommand: Equatable, Sendable {
    /// Resign active, enter the background, preserve, take the snapshot.
    case home
    case foreground
    /// Answer `screen` with what the user sees now.
    case screen
    /// Answer `screen` with what the user saw while the app launched.
    case launchScreen
    /// Answer `state` with how restoration went at this launch.
    case report
    /// Do what a user's touch would.
    case perform(UserAction)
    /// Let simulated time pass.
    case wait(seconds: TimeInterval)
    /// Die with a fatal error, as a bug in app code does.
    case crash
    case quit

    public var word: String {
        switch self {
        case .home: "home"
        case .foreground: "foreground"
        case .screen: "screen"
        case .launchScreen: "launch-screen"
        case .report: "report"
        case .perform: "perform"
        case .wait: "wait"
        case .crash: "crash"
        case .quit: "quit"
        }
    }

    /// The command as the runner sends it (without its newline).
    public var line: String {
        switch self {
        case .perform(let action): ControlLine.join(word, ControlLine.json(action))
        case .wait(let seconds): ControlLine.join(word, Self.number(seconds))
        default: word
        }
    }

    /// Reads a line the runner (or a person typing) sent; `nil` for a blank line.
    public init?(line: String) throws(ControlLineError) {
        let (word, payload) = ControlLine.split(line.trimmingCharacters(in: .whitespaces))
        switch word {
        case "": return nil
        case "home": self = .home
        case "foreground": self = .foreground
        case "screen": self = .screen
        case "launch-screen": self = .launchScreen
        case "report": self = .report
        case "perform":
            guard let action = ControlLine.decode(UserAction.self, from: payload) else {
                throw ControlLineError(#"perform takes a user action as JSON, e.g. perform {"back":{}}"#)
            }
            self = .perform(action)
        case "wait":
            guard let seconds = TimeInterval(payload), seconds.isFinite, seconds >= 0 else {
                throw ControlLineError("wait takes a number of seconds, e.g. wait 60")
            }
            self = .wait(seconds: seconds)
        case "crash": self = .crash
        case "quit": self = .quit
        default:
            throw ControlLineError("unknown command \"\(word)\"; known: home, foreground, screen, launch-screen, report, perform ACTION-JSON, crash, wait SECONDS, quit")
        }
    }

    /// Whole seconds without a decimal point (`wait 60`), as a person would type them.
    private static func number(_ seconds: TimeInterval) -> String {
        seconds == seconds.rounded() && abs(seconds) < 1e15 ? String(Int64(seconds)) : String(seconds)
    }
}
