import Foundation
import Testing

/// `workbook grade --roster`: read before anything is graded, its mistakes said with the file and
/// the line; the class set against it in the terminal, the JSON and the reports, with the
/// gradebooks' files beside them. Merged results stand in for a graded class: nothing is built.
@Suite struct RosterCommandTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A class of two as `workbook grade --json` writes it: amir with every point, zoe with none.
    static let results = """
        {"checks": [], "criteria": [{"name": "Reminder date", "points": 3, "tag": "date-picker", "visible": true}],
         "exercise": "hypnonerd", "title": "HypnoNerd",
         "students": [
          {"student": "amir", "source": "submissions/amir", "build": {"built": {}}, "seconds": 1,
           "criteria": [{"criterion": {"name": "Reminder date", "points": 3, "tag": "date-picker", "visible": true}, "status": "passed", "score": 3,
                         "checks": [{"name": "Date", "hidden": false, "status": "passed", "lost": [], "messages": [], "screens": [], "output": "", "code": ""}]}]},
          {"student": "zoe", "source": "submissions/zoe", "build": {"built": {}}, "seconds": 1,
           "criteria": [{"criterion": {"name": "Reminder date", "points": 3, "tag": "date-picker", "visible": true}, "status": "failed", "score": 0,
                         "checks": [{"name": "Date", "hidden": false, "status": "failed", "lost": [], "messages": ["line 9, expect: no"], "screens": [], "output": "", "code": ""}]}]}
         ]}
        """

    func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roster-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(Self.results.utf8).write(to: folder.appendingPathComponent("results.json"))
        return folder
    }

    @Test("Every submission the roster does not name is listed in the terminal, the JSON and the reports; the gradebooks' files hold the others")
    func unmatchedAreListedNeverDropped() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("Student,SIS Login ID,Email,GitHub\nAmir Khan,amir1,amir@example.edu,amir\nBob Marley,bm,bob@example.edu,bob\n".utf8)
            .write(to: folder.appendingPathComponent("roster.csv"))
        let report = folder.appendingPathComponent("report")
        let run = try workbook(arguments: ["grade", "hypnonerd", "--merge", "results.json", "--roster", "roster.csv", "--report", report.path,
                                           "--root", Self.root.path], in: folder)
        #expect(run.status == 1, "zoe did not earn every point: \(run.errors)")
        #expect(run.output.contains("Not on the roster roster.csv (graded, but left out of the gradebook files): zoe"), "\(run.output)")
        #expect(run.output.contains("On the roster without a submission: bob (Bob Marley)"))
        let canvas = try String(contentsOf: report.appendingPathComponent("canvas-grades.csv"), encoding: .utf8)
        #expect(canvas == "Student,ID,SIS User ID,SIS Login ID,Section,HypnoNerd\r\n    Points Possible,,,,,3\r\nAmir Khan,,,amir1,,3\r\n")
        let moodle = try String(contentsOf: report.appendingPathComponent("moodle-grades.csv"), encoding: .utf8)
        #expect(moodle == "Full name,ID number,Username,Email address,HypnoNerd\r\nAmir Khan,,amir1,amir@example.edu,3\r\n")
        #expect(try String(contentsOf: report.appendingPathComponent("index.html"), encoding: .utf8).contains("<li><bdi>zoe</bdi></li>"))

        let json = try workbook(arguments: ["grade", "hypnonerd", "--merge", "results.json", "--roster", "roster.csv", "--json",
                                            "--root", Self.root.path], in: folder)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let roster = try #require(object["roster"] as? [String: Any])
        #expect(roster["unmatched"] as? [String] == ["zoe"])
        #expect((roster["notSubmitted"] as? [[String: Any]])?.map { $0["submission"] as? String } == ["bob"])
    }

    @Test("A roster with a mistake stops grading before anything is built, naming the file and the line; one that is not there is a usage error")
    func mistakesStopBeforeGrading() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("submission,login\namir,a1\n\"zoe,z1\n".utf8).write(to: folder.appendingPathComponent("roster.csv"))
        let run = try workbook(arguments: ["grade", "hypnonerd", Self.root.appendingPathComponent("Tests/Fixtures/Submissions/correct").path,
                                           "--roster", "roster.csv", "--cache", folder.appendingPathComponent("cache").path, "--root", Self.root.path], in: folder)
        #expect(run.status == 1)
        #expect(run.errors == "Error: roster.csv:3: a field opened with a quote (\") is not closed before the end of the file\n", "\(run.errors)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("cache").path), "nothing was built")
        let missing = try workbook(arguments: ["grade", "hypnonerd", "--merge", "results.json", "--roster", "nowhere.csv", "--root", Self.root.path], in: folder)
        #expect(missing.status == 64)
        #expect(missing.errors.contains("nowhere.csv: cannot be read (is the path right?); --roster expects a CSV file"))
    }
}
