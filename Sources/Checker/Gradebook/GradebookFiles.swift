import Foundation

/// The class's grades as the gradebooks of Canvas and Moodle import them, one row per student the
/// roster names, the total score as the exercise's one grade. Rows are RFC 4180 CSV (CRLF,
/// quoted fields), UTF-8 without a byte-order mark: these files are for the gradebooks' importers,
/// not for a spreadsheet.
public enum GradebookFiles {
    /// Canvas's gradebook import (Grades › Import), laid out as Canvas's own export is:
    /// `Student, ID, SIS User ID, SIS Login ID, Section`, then one column per assignment, and a
    /// `Points Possible` row under the header. Canvas matches each row by its ID, SIS User ID or
    /// SIS Login ID; a column whose header names no existing assignment becomes a new one
    /// (rename it `Title (12345)` to fill an existing assignment, its ID as in Canvas's export).
    public static func canvas(_ results: ClassResults, roster: RosterMatch) -> String {
        var rows = [["Student", "ID", "SIS User ID", "SIS Login ID", "Section", results.title],
                    ["    Points Possible", "", "", "", "", ReportText.points(results.maxScore)]]
        for (student, entry) in graded(results, roster) {
            rows.append([entry.name.isEmpty ? entry.submission : entry.name, entry.canvasID, entry.studentNumber, entry.login, entry.section,
                         ReportText.points(student.score)])
        }
        return csv(rows)
    }

    /// Moodle's grade import (Grades › Import › CSV file): a header line, then one row per
    /// student. On import, "Map from" one of the identity columns (`ID number`, `Username` or
    /// `Email address`) "to" the user field of the same name, and the exercise's column to its
    /// grade item (or a new one).
    public static func moodle(_ results: ClassResults, roster: RosterMatch) -> String {
        var rows = [["Full name", "ID number", "Username", "Email address", results.title]]
        for (student, entry) in graded(results, roster) {
            rows.append([entry.name, entry.studentNumber, entry.login, entry.email, ReportText.points(student.score)])
        }
        return csv(rows)
    }

    /// Each matched student's result with their roster entry, in the results' order.
    static func graded(_ results: ClassResults, _ roster: RosterMatch) -> [(StudentResult, RosterEntry)] {
        roster.matched.compactMap { match in
            results.students.first { $0.student == match.student }.map { ($0, match.entry) }
        }
    }

    private static func csv(_ rows: [[String]]) -> String {
        rows.map { $0.map(CSVReport.cell).joined(separator: ",") + "\r\n" }.joined()
    }
}
