/// What a reader is shown of a failed `swift build`: the compiler's errors first, each once (the
/// compiler reports an error twice, once while it emits the module and once while it compiles),
/// with the source drawn under it and its notes about the package's own code. SwiftPM's own
/// lines are left out: its progress, "emit-module command failed", and its warnings about files of
/// other packages (`warning: 'swift-distributed-tracing': found 1 file(s) which are unhandled`),
/// which came first and filled the screen before.
public enum BuildTranscript {
    /// One diagnostic: its first line (`path:line:column: error: …`) and the lines under it.
    struct Diagnostic {
        var header: String
        var path: Substring
        var severity: Substring
        var lines: [String]
    }

    /// The lines to show. A note is kept under its error when `shownNote` says its file is one a
    /// reader can open (the package's own code, not a dependency's checkout). Without any error
    /// from the compiler (a link error, a manifest that does not load), the lines that say
    /// `error:`, or else the end of the output.
    static func shown(_ lines: [String], limit: Int = 10, shownNote: (Substring) -> Bool) -> [String] {
        let diagnostics = self.diagnostics(in: lines)
        var shown: [String] = []
        var seen: Set<String> = []
        var errors = 0
        var keepNotes = false
        for diagnostic in diagnostics {
            switch diagnostic.severity {
            case "error":
                keepNotes = seen.insert(diagnostic.header).inserted
                guard keepNotes else { continue }
                errors += 1
                keepNotes = errors <= limit
                if keepNotes { shown += (shown.isEmpty ? [] : [""]) + diagnostic.lines }
            case "note" where keepNotes && shownNote(diagnostic.path):
                shown += [""] + diagnostic.lines
            default:
                continue
            }
        }
        if errors > limit { shown += ["", "… and \(errors - limit) more error\(errors - limit == 1 ? "" : "s")"] }
        guard shown.isEmpty else { return shown }
        let said = lines.filter { $0.contains("error:") && !isSwiftPMNoise($0) }
        return said.isEmpty ? Array(lines.suffix(40)) : said
    }

    /// The compiler's diagnostics, in order, each with the lines drawn under it.
    static func diagnostics(in lines: [String]) -> [Diagnostic] {
        var found: [Diagnostic] = []
        var current: Diagnostic?
        for line in lines {
            if let (path, severity) = header(line) {
                if let done = current { found.append(trimmed(done)) }
                current = Diagnostic(header: line, path: path, severity: severity, lines: [line])
            } else if isSwiftPMLine(line) {
                if let done = current { found.append(trimmed(done)) }
                current = nil
            } else {
                current?.lines.append(line)
            }
        }
        if let done = current { found.append(trimmed(done)) }
        return found
    }

    /// `path:12:5: error: …` → the path and the severity.
    public static func header(_ line: String) -> (path: Substring, severity: Substring)? {
        for severity in ["error", "warning", "note", "remark"] {
            guard let marker = line.range(of: ": \(severity): ") else { continue }
            let location = line[..<marker.lowerBound]
            let parts = location.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count >= 3, parts.suffix(2).allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }) else { continue }
            return (location.dropLast(parts[parts.count - 1].count + parts[parts.count - 2].count + 2), Substring(severity))
        }
        return nil
    }

    /// A line SwiftPM prints of its own, which ends whatever the compiler was drawing.
    public static func isSwiftPMLine(_ line: String) -> Bool {
        line.hasPrefix("[") || line.hasPrefix("Building ") || line.hasPrefix("Compiling ") || line.hasPrefix("Write ")
            || line.hasPrefix("error: ") || line.hasPrefix("warning: ") || line.hasPrefix("note: ")
    }

    private static func isSwiftPMNoise(_ line: String) -> Bool {
        line.contains("command failed with exit code") || line.contains("which are unhandled")
    }

    /// Without the blank lines the compiler leaves after a drawing.
    private static func trimmed(_ diagnostic: Diagnostic) -> Diagnostic {
        var diagnostic = diagnostic
        while diagnostic.lines.last?.allSatisfy(\.isWhitespace) == true { diagnostic.lines.removeLast() }
        return diagnostic
    }
}
