import Foundation

/// One line of progress on standard error that rewrites itself on a terminal, cut to its width;
/// elsewhere (a pipe, a log, `TERM=dumb`) each message is printed once, with no control codes, so
/// logs of CI runs stay readable.
final class StatusLine {
    private let enabled: Bool
    private let terminal: Terminal
    private var lastShown = ""

    init(enabled: Bool, terminal: Terminal = .standardError) {
        self.enabled = enabled
        self.terminal = terminal
    }

    /// Whether messages replace each other on one line (a terminal), rather than pile up in a log.
    var rewritesItself: Bool { terminal.takesControlCodes }

    func show(_ message: String) {
        guard enabled, message != lastShown else { return }
        if terminal.takesControlCodes {
            // One column short of the width: writing the last column wraps some terminals.
            let width = max(min(terminal.columns, 1_000) - 1, 10)
            let fitted = message.count > width ? String(message.prefix(width - 1)) + "…" : message
            StandardStreams.writeError("\r\u{1B}[2K\(fitted)")
        } else if !message.hasPrefix("Building: ") {
            StandardStreams.writeError(message + "\n")
        }
        lastShown = message
    }

    func clear() {
        guard enabled, terminal.takesControlCodes, !lastShown.isEmpty else { return }
        StandardStreams.writeError("\r\u{1B}[2K")
        lastShown = ""
    }
}
