import Foundation
import WorkbookSupport

/// The class as JUnit XML, the format CI servers and grading dashboards read: one `<testsuite>`
/// per student, one `<testcase>` per criterion. A wrong answer is a `<failure>`; a crash, a time
/// limit or a build that never ran is an `<error>`. Valid against both schemas CI servers use:
/// the Jenkins xUnit plugin's `junit-10.xsd` and the JUnit 4 schema JUnit 5 checks its own
/// reports with (`Tests/Fixtures/Schemas`): only their common attributes, elements in their order.
public enum JUnitReport {
    public static func render(_ results: ClassResults) -> String {
        let everything = results.students.flatMap(\.criteria)
        var xml = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        xml += "<testsuites" + attributes([
            ("name", results.exercise),
            ("tests", String(everything.count)),
            ("failures", String(everything.filter { $0.status == .failed }.count)),
            ("errors", String(everything.filter { isError($0.status) }.count)),
            ("time", seconds(results.students.reduce(0) { $0 + $1.seconds })),
        ]) + ">\n"
        for student in results.students {
            xml += suite(student, exercise: results.exercise)
        }
        xml += "</testsuites>\n"
        return xml
    }

    static func suite(_ student: StudentResult, exercise: String) -> String {
        var xml = "  <testsuite" + attributes([
            ("name", student.student),
            ("tests", String(student.criteria.count)),
            ("failures", String(student.criteria.filter { $0.status == .failed }.count)),
            ("errors", String(student.criteria.filter { isError($0.status) }.count)),
            ("skipped", "0"),
            ("time", seconds(student.seconds)),
        ]) + ">\n"
        for result in student.criteria {
            xml += "    <testcase" + attributes([
                ("classname", "\(exercise).\(student.student)"),
                ("name", result.criterion.name),
            ]) + ">\n"
            let details = ReportText.details(result)
            switch result.status {
            case .passed:
                break
            case .failed:
                xml += "      <failure" + attributes([("message", summary(result)), ("type", "failed")]) + ">"
                    + text(details) + "</failure>\n"
            case .crashed, .timedOut, .notRun:
                xml += "      <error" + attributes([("message", summary(result)), ("type", result.status.rawValue)]) + ">"
                    + text(details) + "</error>\n"
            }
            let output = ReportText.visibleOutput(result)
            if !output.isEmpty {
                xml += "      <system-out>" + text(output) + "</system-out>\n"
            }
            xml += "    </testcase>\n"
        }
        if student.build != .built {
            // Why nothing ran, once for the student rather than once per criterion; after the
            // test cases, where JUnit's schema puts a suite's output.
            xml += "    <system-err>" + text(ReportText.buildSentence(student)) + "</system-err>\n"
        }
        xml += "  </testsuite>\n"
        return xml
    }

    static func isError(_ status: CriterionResult.Status) -> Bool {
        status == .crashed || status == .timedOut || status == .notRun
    }

    /// The one-line message CI servers show next to the test's name.
    static func summary(_ result: CriterionResult) -> String {
        let hidden = result.checks.contains { ReportText.isHidden($0, of: result) }
        let lost = result.checks.flatMap(\.lost).map(\.description)
        var line = "\(ReportText.sentenceCase(ReportText.status(result.status))): \(ReportText.points(result.score)) of \(ReportText.pointsWithUnit(result.criterion.points))"
        if let first = lost.first {
            line += "; lost \(first)" + (lost.count > 1 ? " and \(lost.count - 1) more" : "")
        } else if !hidden, let message = result.checks.lazy.flatMap(\.messages).first {
            line += "; \(message)"
        }
        return line
    }

    static func seconds(_ value: Double) -> String {
        String(format: "%.3f", value.isFinite ? value : 0)
    }

    /// Escaped character data. Characters XML 1.0 cannot hold are dropped first: one NUL in a
    /// student's output would otherwise make the whole file unreadable.
    static func text(_ value: String) -> String {
        // `>` only matters after `]]`, but escaping it everywhere is simpler to trust.
        MarkupEscaping.escape(PrintableText.clean(value))
    }

    /// Escaped attributes, double-quoted. Line breaks and tabs become character references, since
    /// a parser would otherwise turn them into spaces.
    static func attributes(_ pairs: [(String, String)]) -> String {
        pairs.map { name, value in " \(name)=\"\(MarkupEscaping.escape(PrintableText.clean(value), also: .xmlAttribute))\"" }.joined()
    }
}
