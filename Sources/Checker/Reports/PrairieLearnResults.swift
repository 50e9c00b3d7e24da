import Foundation

/// One student's `/grade/results/results.json` for a PrairieLearn external grader
/// (https://prairielearn.readthedocs.io/en/latest/externalGrading/#grading-results): the score as
/// a fraction of the points, and one test per criterion with its points, what was lost and why,
/// and what the app printed. A build that failed is still gradable, with a score of 0, as
/// `workbook grade` grades it: PrairieLearn's "not gradable" would hand the attempt back.
public enum PrairieLearnResults {
    /// PrairieLearn refuses a results file over 1 MB; each test's output is cut well under it.
    static let outputLimit = 8_000

    public struct Document: Codable, Equatable, Sendable {
        public var gradable: Bool
        /// From 0 to 1: the points earned over the points possible.
        public var score: Double
        /// The summary a student reads first, with the compiler's diagnostics when it did not build.
        public var message: String
        public var tests: [Test]
    }

    public struct Test: Codable, Equatable, Sendable {
        public var name: String
        public var points: Double
        public var maxPoints: Double
        /// What each check of the criterion found: what was lost and why (a hidden check without its steps).
        public var message: String
        /// What the app printed during the criterion's visible checks.
        public var output: String

        enum CodingKeys: String, CodingKey {
            case name, points, message, output
            case maxPoints = "max_points"
        }
    }

    public static func document(for student: StudentResult, title: String) -> Document {
        let tests = student.criteria.map { result in
            Test(name: result.criterion.name, points: result.score, maxPoints: result.criterion.points,
                 // The page shows them as text; terminal colours and control characters would be junk there.
                 message: PrintableText.clean(ReportText.details(result)),
                 output: SubmissionGrader.cut(PrintableText.clean(ReportText.visibleOutput(result)), to: outputLimit))
        }
        let score = student.maxScore > 0 ? student.score / student.maxScore : 1
        let summary = "\(title): \(ReportText.points(student.score)) of \(ReportText.pointsWithUnit(student.maxScore)).\n"
        return Document(gradable: true, score: min(max(score, 0), 1),
                        message: PrintableText.clean(summary + ReportText.buildSentence(student.build)), tests: tests)
    }

    public static func encode(_ student: StudentResult, title: String) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            return try encoder.encode(document(for: student, title: title))
        } catch {
            throw CheckerError.resultsNotEncoded(student: student.student, format: "PrairieLearn", reason: "\(error)")
        }
    }
}
