/// Log lines as NSLog writes them: `2026-11-22 09:00:00.000 RuleBook[142:303] message`.
enum NSLogLine {
    /// The message of a line, without NSLog's date, time and process; `nil` if the line does
    /// not start with them.
    static func message(_ line: String) -> String? {
        guard let match = line.prefixMatch(of: prefix) else { return nil }
        return String(line[match.range.upperBound...])
    }

    nonisolated(unsafe) static let prefix = #/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} [^\s\[]+\[\d+:[0-9a-f]+\] /#
}

extension Array where Element == String {
    /// The messages of NSLog lines (a line without the prefix is kept whole, so it still fails
    /// an exact comparison).
    var nsLogMessages: [String] { map { NSLogLine.message($0) ?? $0 } }
}
