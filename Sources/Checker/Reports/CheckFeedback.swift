import Captures
import Foundation

/// What a student reads after `workbook check`: per criterion what passed and, for a failure,
/// what the user lost and the screens; compile errors as the compiler gave them. Whatever the
/// app printed is cleaned of terminal escapes before it reaches the terminal. The GitHub
/// Classroom workflow prints each criterion's part of it on the Actions page.
public enum CheckFeedback {
    /// `width`: the columns the screens may take side by side.
    public static func render(_ student: StudentResult, exercise results: ClassResults, style: some TextStyle, width: Int = .max) -> String {
        var lines = [style.bold("\(results.title) (\(results.exercise))"), ""]
        lines += build(student.build, style: style)
        // What the build changed in the student's code for Linux, said before what it earned.
        if !student.buildNotes.isEmpty {
            lines += ReportText.buildNotes(student.buildNotes.map(PrintableText.clean)).split(separator: "\n").map { style.dim(String($0)) } + [""]
        }
        for result in student.criteria {
            lines += criterion(result, style: style, width: width)
        }
        lines += ["", style.bold("Score: \(ReportText.points(student.score)) of \(ReportText.points(student.maxScore))")]
        return lines.joined(separator: "\n")
    }

    /// What the build said, when it did not build: nothing for a build that succeeded.
    public static func build(_ outcome: BuildOutcome, style: some TextStyle) -> [String] {
        var lines: [String] = []
        switch outcome {
        case .built:
            break
        case .failed(let diagnostics):
            lines += [style.red("Your code does not build, so no check ran. The compiler said:"), "", PrintableText.clean(diagnostics), ""]
        case .timedOut(let seconds):
            lines += [style.red("Building your code took more than \(Int(seconds)) s, so it was stopped and no check ran."), ""]
        case .rejected(let reason):
            lines += [style.red("Your submission could not be read: \(PrintableText.clean(reason))"), ""]
        }
        return lines
    }

    /// One criterion: a line with its points, and for a failure each failed check's losses,
    /// causes, messages and screens.
    public static func criterion(_ result: CriterionResult, style: some TextStyle, width: Int = .max) -> [String] {
        var lines: [String] = []
        let points = "\(ReportText.points(result.score))/\(ReportText.points(result.criterion.points))"
        switch result.status {
        case .passed:
            lines.append("\(style.green("✔")) \(result.criterion.name)  \(style.dim(points))")
        case .notRun:
            lines.append("\(style.dim("–")) \(result.criterion.name)  \(style.dim(points + ", not run"))")
        case .failed, .crashed, .timedOut:
            lines.append("\(style.red("✘")) \(result.criterion.name)  \(style.dim(points))")
            for check in result.checks where check.status != .passed {
                lines.append("    " + (check.hidden ? "a hidden check" : "“\(PrintableText.clean(check.name))”") + ": "
                             + (check.cameBackWithoutRestoration ? "what it checks came back, but not through state restoration" : word(check.status)))
                for lost in summarized(check.lost.map { PrintableText.clean($0.description) }) { lines.append("      lost " + lost) }
                for cause in check.why { lines.append("      Why: " + PrintableText.clean(cause)) }
                // The first line of each message says it; the screens below show the rest.
                for message in check.messages { lines.append("      " + headline(PrintableText.clean(message))) }
                if check.status == .crashed, let cause = crashCause(PrintableText.clean(check.output)) {
                    lines.append("      " + cause)
                }
                if !check.screens.isEmpty {
                    let columns = check.screens.map { screen -> (caption: String, drawing: String) in
                        let parts = PrintableText.clean(screen).split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
                        return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
                    }
                    lines += SideBySide.join(columns, width: width == .max ? .max : width - 6).map { "      " + $0 }
                }
            }
        }
        return lines
    }

    public static func word(_ status: CriterionResult.Status) -> String {
        switch status {
        case .passed: "passed"
        case .failed: "the app did not come back as the user left it"
        case .crashed: "the app crashed"
        case .timedOut: "the app stopped answering and was stopped"
        case .notRun: "not run"
        }
    }

    /// What was lost, the same line once with how many times (twenty copies of a label are one
    /// line), and at most eight lines.
    static func summarized(_ lost: [String], limit: Int = 8) -> [String] {
        var order: [String] = []
        var counts: [String: Int] = [:]
        for line in lost {
            if counts[line] == nil { order.append(line) }
            counts[line, default: 0] += 1
        }
        var lines = order.prefix(limit).map { counts[$0]! > 1 ? "\($0) (×\(counts[$0]!))" : $0 }
        if order.count > limit { lines.append("… and \(order.count - limit) more") }
        return lines
    }

    /// Why the app crashed, in the runtime's words (`…/AppDelegate.swift:12: Fatal error: …`, or
    /// Foundation's for an exception the engine raised), or else the last thing it printed.
    static func crashCause(_ output: String) -> String? {
        let lines = output.split(separator: "\n").map(String.init)
        let words = lines.first { $0.contains("Fatal error") || $0.contains("Precondition failed") } ?? lines.last
        return words.map { CrashLastWords.reduced($0) }
    }

    /// A message's first line, without the "; it shows:" or "; lost:" that introduces what follows.
    static func headline(_ message: String) -> String {
        var first = message.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? message
        for ending in ["; it shows:", "; lost:", "; its last output:", ":"] where first.hasSuffix(ending) {
            first.removeLast(ending.count)
            break
        }
        return first
    }

}
