import Foundation

/// The class at a glance, for the teacher: one row per student with their points per criterion,
/// a link to their page, and the class's average per criterion at the foot.
public enum ClassPage {
    /// `folders` are the students' folder names under `students/`, in the order of
    /// `results.students` (as `SafeName.folders` gives them).
    public static func render(_ results: ClassResults, folders: [String]? = nil) -> String {
        let folders = folders ?? SafeName.folders(for: results.students.map(\.student))
        var body = "<h1>\(HTMLText.escape(results.title))</h1>\n"
        let built = results.students.filter { $0.build == .built }.count
        body += "<p class=\"muted\">\(results.students.count) \(results.students.count == 1 ? "student" : "students"), "
            + "\(built) built · out of \(ReportText.pointsWithUnit(results.maxScore))</p>\n"
        body += "<div class=\"table\">\n<table>\n<thead>\n<tr><th scope=\"col\">Student</th><th scope=\"col\">Build</th>"
        for criterion in results.criteria {
            let hidden = criterion.visible ? "" : " <span class=\"muted\">(hidden)</span>"
            body += "<th scope=\"col\" class=\"number\">\(HTMLText.escape(criterion.name))\(hidden)<br>"
                + "<span class=\"muted\">\(ReportText.pointsWithUnit(criterion.points))</span></th>"
        }
        body += "<th scope=\"col\" class=\"number\">Total</th></tr>\n</thead>\n<tbody>\n"
        for (student, folder) in zip(results.students, folders) {
            let href = "students/\(HTMLText.pathComponent(folder))/index.html"
            body += "<tr><th scope=\"row\"><a href=\"\(HTMLText.escape(href))\">\(HTMLText.name(student.student))</a></th>"
            body += "<td class=\"\(student.build == .built ? "passed" : "failed")\">\(ReportText.build(student.build))</td>"
            for criterion in results.criteria {
                if let result = ReportText.result(of: student, for: criterion) {
                    body += "<td class=\"number \(ReportPage.cssClass(result.status))\" title=\"\(ReportText.status(result.status))\">"
                        + "\(ReportText.points(result.score))</td>"
                } else {
                    body += "<td class=\"number muted\">–</td>"
                }
            }
            body += "<td class=\"number\">\(ReportText.points(student.score))</td></tr>\n"
        }
        body += "</tbody>\n"
        if !results.students.isEmpty {
            // Every student counts, a failed build as zero: the average is what the class earned.
            let count = Double(results.students.count)
            body += "<tfoot>\n<tr><th scope=\"row\">Average</th><td></td>"
            for criterion in results.criteria {
                let total = results.students.reduce(0) { $0 + (ReportText.result(of: $1, for: criterion)?.score ?? 0) }
                body += "<td class=\"number\">\(ReportText.average(total / count))</td>"
            }
            let total = results.students.reduce(0) { $0 + $1.score }
            body += "<td class=\"number\">\(ReportText.average(total / count))</td></tr>\n</tfoot>\n"
        }
        body += "</table>\n</div>\n"
        if let roster = results.roster {
            body += rosterSection(roster)
        }
        return ReportPage.document(title: results.title, body: body)
    }

    /// Who the roster does not name (graded above, left out of the gradebook files) and who it
    /// names without a submission.
    static func rosterSection(_ roster: RosterMatch) -> String {
        var html = "<h2>Roster</h2>\n<p class=\"muted\">\(HTMLText.escape(roster.file)): \(roster.matched.count) of the graded "
            + "submissions matched; canvas-grades.csv and moodle-grades.csv hold their grades.</p>\n"
        if !roster.unmatched.isEmpty {
            html += "<p class=\"failed\">Not on the roster (graded above, but in neither gradebook file):</p>\n<ul>\n"
                + roster.unmatched.map { "<li>\(HTMLText.name($0))</li>\n" }.joined() + "</ul>\n"
        }
        if !roster.notSubmitted.isEmpty {
            html += "<p>On the roster without a submission:</p>\n<ul>\n"
                + roster.notSubmitted.map { "<li>\(HTMLText.name(RosterMatch.describe($0)))</li>\n" }.joined() + "</ul>\n"
        }
        return html
    }
}
