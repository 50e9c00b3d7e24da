import Foundation

/// One student's `results.json` for a Gradescope autograder
/// (https://gradescope-autograders.readthedocs.io/en/latest/specs/): the score, a summary, and one
/// test per criterion. A criterion students should not see before grades are published is
/// `after_published`, and says what was lost but never its steps.
public enum GradescopeResults {
    public struct Document: Codable, Equatable, Sendable {
        public var score: Double
        public var executionTime: Int
        public var output: String
        /// `text` for the summary, the tests' outputs and names alike: Gradescope's default
        /// (`simple_format`) lets some HTML through, and students' names and output are hostile.
        public var outputFormat = "text"
        public var testOutputFormat = "text"
        public var testNameFormat = "text"
        public var visibility: String
        public var stdoutVisibility: String
        public var tests: [Test]

        enum CodingKeys: String, CodingKey {
            case score, output, visibility, tests
            case executionTime = "execution_time"
            case outputFormat = "output_format"
            case testOutputFormat = "test_output_format"
            case testNameFormat = "test_name_format"
            case stdoutVisibility = "stdout_visibility"
        }
    }

    public struct Test: Codable, Equatable, Sendable {
        public var name: String
        /// `nil` for the total's note, which is text only.
        public var score: Double?
        public var maxScore: Double?
        /// `passed` or `failed`: Gradescope colours the test by it rather than by its score.
        public var status: String?
        /// `visible`, or `after_published` for a hidden criterion.
        public var visibility: String
        public var output: String

        enum CodingKeys: String, CodingKey {
            case name, score, status, visibility, output
            case maxScore = "max_score"
        }
    }

    /// The name of the note that gives the total once grades are published.
    static let totalName = "Total"

    public static func document(for student: StudentResult, title: String) -> Document {
        var tests = student.criteria.map { result in
            Test(name: result.criterion.name,
                 score: result.score,
                 maxScore: result.criterion.points,
                 status: result.status == .passed ? "passed" : "failed",
                 visibility: result.criterion.visible ? "visible" : "after_published",
                 // Terminal colours and control characters would show as junk on the page.
                 output: PrintableText.clean(ReportText.details(result)))
        }
        // The summary is the first thing a student reads; a failed build puts the compiler's
        // diagnostics there, since no test has anything to say. While a criterion is hidden,
        // Gradescope keeps the total from students ("If test cases are hidden, students will not
        // be able to see their total score"), so the summary gives only what the visible tests
        // add up to, and the total goes in a note published with the hidden tests.
        let visible = student.criteria.filter(\.criterion.visible)
        let summary: String
        if visible.count == student.criteria.count {
            summary = "\(title): \(ReportText.points(student.score)) of \(ReportText.pointsWithUnit(student.maxScore)).\n"
        } else {
            let earned = visible.reduce(0) { $0 + $1.score }
            let possible = visible.reduce(0) { $0 + $1.criterion.points }
            summary = "\(title): \(ReportText.points(earned)) of \(ReportText.pointsWithUnit(possible)) from the checks shown now; "
                + "the other checks and the total are shown when grades are published.\n"
            tests.append(Test(name: totalName, score: nil, maxScore: nil, status: nil, visibility: "after_published",
                              output: "\(title): \(ReportText.points(student.score)) of \(ReportText.pointsWithUnit(student.maxScore))."))
        }
        return Document(score: student.score,
                        executionTime: Int(student.seconds.rounded(.up)),
                        output: PrintableText.clean(summary + ReportText.buildSentence(student)),
                        visibility: "visible",
                        // What the checker prints is for the instructor: it may name hidden steps.
                        stdoutVisibility: "hidden",
                        tests: tests)
    }

    public static func encode(_ student: StudentResult, title: String) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            return try encoder.encode(document(for: student, title: title))
        } catch {
            throw CheckerError.resultsNotEncoded(student: student.student, format: "Gradescope", reason: "\(error)")
        }
    }
}
