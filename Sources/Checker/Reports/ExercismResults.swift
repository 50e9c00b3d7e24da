import Foundation

/// One student's `results.json` in version 3 of Exercism's test runner interface
/// (https://exercism.org/docs/building/tooling/test-runners/interface): one test per criterion,
/// `error` overall only when nothing ran (the build failed, timed out or was rejected).
public enum ExercismResults {
    /// The interface caps a test's output at 500 characters, counted as JSON and the site count
    /// them: Unicode code points (`é` is one, `🇫🇷` two), not Swift's grapheme clusters. Longer
    /// output is cut, with this note.
    static let outputLimit = 500
    static let truncationNote = "\n[Output was truncated. Please limit to 500 chars.]"
    /// In `test_code` in place of a hidden check's steps.
    static let hiddenTestCode = "# A hidden check: its steps are not shown."

    public struct Document: Codable, Equatable, Sendable {
        public var version: Int
        /// `pass`, `fail` or `error`.
        public var status: String
        /// Only for `error`: what kept the tests from running, with the compiler's diagnostics.
        public var message: String?
        public var tests: [Test]

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(version, forKey: .version)
            try container.encode(status, forKey: .status)
            // Left out unless the status is error, as the interface asks.
            try container.encodeIfPresent(message, forKey: .message)
            try container.encode(tests, forKey: .tests)
        }
    }

    public struct Test: Codable, Equatable, Sendable {
        public var name: String
        /// `pass`, `fail` or `error`.
        public var status: String
        /// Why it failed; `null` when it passed.
        public var message: String?
        /// What the app printed, at most 500 characters; absent when it printed nothing or the
        /// check is hidden.
        public var output: String?
        /// The criterion's scenarios as written in the scenario language, a hidden check by a
        /// line saying so.
        public var testCode: String
        /// The criterion's place in the rubric, from 1: Exercism's tasks are an exercise's steps.
        public var taskID: Int?

        enum CodingKeys: String, CodingKey {
            case name, status, message, output
            case testCode = "test_code"
            case taskID = "task_id"
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(status, forKey: .status)
            // An explicit null: the interface's way of saying "no message".
            try container.encode(message, forKey: .message)
            try container.encodeIfPresent(output, forKey: .output)
            try container.encode(testCode, forKey: .testCode)
            try container.encodeIfPresent(taskID, forKey: .taskID)
        }
    }

    public static func document(for student: StudentResult, criteria: [Criterion]? = nil) -> Document {
        let order = criteria ?? student.criteria.map(\.criterion)
        let tests = student.criteria.map { result -> Test in
            let status: String = switch result.status {
            case .passed: "pass"
            case .failed: "fail"
            // The app crashed or hung, or never ran: an error rather than a wrong answer.
            case .crashed, .timedOut, .notRun: "error"
            }
            // Exercism shows these on a web page: terminal colours and control characters would be junk.
            let output = PrintableText.clean(ReportText.visibleOutput(result))
            return Test(name: result.criterion.name,
                        status: status,
                        message: result.status == .passed ? nil : PrintableText.clean(ReportText.details(result)),
                        output: output.isEmpty ? nil : truncated(output),
                        testCode: testCode(result),
                        taskID: order.firstIndex(of: result.criterion).map { $0 + 1 })
        }
        let overall: String
        var message: String? = nil
        if student.build != .built {
            overall = "error"
            message = PrintableText.clean(ReportText.buildSentence(student))
        } else {
            overall = student.criteria.allSatisfy { $0.status == .passed } ? "pass" : "fail"
        }
        return Document(version: 3, status: overall, message: message, tests: tests)
    }

    public static func encode(_ student: StudentResult, criteria: [Criterion]? = nil) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            return try encoder.encode(document(for: student, criteria: criteria))
        } catch {
            throw CheckerError.resultsNotEncoded(student: student.student, format: "Exercism", reason: "\(error)")
        }
    }

    /// At most 500 code points, the note included.
    static func truncated(_ output: String) -> String {
        guard output.unicodeScalars.count > outputLimit else { return output }
        var kept = String.UnicodeScalarView(output.unicodeScalars.prefix(outputLimit - truncationNote.unicodeScalars.count))
        // A line ending cut between CR and LF would leave a stray CR.
        if kept.last == "\r" { kept.removeLast() }
        return String(kept) + truncationNote
    }

    /// What the test ran: each visible check's scenario, and one line per hidden check (or for a
    /// criterion students do not see yet) in place of its steps.
    static func testCode(_ result: CriterionResult) -> String {
        guard !result.checks.isEmpty else {
            return "# The checks tagged \(result.criterion.tag): not run, since the submission did not build."
        }
        return result.checks.map { check in
            ReportText.isHidden(check, of: result) || check.code.isEmpty ? hiddenTestCode : PrintableText.clean(check.code)
        }.joined(separator: "\n\n")
    }
}
