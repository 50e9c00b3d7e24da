import Checker
import Foundation

/// Colour and weight for a terminal, and plain text anywhere else or when `NO_COLOR` is set.
struct TerminalStyle: TextStyle {
    let enabled: Bool

    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        enabled = environment["NO_COLOR"] == nil && isatty(STDOUT_FILENO) != 0 && environment["TERM"] != "dumb"
    }

    func bold(_ text: String) -> String { wrap(text, "1") }
    func dim(_ text: String) -> String { wrap(text, "2") }
    func red(_ text: String) -> String { wrap(text, "31") }
    func green(_ text: String) -> String { wrap(text, "32") }

    private func wrap(_ text: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
