import Checker
import Foundation

/// What a student reads after `workbook check`: per criterion what passed and, for a failure,
/// what the user lost and the screens; compile errors as the compiler gave them. Whatever the
/// app printed is cleaned of terminal escapes before it reaches the terminal.
enum CheckFeedback {
    static func render(_ student: StudentResult, exercise results: ClassResults, style: TerminalStyle) -> String {
        var lines = [style.bold("\(results.title) (\(results.exercise))"), ""]
        switch student.build {
        case .built:
            break
        case .failed(let diagnostics):
            lines += [style.red("Your code does not build, so no check ran. The compiler said:"), "", PrintableText.clean(diagnostics), ""]
        case .timedOut(let seconds):
            lines += [style.red("Building your code took more than \(Int(seconds)) s, so it was stopped and no check ran."), ""]
        case .rejected(let reason):
            lines += [style.red("Your submission could not be read: \(PrintableText.clean(reason))"), ""]
        }
        for result in student.criteria {
            let points = "\(format(result.score))/\(format(result.criterion.points))"
            switch result.status {
            case .passed:
                lines.append("\(style.green("✔")) \(result.criterion.name)  \(style.dim(points))")
            case .notRun:
                lines.append("\(style.dim("–")) \(result.criterion.name)  \(style.dim(points + ", not run"))")
            case .failed, .crashed, .timedOut:
                lines.append("\(style.red("✘")) \(result.criterion.name)  \(style.dim(points))")
                for check in result.checks where check.status != .passed {
                    lines.append("    " + (check.hidden ? "a hidden check" : "“\(PrintableText.clean(check.name))”") + ": " + word(check.status))
                    for lost in check.lost { lines.append("      lost " + PrintableText.clean(lost)) }
                    for message in check.messages { lines += indent(PrintableText.clean(message), by: 6) }
                    if !check.screens.isEmpty {
                        let columns = check.screens.map { screen -> (caption: String, drawing: String) in
                            let parts = PrintableText.clean(screen).split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
                            return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
                        }
                        lines += SideBySide.join(columns).map { "      " + $0 }
                    }
                }
            }
        }
        lines += ["", style.bold("Score: \(format(student.score)) of \(format(student.maxScore))")]
        return lines.joined(separator: "\n")
    }

    static func word(_ status: CriterionResult.Status) -> String {
        switch status {
        case .passed: "passed"
        case .failed: "the app did not come back as the user left it"
        case .crashed: "the app crashed"
        case .timedOut: "the app stopped answering and was stopped"
        case .notRun: "not run"
        }
    }

    static func format(_ points: Double) -> String {
        points == points.rounded() ? String(Int(points)) : String(format: "%.1f", points)
    }

    private static func indent(_ text: String, by spaces: Int) -> [String] {
        let pad = String(repeating: " ", count: spaces)
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { pad + $0 }
    }
}
