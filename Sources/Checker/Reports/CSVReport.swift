import Foundation

/// The class as a spreadsheet: one row per student, one column per criterion. Written for
/// RFC 4180 readers (Excel, Numbers, Python's csv), with CRLF line ends.
public enum CSVReport {
    /// UTF-8's byte-order mark: without it Excel reads the file as the system's code page and
    /// shows `ZoÃ«` for `Zoë`. RFC 4180 readers that know UTF-8 (`utf-8-sig`) skip it.
    public static let byteOrderMark = "\u{FEFF}"

    /// The file's text; `byteOrderMark` puts the mark first, for spreadsheets.
    public static func render(_ results: ClassResults, byteOrderMark: Bool) -> String {
        (byteOrderMark ? Self.byteOrderMark : "") + render(results)
    }

    public static func render(_ results: ClassResults) -> String {
        let header = ["student", "source", "build"]
            + results.criteria.map { "\($0.name) (\(ReportText.pointsWithUnit($0.points)))" }
            + ["total", "max"]
        var rows = [header]
        for student in results.students {
            let scores = results.criteria.map { criterion in
                ReportText.result(of: student, for: criterion).map { ReportText.points($0.score) } ?? ""
            }
            rows.append([student.student, student.source, ReportText.build(student.build)]
                + scores
                + [ReportText.points(student.score), ReportText.points(results.maxScore)])
        }
        return rows.map { $0.map(cell).joined(separator: ",") + "\r\n" }.joined()
    }

    /// One field, defused and quoted.
    static func cell(_ value: String) -> String {
        // Control characters and terminal escapes are dropped as in every other report; tabs and
        // line breaks stay, quoted below.
        var value = PrintableText.clean(value)
        // Student names are folder names the students chose: `=HYPERLINK(...)` must stay text when
        // a teacher opens the file in a spreadsheet (OWASP's advice: a leading apostrophe).
        if let first = value.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) {
            value = "'" + value
        }
        // RFC 4180: a field holding a quote, a comma or a line break is quoted, its quotes doubled.
        if value.contains(where: { $0 == "\"" || $0 == "," || $0.isNewline }) {
            return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }
        return value
    }
}
