import Foundation
import Scenarios

/// Whether an instructor's checks and rubric can grade anyone: the exercise's reference solution
/// must earn every point with them. A check the reference fails, or one it passes even with the
/// restoration archive taken away (it expects what a fresh launch shows), would silently cost
/// every student its criterion's points. Grading stops before any student is graded, naming each
/// such check and why; `workbook grade`, every export and the Gradescope set-up share this.
public enum CheckSoundness {
    /// The student name the reference solution is graded under: a name with a `/` in it, which
    /// no submission (named after its folder or file) can have.
    public static func referenceName(_ solution: String) -> String {
        "reference/\(solution)"
    }

    /// The checks with none hidden, each named after its file: graded with these, the reference
    /// solution's results say which check failed and how, which the instructor who wrote the
    /// hidden ones may read. The grade is the same: hiding changes only what reports show.
    public static func revealing(_ checks: CheckSet) throws -> CheckSet {
        var revealed = try CheckSet(criteria: checks.criteria, checks: checks.checks.map { check in
            var revealed = check
            revealed.scenario.name = label(check)
            revealed.hidden = false
            return revealed
        })
        // The reference runs under the module name its students' apps do.
        revealed.moduleName = checks.moduleName
        return revealed
    }

    /// `hidden check first-tab.scenario ("The first tab comes back")`.
    static func label(_ check: CheckSet.Check) -> String {
        let file = URL(fileURLWithPath: check.scenario.file).lastPathComponent
        return "\(check.hidden ? "hidden check" : "check") \(file) (\"\(check.scenario.name)\")"
    }

    /// Why each check the reference solution did not pass cannot grade anyone, one sentence a
    /// check, in the order of the rubric; empty when the reference earned every point.
    /// `reference` was graded with `revealing(checks)`.
    public static func problems(reference: StudentResult) -> [String] {
        var said: [String] = []
        var sentences: [String] = []
        for criterion in reference.criteria where criterion.status != .passed {
            for check in criterion.checks where check.status != .passed && !said.contains(check.name) {
                said.append(check.name)
                sentences.append(problem(check))
            }
            if criterion.checks.allSatisfy({ $0.status == .passed }) {
                sentences.append("the criterion \"\(criterion.criterion.name)\" was not earned: \(ReportText.status(criterion.status))")
            }
        }
        return sentences
    }

    private static func problem(_ check: CheckResult) -> String {
        let reasons = (check.messages + check.why).map { $0.split(separator: "\n").first.map(String.init) ?? $0 }
        if check.cameBackWithoutRestoration {
            // Each message says which expectation held, then why that matters, which is said once here.
            let held = check.messages.map { $0.components(separatedBy: ": held even with").first ?? $0 }
            return "\(check.name) passes even with the restoration archive taken away before the relaunch, so it tests no restoration "
                + "(it expects what a fresh launch shows): \(held.joined(separator: "; "))"
        }
        let how: String = switch check.status {
        case .crashed: "crashes the reference solution"
        case .timedOut: "makes the reference solution stop answering"
        default: "fails on the reference solution"
        }
        let lost = check.lost.map { "lost \($0.description)" }
        return "\(check.name) \(how): " + (reasons + lost).joined(separator: "; ")
    }
}
