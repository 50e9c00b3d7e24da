import Foundation
import Testing
@testable import Checker

/// `--roster`: a spreadsheet of the institution's identities read forgivingly and checked
/// strictly, each submission set against it, and the grades written as Canvas's and Moodle's
/// importers take them, with every submission the roster does not name listed, never dropped.
@Suite struct RosterTests {
    static func error(_ text: String, file: String = "roster.csv") -> String {
        ShardMergeTests.error { try Roster.parse(text, file: file) }
    }

    @Test func columnsAreFoundByTheirNamesInAnyOrderAndCase() throws {
        // Excel's byte-order mark and semicolons, CRLF, a quoted name with a comma, Canvas's names.
        let text = "\u{FEFF}SIS Login ID;E-mail;Student;GitHub Username;SIS User ID;Section\r\n"
            + "amir1;amir@example.edu;\"Khan; Amir\";amir;20261;A\r\n"
            + "\r\n"
            + "zoe9;zoe@example.edu;Zoë Ω;Zoë Ω ?#%;20262;B\r\n"
        let roster = try Roster.parse(text, file: "roster.csv")
        #expect(roster.entries == [
            RosterEntry(submission: "amir", name: "Khan; Amir", login: "amir1", studentNumber: "20261", email: "amir@example.edu", section: "A"),
            RosterEntry(submission: "Zoë Ω ?#%", name: "Zoë Ω", login: "zoe9", studentNumber: "20262", email: "zoe@example.edu", section: "B"),
        ])
        // Moodle's export, with a submission column added: first and last names make the name.
        let moodle = try Roster.parse("First name,Last name,ID number,Email address,Folder\nAmir,Khan,20261,amir@example.edu,amir\n", file: "m.csv")
        #expect(moodle.entries == [RosterEntry(submission: "amir", name: "Amir Khan", studentNumber: "20261", email: "amir@example.edu")])
        // A quoted field may hold a line break; the next row's line is still its own.
        let multiline = try Roster.parse("submission,name,login\nbob,\"Bob\nMarley\",bm\ncara,Cara,cc\n", file: "r.csv")
        #expect(multiline.entries.map(\.name) == ["Bob\nMarley", "Cara"])
        #expect(Self.error("submission,name,login\nbob,\"Bob\nMarley\",bm\ncara,Cara\n") == "roster.csv:4: expected 3 fields, as the header on line 1 has, found 2 (a name with a comma must be quoted: \"Doe, Jane\")")
    }

    @Test func mistakesAreSaidWithTheFileTheLineAndWhatWasExpected() {
        #expect(Self.error("") == "roster.csv:1: the file is empty; expected a header line naming its columns")
        #expect(Self.error("name,email\nAmir,a@x\n")
            == "roster.csv:1: expected a submission column (the name each submission is graded under: its folder or zip, or the GitHub username), found \"name\", \"email\"")
        #expect(Self.error("submission,name\namir,Amir\n")
            == "roster.csv:1: expected a column a gradebook identifies students by (login, student number, email or canvas id), found \"submission\", \"name\"")
        #expect(Self.error("submission,email,E-mail\namir,a@x,b@x\n") == "roster.csv:1: both \"email\" and \"E-mail\" are the email column; keep one")
        #expect(Self.error("submission,login\namir,a1\nbob,b1\nAmir,a2\n") == "roster.csv:4: the submission Amir is also on line 2")
        #expect(Self.error("submission,login\namir,a1\n,b1\n") == "roster.csv:3: the submission column (\"submission\") is empty")
        #expect(Self.error("submission,login,name\namir,,Amir\n") == "roster.csv:2: amir has no login, student number, email or canvas id: a gradebook could not tell who they are")
        #expect(Self.error("submission,login\namir,\"a1\n") == "roster.csv:2: a field opened with a quote (\") is not closed before the end of the file")
    }

    static let roster = try! Roster.parse("""
        submission,name,login,student number,email,section,canvas id
        amir,Amir Khan,amir1,20261,amir@example.edu,A,101
        zoe,Zoë Adams,zoe9,20262,zoe@example.edu,B,
        bob,Bob Marley,bm,20263,bob@example.edu,A,103

        """, file: "roster.csv")

    static var matched: ClassResults {
        var results = ReportFixture.results
        results.roster = RosterMatch(results, roster: roster)
        return results
    }

    @Test func everySubmissionIsMatchedOrListedAndTheRostersOthersAreSaid() throws {
        let match = try #require(Self.matched.roster)
        #expect(match.matched.map(\.student) == ["amir", "zoe"])
        // Never dropped: every graded submission is one or the other.
        #expect(match.unmatched == ["-rm", ReportFixture.scriptStudent, ReportFixture.formulaStudent, "Zoë Ω ?#%"])
        #expect(Set(match.unmatched + match.matched.map(\.student)) == Set(ReportFixture.results.students.map(\.student)))
        #expect(match.notSubmitted.map(\.submission) == ["bob"])
        #expect(match.summary == [
            "Not on the roster roster.csv (graded, but left out of the gradebook files): -rm, \(ReportFixture.scriptStudent), \(ReportFixture.formulaStudent), Zoë Ω ?#%",
            "On the roster without a submission: bob (Bob Marley)",
        ])
        // A name typed another way on a Mac (decomposed, another case) is the same student.
        var results = ReportFixture.results
        results.students[results.students.firstIndex { $0.student == "zoe" }!].student = "ZOE"
        let decomposed = try Roster.parse("submission,login\nZoe\u{0308} Ω ?#%,z\nzoe,z2\n", file: "r.csv")
        #expect(Set(RosterMatch(results, roster: decomposed).matched.map(\.student)) == ["ZOE", "Zoë Ω ?#%"])
    }

    @Test("The gradebook files have Canvas's and Moodle's columns, read back by Python's csv, one row per matched student")
    func gradebookFilesAreWhatTheImportersRead() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let written = try ReportWriter(folder: folder.url).write(Self.matched).map(\.lastPathComponent)
        #expect(written.contains("canvas-grades.csv") && written.contains("moodle-grades.csv"))
        let read = try #require(Tool.python("""
            import csv, json, sys
            def rows(name):
                with open(sys.argv[1] + '/' + name, encoding='utf-8', newline='') as f:
                    return list(csv.reader(f, strict=True))
            print(json.dumps({'canvas': rows('canvas-grades.csv'), 'moodle': rows('moodle-grades.csv'),
                              'bom': open(sys.argv[1] + '/canvas-grades.csv', 'rb').read(3) == b'\\xef\\xbb\\xbf'}))
            """, [folder.url.path]) as? [String: Any])
        #expect(read["canvas"] as? [[String]] == [
            ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", "HypnoNerd"],
            ["    Points Possible", "", "", "", "", "6"],
            ["Amir Khan", "101", "20261", "amir1", "A", "6"],
            ["Zoë Adams", "", "20262", "zoe9", "B", "2"],
        ])
        #expect(read["moodle"] as? [[String]] == [
            ["Full name", "ID number", "Username", "Email address", "HypnoNerd"],
            ["Amir Khan", "20261", "amir1", "amir@example.edu", "6"],
            ["Zoë Adams", "20262", "zoe9", "zoe@example.edu", "2"],
        ])
        #expect(read["bom"] as? Bool == false, "an importer's file starts with its header, not a byte-order mark")
        // The class page and the JSON list who is not on the roster.
        let page = try String(contentsOf: folder.url.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(page.contains("Not on the roster") && page.contains("<li><bdi>-rm</bdi></li>") && page.contains("<bdi>bob (Bob Marley)</bdi>"))
        #expect(!page.contains("<script>alert"))
        let json = try ClassJSON.decode(Data(contentsOf: folder.url.appendingPathComponent("results.json")), file: "results.json")
        #expect(json.roster == Self.matched.roster)
        if let vnu = Tool.vnu {
            let checked = try Tool.run("java", ["-jar", vnu, "--errors-only", "--format", "text", folder.url.appendingPathComponent("index.html").path])
            #expect(checked.status == 0, "vnu found errors:\n\(checked.output)\(checked.errors)")
        }
    }

    @Test func withoutARosterNoGradebookFileIsWritten() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let written = try ReportWriter(folder: folder.url).write(ReportFixture.results).map(\.lastPathComponent)
        #expect(!written.contains("canvas-grades.csv") && !written.contains("moodle-grades.csv"))
        #expect(!(try String(contentsOf: folder.url.appendingPathComponent("results.json"), encoding: .utf8)).contains("\"roster\""))
    }
}
