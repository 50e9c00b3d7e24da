import Foundation
import Synchronization

/// One line of progress on standard error that rewrites itself on a terminal, cut to its width;
/// elsewhere (a pipe, a log, `TERM=dumb`) each message is printed once, with no control codes, so
/// logs of CI runs stay readable.
///
/// Grading reports progress from several students' threads at once, and `serve` from its rebuild
/// thread: the line and what it last showed sit behind one lock, so two messages never cut into
/// each other and a line kept above the status is never drawn over.
final class StatusLine: Sendable {
    private let enabled: Bool
    private let terminal: Terminal
    private let lastShown = Mutex("")

    init(enabled: Bool, terminal: Terminal = .standardError) {
        self.enabled = enabled
        self.terminal = terminal
    }

    /// Whether messages replace each other on one line (a terminal), rather than pile up in a log.
    var rewritesItself: Bool { terminal.takesControlCodes }

    func show(_ message: String) {
        guard enabled else { return }
        lastShown.withLock { lastShown in
            guard message != lastShown else { return }
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
    }

    func clear() {
        lastShown.withLock { Self.clear(&$0, enabled: enabled, on: terminal) }
    }

    /// Writes a line that stays (a student graded), in place of the status, whatever the output.
    func keep(_ line: String) {
        lastShown.withLock { lastShown in
            Self.clear(&lastShown, enabled: enabled, on: terminal)
            StandardStreams.writeError(line + "\n")
        }
    }

    private static func clear(_ lastShown: inout String, enabled: Bool, on terminal: Terminal) {
        guard enabled, terminal.takesControlCodes, !lastShown.isEmpty else { return }
        StandardStreams.writeError("\r\u{1B}[2K")
        lastShown = ""
    }
}
