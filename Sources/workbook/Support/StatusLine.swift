import Foundation

/// One line of progress on standard error that rewrites itself on a terminal; elsewhere each
/// message is printed once, so logs of CI runs stay readable.
final class StatusLine {
    private let enabled: Bool
    let isTerminal = isatty(STDERR_FILENO) != 0
    private var lastShown = ""

    init(enabled: Bool) {
        self.enabled = enabled
    }

    func show(_ message: String) {
        guard enabled, message != lastShown else { return }
        if isTerminal {
            let width = 100
            let fitted = message.count > width ? String(message.prefix(width - 1)) + "…" : message
            FileHandle.standardError.write(Data("\r\u{1B}[2K\(fitted)".utf8))
        } else if !message.hasPrefix("Building: ") {
            FileHandle.standardError.write(Data((message + "\n").utf8))
        }
        lastShown = message
    }

    func clear() {
        guard enabled, isTerminal, !lastShown.isEmpty else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8))
        lastShown = ""
    }
}
