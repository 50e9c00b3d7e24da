import Foundation
import SourcePreparation

/// How every report says the same things in words and numbers, so that the CSV, the pages and the
/// JSON files never disagree on what a build outcome or a score is called.
public enum ReportText {
    /// The build column's words: short, and the same in every report.
    public static func build(_ outcome: BuildOutcome) -> String {
        switch outcome {
        case .built: "built"
        case .failed: "failed"
        case .timedOut: "timed out"
        case .rejected: "rejected"
        }
    }

    /// The build said for the student: its outcome, and what it changed for Linux, if anything.
    static func buildSentence(_ student: StudentResult) -> String {
        buildSentence(student.build) + (student.buildNotes.isEmpty ? "" : "\n\n" + buildNotes(student.buildNotes))
    }

    /// What the build changed for Linux, under its heading, a line each.
    public static func buildNotes(_ notes: [String]) -> String {
        PreparedModule.shown(notes).joined(separator: "\n")
    }

    /// The build outcome said for the student, with what the compiler or the reader said.
    static func buildSentence(_ outcome: BuildOutcome) -> String {
        switch outcome {
        case .built:
            "The submission built."
        case .failed(let diagnostics):
            "The submission did not build, so no check ran. The compiler said:\n\n" + diagnostics
        case .timedOut(let seconds):
            "The build went past its time limit of \(self.seconds(seconds)), so no check ran."
        case .rejected(let reason):
            "The submission could not be read, so no check ran: " + reason
        }
    }

    static func status(_ status: CriterionResult.Status) -> String {
        switch status {
        case .passed: "passed"
        case .failed: "failed"
        case .crashed: "crashed"
        case .timedOut: "timed out"
        case .notRun: "not run"
        }
    }

    /// Points as people write them: `3`, `2.5`, never `3.0` (spreadsheets and graders read both).
    public static func points(_ value: Double) -> String {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
            return String(Int64(value))
        }
        return String(value)
    }

    /// `1 point`, `3 points`.
    static func pointsWithUnit(_ value: Double) -> String {
        points(value) + (value == 1 ? " point" : " points")
    }

    /// An average, to two decimals at most: `2.33`, `3`.
    static func average(_ value: Double) -> String {
        points((value * 100).rounded() / 100)
    }

    static func seconds(_ value: Double) -> String {
        points((value * 10).rounded() / 10) + " s"
    }

    /// A criterion's checks in plain text, for the formats that show one text per test (Gradescope,
    /// Exercism, JUnit): each check's status, what was lost and why. A hidden check shows only its
    /// status and what was lost: its name and messages could give its steps away.
    static func details(_ result: CriterionResult) -> String {
        if result.checks.isEmpty {
            return result.status == .notRun ? "Not run: the submission did not build." : sentenceCase(status(result.status)) + "."
        }
        return result.checks.map { check in
            let hidden = isHidden(check, of: result)
            var lines: [String]
            if hidden {
                lines = ["Hidden check: \(status(check.status))"]
            } else {
                lines = ["\(check.name): \(status(check.status))"]
            }
            lines += check.lost.map { "  Lost: \($0.description)" }
            lines += check.why.map { "  Why: \($0)" }
            if !hidden {
                lines += check.messages.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false) }.map { "  \($0)" }
            }
            return lines.joined(separator: "\n")
        }.joined(separator: "\n\n")
    }

    /// What the app printed during a criterion's visible checks; hidden checks' output is never shown.
    static func visibleOutput(_ result: CriterionResult) -> String {
        result.checks.filter { !isHidden($0, of: result) && !$0.output.isEmpty }.map(\.output).joined(separator: "\n")
    }

    /// A hidden check, or any check of a criterion students do not see before grades are
    /// published: reports show its status and what was lost, never its name, steps, screens or output.
    static func isHidden(_ check: CheckResult, of result: CriterionResult) -> Bool {
        check.hidden || !result.criterion.visible
    }

    /// `timed out` → `Timed out`.
    static func sentenceCase(_ text: String) -> String {
        text.prefix(1).uppercased() + text.dropFirst()
    }

    /// A student's result for one of the class's criteria, looked up by criterion rather than by
    /// position, so that a column never shows another criterion's points.
    static func result(of student: StudentResult, for criterion: Criterion) -> CriterionResult? {
        student.criteria.first { $0.criterion.tag == criterion.tag && $0.criterion.name == criterion.name }
    }
}
