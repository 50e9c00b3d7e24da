import Foundation

/// Writes every report of a class into one folder:
///
///     index.html  results.csv  results.json  junit.xml
///     canvas-grades.csv  moodle-grades.csv      (with a roster: the gradebooks' imports)
///     students/<name>/index.html
///     students/<name>/gradescope-results.json
///     students/<name>/exercism-results.json
///     students/<name>/prairielearn-results.json
///
/// `<name>` is the student's name made safe as a folder name (`SafeName`).
public struct ReportWriter {
    public let folder: URL
    /// Whether `results.csv` starts with UTF-8's byte-order mark, so that Excel reads names as
    /// UTF-8 (`--no-csv-byte-order-mark` for tools that choke on it).
    public var csvByteOrderMark: Bool

    public init(folder: URL, csvByteOrderMark: Bool = true) {
        self.folder = folder
        self.csvByteOrderMark = csvByteOrderMark
    }

    /// Writes the reports and returns the files written, class files first.
    @discardableResult
    public func write(_ results: ClassResults) throws -> [URL] {
        let folders = SafeName.folders(for: results.students.map(\.student))
        var written: [URL] = []
        func write(_ data: Data, to url: URL) throws {
            do {
                try data.write(to: url, options: .atomic)
            } catch {
                throw CheckerError.cannotWrite(url, reason: error.localizedDescription)
            }
            written.append(url)
        }
        try makeFolder(folder)
        try write(Data(ClassPage.render(results, folders: folders).utf8), to: folder.appendingPathComponent("index.html"))
        try write(Data(CSVReport.render(results, byteOrderMark: csvByteOrderMark).utf8), to: folder.appendingPathComponent("results.csv"))
        try write(ClassJSON.encode(results), to: folder.appendingPathComponent("results.json"))
        try write(Data(JUnitReport.render(results).utf8), to: folder.appendingPathComponent("junit.xml"))
        if let roster = results.roster {
            try write(Data(GradebookFiles.canvas(results, roster: roster).utf8), to: folder.appendingPathComponent("canvas-grades.csv"))
            try write(Data(GradebookFiles.moodle(results, roster: roster).utf8), to: folder.appendingPathComponent("moodle-grades.csv"))
        }
        let students = folder.appendingPathComponent("students", isDirectory: true)
        for (student, name) in zip(results.students, folders) {
            let own = students.appendingPathComponent(name, isDirectory: true)
            // SafeName promises this; checked again because a mistake here writes outside the report.
            guard own.deletingLastPathComponent().standardizedFileURL == students.standardizedFileURL else {
                throw CheckerError.outsideReport(student: student.student, folder: students)
            }
            try makeFolder(own)
            try write(Data(StudentPage.render(student, title: results.title, classIndex: "../../index.html").utf8),
                      to: own.appendingPathComponent("index.html"))
            try write(GradescopeResults.encode(student, title: results.title), to: own.appendingPathComponent("gradescope-results.json"))
            try write(ExercismResults.encode(student, criteria: results.criteria), to: own.appendingPathComponent("exercism-results.json"))
            try write(PrairieLearnResults.encode(student, title: results.title), to: own.appendingPathComponent("prairielearn-results.json"))
        }
        return written
    }

    private func makeFolder(_ url: URL) throws {
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw CheckerError.reportFolder(url, reason: error.localizedDescription)
        }
    }
}
