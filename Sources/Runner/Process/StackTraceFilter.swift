/// The Swift runtime prints a stack trace of raw addresses after a fatal error. Addresses change
/// with every launch and say nothing to a reader; the line that matters ("Fatal error: Unexpectedly
/// found nil…, file AppDelegate.swift, line 12") comes before them. Crash reports keep that line
/// and drop the trace, so they are short, and the same on every run.
public enum StackTraceFilter {
    public static func removingTraces(_ lines: [String]) -> [String] {
        lines.filter { !isTraceLine($0) }
    }

    static func isTraceLine(_ line: String) -> Bool {
        let trimmed = line.drop { $0 == " " }
        if trimmed.hasPrefix("Current stack trace:") || trimmed.hasPrefix("Stack dump:") { return true }
        // The backtracer's notice that it wrote a trace (to a file of the container, see HangStack).
        if trimmed.hasPrefix("*** Signal "), trimmed.contains("Backtracing from") { return true }
        // "3    libswiftCore.so    0x00007f3b53af94f0 _assertionFailure(…) + 303"
        let words = trimmed.split(separator: " ", omittingEmptySubsequences: true)
        return words.count >= 3 && words[0].allSatisfy(\.isNumber) && words[2].hasPrefix("0x")
    }
}
