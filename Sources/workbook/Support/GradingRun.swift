import ArgumentParser
import Checker
import Foundation
import Runner

/// Grading submissions and showing the results, as `check` (one folder) and `grade` (a class)
/// both do: progress on standard error, reports if asked, then feedback, a table or JSON.
struct GradingRun {
    var options: ClassGrader.Options
    var json: Bool

    /// Grades the submissions, saying how it goes unless the output is JSON.
    func grade(_ submissions: [String]) throws -> ClassResults {
        // A path that names nothing is a typing mistake, not a student who earned nothing.
        if let missing = submissions.first(where: { !FileManager.default.fileExists(atPath: $0) }) {
            throw CommandFailure.usage("there is no folder or file at \(missing): give a submission's folder, zip or git checkout.")
        }
        if let reason = LaunchSandbox.unavailableReason, submissions.count == 1 || options.allowUnsandboxed {
            StandardStreams.writeError("Note: running the app without a sandbox, as you: \(reason).\n")
        }
        let status = StatusLine(enabled: !json)
        let showsEachStudent = submissions.count > 1 && !json
        defer { status.clear() }
        do {
            return try ClassGrader(options: options).grade(submissions) { event in
                // After Ctrl-C, checks fail because their apps were stopped: no grade to show.
                guard !Interruption.isUnderway else { return }
                switch event {
                case .read(let count): status.show("Read \(count) submission\(count == 1 ? "" : "s")")
                case .building(let count): status.show("Building \(count) submission\(count == 1 ? "" : "s") with the engine…")
                case .compilerLine(let line): if line.hasPrefix("[") { status.show("Building: \(line)") }
                case .buildFailed(let student): status.show("\(student) does not build; building the others again…")
                case .built(let seconds): status.show(String(format: "Built in %.1f s", seconds))
                case .checking(let student, let check): if status.rewritesItself { status.show("\(student): \(check)…") }
                case .validating(let solution): status.show("Grading the reference solution \(solution) with your checks and rubric first…")
                case .graded(let result, let done, let total):
                    if showsEachStudent { status.keep("[\(done)/\(total)] \(GradeTable.line(result))") }
                }
            }
        } catch {
            throw CommandFailure.from(error)
        }
    }

    /// Writes the reports (when asked) and prints the results: one student's feedback, or the
    /// class's table, or JSON. Throws status 1 unless every point was earned, however shown.
    static func show(_ results: ClassResults, json: Bool, report: String?, csvByteOrderMark: Bool, asFeedback: Bool) throws {
        if let report {
            do {
                let written = try ReportWriter(folder: URL(fileURLWithPath: report), csvByteOrderMark: csvByteOrderMark).write(results)
                StandardStreams.writeError("Wrote \(written.count) files to \(report)/ (open \(report)/index.html)\n")
            } catch {
                throw CommandFailure.from(error) { "cannot write the reports to \(report): \($0)" }
            }
        }
        if json {
            print(String(decoding: try ClassJSON.encode(results), as: UTF8.self))
        } else if asFeedback, results.students.count == 1 {
            print(Terminal.standardOutput.fit(CheckFeedback.render(results.students[0], exercise: results, style: TerminalStyle(), width: Terminal.standardOutput.columns)))
        } else {
            print(Terminal.standardOutput.fit(GradeTable.render(results, style: TerminalStyle())))
        }
        if results.students.contains(where: { $0.score < $0.maxScore }) { throw ExitCode(1) }
    }
}
