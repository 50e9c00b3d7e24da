import Foundation

/// What the terminal behind a stream can show: whether it takes control codes (a real terminal
/// that is not `TERM=dumb`) and how many columns it has: the terminal's own size, then
/// `COLUMNS`; a pipe or a file without `COLUMNS` has no width, and lines stay whole there for
/// the tools that read them.
struct Terminal: Sendable {
    let takesControlCodes: Bool
    let columns: Int

    init(descriptor: Int32, environment: [String: String] = ProcessInfo.processInfo.environment) {
        let isTerminal = isatty(descriptor) != 0
        takesControlCodes = isTerminal && environment["TERM"] != "dumb"
        columns = Self.width(of: isTerminal ? descriptor : nil, environment: environment)
    }

    static let standardOutput = Terminal(descriptor: STDOUT_FILENO)

    /// `text` with its long lines wrapped to these columns.
    func fit(_ text: String) -> String {
        LineFitting.fit(text, width: columns)
    }
    static let standardError = Terminal(descriptor: STDERR_FILENO)

    private static func width(of descriptor: Int32?, environment: [String: String]) -> Int {
        var size = winsize()
        if let descriptor, ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
            return Int(size.ws_col)
        }
        if let columns = environment["COLUMNS"].flatMap(Int.init), columns > 0 {
            return columns
        }
        return descriptor == nil ? .max : 80
    }
}
