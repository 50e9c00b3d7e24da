import Foundation
import SourcePreparation

/// One student's results as a page they can read on their own: the score, the build, and for each
/// criterion what was checked, what was lost, why, the screens and what the app printed. A hidden
/// check shows its criterion and what was lost, never its steps, screens or output.
public enum StudentPage {
    /// `classIndex` is a link back to the class's page, for the teacher; leave it out for a page
    /// handed to the student alone.
    public static func render(_ student: StudentResult, title: String, classIndex: String? = nil) -> String {
        var body = ""
        if let classIndex {
            body += "<p><a href=\"\(HTMLText.escape(classIndex))\">\(HTMLText.escape(title)): the class</a></p>\n"
        }
        body += "<h1>\(HTMLText.name(student.student))</h1>\n"
        body += "<p class=\"muted\">\(HTMLText.escape(title)) · \(HTMLText.escape(student.source))</p>\n"
        body += "<p><strong>\(ReportText.points(student.score)) of \(ReportText.pointsWithUnit(student.maxScore))</strong></p>\n"
        body += build(student.build)
        if !student.buildNotes.isEmpty {
            body += "<p>\(HTMLText.escape(PreparedModule.heading))</p>\n<ul>\n"
                + student.buildNotes.map { "<li>\(HTMLText.escape($0))</li>\n" }.joined() + "</ul>\n"
        }
        for result in student.criteria {
            body += criterion(result)
        }
        return ReportPage.document(title: "\(HTMLText.plainName(student.student)): \(title)", body: body)
    }

    static func build(_ outcome: BuildOutcome) -> String {
        switch outcome {
        case .built:
            return "<p class=\"passed\">The submission built.</p>\n"
        case .failed(let diagnostics):
            return "<p class=\"failed\">The submission did not build, so no check ran. The compiler said:</p>\n"
                + "<pre>\(HTMLText.preformatted(diagnostics))</pre>\n"
        case .timedOut(let seconds):
            return "<p class=\"failed\">The build went past its time limit of \(ReportText.seconds(seconds)), so no check ran.</p>\n"
        case .rejected(let reason):
            return "<p class=\"failed\">The submission could not be read, so no check ran:</p>\n"
                + "<pre>\(HTMLText.preformatted(reason))</pre>\n"
        }
    }

    static func criterion(_ result: CriterionResult) -> String {
        let status = ReportPage.cssClass(result.status)
        var html = "<section class=\"criterion\">\n<header>\n"
        html += "<h2>\(HTMLText.escape(result.criterion.name))</h2>\n"
        html += "<p><span class=\"\(status)\">\(ReportText.status(result.status))</span> · "
            + "\(ReportText.points(result.score)) of \(ReportText.pointsWithUnit(result.criterion.points))</p>\n"
        html += "</header>\n"
        if result.checks.isEmpty, result.status == .notRun {
            html += "<p class=\"muted\">Not run: the submission did not build.</p>\n"
        }
        for check in result.checks {
            html += ReportText.isHidden(check, of: result) ? hiddenCheck(check) : visibleCheck(check)
        }
        html += "</section>\n"
        return html
    }

    /// Only what a student may know of a hidden check: that it ran, and what the user lost.
    static func hiddenCheck(_ check: CheckResult) -> String {
        var html = "<h3>Hidden check · <span class=\"\(ReportPage.cssClass(check.status))\">\(ReportText.status(check.status))</span></h3>\n"
        html += list("What was lost", check.lost.map(\.description))
        html += list("What caused it", check.why)
        return html
    }

    static func visibleCheck(_ check: CheckResult) -> String {
        var html = "<h3>\(HTMLText.escape(check.name)) · <span class=\"\(ReportPage.cssClass(check.status))\">\(ReportText.status(check.status))</span></h3>\n"
        html += list("What was lost", check.lost.map(\.description))
        html += list("What caused it", check.why)
        html += list("Why", check.messages)
        if !check.screens.isEmpty {
            // The screens before Home and after the relaunch, side by side in the reader's mind.
            html += "<p>The screens:</p>\n"
            html += check.screens.map { "<pre>\(HTMLText.preformatted($0))</pre>\n" }.joined()
        }
        if !check.output.isEmpty {
            html += "<p>What the app printed:</p>\n<pre class=\"output\">\(HTMLText.preformatted(check.output))</pre>\n"
        }
        return html
    }

    static func list(_ heading: String, _ items: [String]) -> String {
        guard !items.isEmpty else { return "" }
        return "<p>\(heading):</p>\n<ul>\n" + items.map { "<li>\(HTMLText.escape($0))</li>\n" }.joined() + "</ul>\n"
    }
}
