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
        public var score: Double
        public var maxScore: Double
        /// `passed` or `failed`: Gradescope colours the test by it rather than by its score.
        public var status: String
        /// `visible`, or `after_published` for a hidden criterion.
        public var visibility: String
        public var output: String

        enum CodingKeys: String, CodingKey {
            case name, score, status, visibility, output
            case maxScore = "max_score"
        }
    }

    public static func document(for student: StudentResult, title: String) -> Document {
        let tests = student.criteria.map { result in
            Test(name: result.criterion.name,
                 score: result.score,
                 maxScore: result.criterion.points,
                 status: result.status == .passed ? "passed" : "failed",
                 visibility: result.criterion.visible ? "visible" : "after_published",
                 // Terminal colours and control characters would show as junk on the page.
                 output: PrintableText.clean(ReportText.details(result)))
        }
        // The summary is the first thing a student reads; a failed build puts the compiler's
        // diagnostics there, since no test has anything to say.
        let summary = "\(title): \(ReportText.points(student.score)) of \(ReportText.pointsWithUnit(student.maxScore)).\n"
            + ReportText.buildSentence(student.build)
        return Document(score: student.score,
                        executionTime: Int(student.seconds.rounded(.up)),
                        output: PrintableText.clean(summary),
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
            throw CheckerError("cannot write \(student.student)'s Gradescope results: \(error)")
        }
    }
}
