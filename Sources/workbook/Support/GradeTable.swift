import Checker
import Foundation

/// The class at a glance on a terminal: one row per student, a column per criterion, the total,
/// and the class's average under it.
enum GradeTable {
    static func render(_ results: ClassResults, style: TerminalStyle) -> String {
        let criteria = results.criteria
        let header = ["Student"] + criteria.map { "\($0.name) (\(ReportText.points($0.points)))" } + ["Total", "Build"]
        var rows: [[String]] = results.students.map { student in
            [clean(student.student)] + student.criteria.map { cell($0) }
                + ["\(ReportText.points(student.score))/\(ReportText.points(student.maxScore))", buildWord(student.build)]
        }
        if !results.students.isEmpty {
            let count = Double(results.students.count)
            let averages = criteria.indices.map { index in
                results.students.reduce(0) { $0 + ($1.criteria.indices.contains(index) ? $1.criteria[index].score : 0) } / count
            }
            rows.append(["Average"] + averages.map { String(format: "%.1f", $0) }
                        + [String(format: "%.1f", results.students.reduce(0) { $0 + $1.score } / count), ""])
        }
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { index, cell in
                index == 0 ? cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
                    : String(repeating: " ", count: widths[index] - cell.count) + cell
            }.joined(separator: "  ")
        }
        var lines = [style.bold(line(header))]
        for (index, row) in rows.enumerated() {
            let text = line(row)
            lines.append(index == rows.count - 1 && !results.students.isEmpty ? style.dim(text) : text)
        }
        let full = results.students.filter { $0.score == $0.maxScore }.count
        lines.append("")
        lines.append("\(results.students.count) student\(results.students.count == 1 ? "" : "s"), \(full) with every point.")
        // Never dropped: who the roster does not name is said here, on the class page and in the JSON.
        lines += results.roster?.summary.map(clean) ?? []
        return lines.joined(separator: "\n")
    }

    /// One student's result in a line, for progress while grading.
    static func line(_ student: StudentResult) -> String {
        let failed = student.criteria.filter { $0.status != .passed }.map { "\($0.criterion.name): \(CheckFeedback.word($0.status))" }
        let build = student.build == .built ? "" : " (\(buildWord(student.build)))"
        return "\(clean(student.student)): \(ReportText.points(student.score))/\(ReportText.points(student.maxScore))\(build)"
            + (failed.isEmpty || student.build != .built ? "" : "; " + failed.joined(separator: "; "))
    }

    private static func cell(_ result: CriterionResult) -> String {
        switch result.status {
        case .passed, .failed, .notRun: ReportText.points(result.score)
        case .crashed: "0 crash"
        case .timedOut: "0 hang"
        }
    }

    private static func buildWord(_ build: BuildOutcome) -> String {
        switch build {
        case .built: "ok"
        case .failed: "error"
        case .timedOut: "timed out"
        case .rejected: "rejected"
        }
    }

    /// A student's name comes from a folder name: no terminal escapes, on one line.
    private static func clean(_ text: String) -> String {
        PrintableText.clean(text).replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\t", with: " ")
    }
}
