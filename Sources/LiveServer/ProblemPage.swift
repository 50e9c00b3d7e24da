import Foundation
import Site

/// The page every served page becomes while the site does not build: each problem with its file
/// and line set apart, then what was expected, in the build's own words. A stale page would show
/// the reader something the sources no longer say; this shows what to fix, and gives way to the
/// real page by itself once the build works again.
public enum ProblemPage {
    /// Where a problem is, read from its first line that starts `file:line:` (the build's own
    /// problems, and the compiler's `file:line:column: error:` lines).
    public struct Location: Equatable, Sendable {
        public var file: String
        public var line: Int
    }

    public static func location(of problem: String) -> Location? {
        for line in problem.split(separator: "\n") {
            let text = line.trimmingCharacters(in: .whitespaces)
            let parts = text.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count == 3, !parts[0].isEmpty, !parts[0].contains(" "), let number = Int(parts[1]), number > 0 else { continue }
            return Location(file: String(parts[0]), line: number)
        }
        return nil
    }

    public static func html(problems: [String]) -> String {
        var items = ""
        for problem in problems {
            items += "<li>"
            if let location = location(of: problem) {
                items += "<p class=\"where\"><code>\(HTML.escape(location.file))</code>, line \(location.line)</p>"
            }
            items += "<pre>\(HTML.escape(problem))</pre></li>\n"
        }
        let count = problems.count == 1 ? "a problem" : "\(problems.count) problems"
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>The site was not built</title>
            <style>
            body { font: 16px/1.5 system-ui, sans-serif; margin: 2em auto; max-width: 60em; padding: 0 1em; color: #222; background: #fff; }
            h1 { color: #a31515; font-size: 1.5em; }
            ol { padding-left: 1.2em; }
            li { margin-bottom: 1.5em; }
            .where { margin: 0 0 .3em; font-weight: 600; }
            pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #fdf1f1; border-left: 4px solid #a31515; padding: .6em .8em; margin: 0; font-size: 14px; }
            @media (prefers-color-scheme: dark) { body { color: #ddd; background: #1b1b1b; } pre { background: #2c1c1c; } h1 { color: #ff8080; } }
            </style>
            </head>
            <body>
            <h1 id="workbook-serve-problems">The site was not built: \(count)</h1>
            <p>Fix what is named below and save: this page becomes the chapter again by itself.</p>
            <ol>
            \(items)</ol>
            </body>
            </html>

            """
    }
}
