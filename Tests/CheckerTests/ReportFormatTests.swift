import Foundation
import Testing
@testable import Checker

/// Each file `workbook check --report` writes, read back by an independent parser (Python's csv,
/// json and xml.etree), with the values a teacher or a grading platform would see.
@Suite struct ReportFormatTests {
    /// Writes the fixture's reports and hands the folder to the test.
    func withReports(_ body: (URL, ClassResults) throws -> Void) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let results = ReportFixture.results
        try ReportWriter(folder: folder.url).write(results)
        try body(folder.url, results)
    }

    @Test func theReportFolderHasItsDocumentedLayout() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let whole = ReportFixture.results
        // The Gradescope bundle's run_autograder, PrairieLearn's entrypoint and the Classroom workflow rely on a
        // submission folder's student being `submission`.
        var one = whole.students.first { $0.student == "amir" }!
        one.student = "submission"
        let results = ClassResults(exercise: whole.exercise, title: whole.title, criteria: whole.criteria, students: [one])
        let report = folder.url.appendingPathComponent("report")
        for _ in 1...2 {  // and a second run writes over the first
            let written = try ReportWriter(folder: report).write(results)
            #expect(written.map { String($0.path.dropFirst(report.path.count + 1)) } == [
                "index.html", "results.csv", "results.json", "junit.xml", "students/submission/index.html",
                "students/submission/gradescope-results.json", "students/submission/exercism-results.json",
                "students/submission/prairielearn-results.json",
            ])
            #expect(written.allSatisfy { FileManager.default.fileExists(atPath: $0.path) })
        }
    }

    // MARK: CSV

    @Test func csvReadsBackWithPythonsCSVModule() throws {
        try withReports { folder, results in
            // UTF-8's byte-order mark first, so that Excel shows "Zoë" rather than "ZoÃ«".
            let bytes = try Data(contentsOf: folder.appendingPathComponent("results.csv"))
            #expect(Array(bytes.prefix(3)) == [0xEF, 0xBB, 0xBF])
            let rows = try #require(Tool.python("""
                import csv, json, sys
                with open(sys.argv[1], newline='', encoding='utf-8-sig') as f:
                    print(json.dumps(list(csv.reader(f))))
                """, [folder.appendingPathComponent("results.csv").path]) as? [[String]])
            #expect(rows.first == ["student", "source", "build", "Date picker (3 points)", "Selected tab (1 point)",
                                   "Reminder survives (2 points)", "total", "max"])
            #expect(rows.count == results.students.count + 1)
            let byStudent = Dictionary(uniqueKeysWithValues: rows.dropFirst().map { ($0[0], $0) })
            #expect(byStudent[ReportFixture.scriptStudent] == [ReportFixture.scriptStudent, "submissions/<script>alert(1)</script>.zip",
                                                               "built", "0", "1", "0", "1", "6"])
            #expect(byStudent["amir"] == ["amir", "submissions/amir", "built", "3", "1", "2", "6", "6"])
            #expect(byStudent["zoe"]?[2...] == ["built", "0", "0", "2", "2", "6"])
            // Formula-looking names are defused with an apostrophe, and stay whole despite the quote and comma.
            #expect(byStudent["'" + ReportFixture.formulaStudent] == ["'" + ReportFixture.formulaStudent,
                                                                      #"submissions/=HYPERLINK("x"),evil"#,
                                                                      "failed", "0", "0", "0", "0", "6"])
            #expect(byStudent["'-rm"]?[2] == "timed out")
            #expect(byStudent["Zoë Ω ?#%"]?[2] == "rejected")
        }
    }

    @Test func noCSVCellStartsLikeAFormula() throws {
        try withReports { folder, _ in
            let cells = try #require(Tool.python("""
                import csv, json, sys
                with open(sys.argv[1], newline='', encoding='utf-8-sig') as f:
                    print(json.dumps([cell for row in csv.reader(f) for cell in row]))
                """, [folder.appendingPathComponent("results.csv").path]) as? [String])
            #expect(!cells.isEmpty)
            for cell in cells {
                #expect(!(cell.first.map { "=+-@\t\r".contains($0) } ?? false), "a cell starts like a formula: \(cell)")
            }
        }
        #expect(CSVReport.cell("@SUM(A1)") == "'@SUM(A1)")
        #expect(CSVReport.cell("\tx") == "'\tx")
        #expect(CSVReport.cell("a\nb") == "\"a\nb\"")
        #expect(CSVReport.cell("plain") == "plain")
    }

    @Test func csvDropsControlCharactersAsTheOtherReportsDo() throws {
        #expect(CSVReport.cell("zo\u{0}e\u{1B}[31m!\u{7}") == "zoe!")
        #expect(CSVReport.cell("a\tb") == "a\tb")
        let results = ClassResults(exercise: "hypnonerd", title: "HypnoNerd", criteria: [],
                                   students: [StudentResult(student: "bell\u{7}", source: "s", build: .built, criteria: [], seconds: 0)])
        #expect(!CSVReport.render(results).unicodeScalars.contains("\u{7}"))
        // Without the mark, for tools that want plain UTF-8.
        #expect(CSVReport.render(results, byteOrderMark: false).hasPrefix("student,"))
        #expect(CSVReport.render(results, byteOrderMark: true).unicodeScalars.first == "\u{FEFF}")
    }

    // MARK: Class JSON

    @Test func classJSONRoundTripsAndPythonReadsTheSameScores() throws {
        try withReports { folder, results in
            let file = folder.appendingPathComponent("results.json")
            let data = try Data(contentsOf: file)
            #expect(try ClassJSON.decode(data, file: "results.json") == results)
            // Sorted keys and stable bytes: the same class gives the same file.
            #expect(try ClassJSON.encode(results) == data)
            let read = try #require(Tool.python("""
                import json, sys
                d = json.load(open(sys.argv[1], encoding='utf-8'))
                def sorted_everywhere(o):
                    if isinstance(o, dict):
                        return list(o) == sorted(o) and all(sorted_everywhere(v) for v in o.values())
                    if isinstance(o, list):
                        return all(sorted_everywhere(v) for v in o)
                    return True
                print(json.dumps({"exercise": d["exercise"], "sorted": sorted_everywhere(d),
                                  "students": [s["student"] for s in d["students"]],
                                  "scores": [sum(c["score"] for c in s["criteria"]) for s in d["students"]],
                                  "output": d["students"][1]["criteria"][0]["checks"][0]["output"]}))
                """, [file.path]) as? [String: Any])
            #expect(read["exercise"] as? String == "hypnonerd")
            #expect(read["sorted"] as? Bool == true)
            #expect(read["students"] as? [String] == results.students.map(\.student))
            #expect(read["scores"] as? [Double] == results.students.map(\.score))
            // The class file keeps everything, NUL and escapes included: it is data, not a page.
            #expect((read["output"] as? String)?.hasPrefix(ReportFixture.hostileOutput) == true)
        }
    }

    @Test func classJSONErrorsNameTheFileAndWhatWasWrong() throws {
        func message(_ json: String) -> String {
            do {
                _ = try ClassJSON.decode(Data(json.utf8), file: "shard-2.json")
                return "decoded"
            } catch {
                return "\(error)"
            }
        }
        let notJSON = message("{ not json")
        #expect(notJSON.hasPrefix("shard-2.json is not valid JSON"))
        let missing = message(#"{"exercise": "hypnonerd", "criteria": [], "students": []}"#)
        #expect(missing == #"shard-2.json: "title" is missing; is this a results.json written by workbook grade?"#)
        func file(of student: String) throws -> String {
            var results = ReportFixture.results
            results.students = results.students.filter { $0.student == student }
            return String(decoding: try ClassJSON.encode(results), as: UTF8.self)
        }
        let wrongType = message(try file(of: "amir").replacingOccurrences(of: #""seconds" : 12.4"#, with: #""seconds" : "a while""#))
        #expect(wrongType == "shard-2.json: students[0].seconds should be a number")
        let wrongStatus = message(try file(of: "-rm").replacingOccurrences(of: #""status" : "notRun""#, with: #""status" : "skipped""#))
        #expect(wrongStatus.hasPrefix("shard-2.json: students[0].criteria[0].status should be one of passed, failed"))
        #expect(!wrongStatus.contains("Swift") && !wrongStatus.contains("CodingKeys"))
    }

    // MARK: Gradescope

    @Test func gradescopeResultsGiveScoresAndHideHiddenCriteriaUntilPublished() throws {
        try withReports { folder, _ in
            let folders = SafeName.folders(for: ReportFixture.results.students.map(\.student))
            let index = try #require(ReportFixture.results.students.firstIndex { $0.student == ReportFixture.scriptStudent })
            let file = folder.appendingPathComponent("students/\(folders[index])/gradescope-results.json")
            let read = try #require(Tool.python("""
                import json, sys
                print(json.dumps(json.load(open(sys.argv[1], encoding='utf-8'))))
                """, [file.path]) as? [String: Any])
            #expect(read["score"] as? Double == 1)
            #expect(read["visibility"] as? String == "visible")
            #expect(read["stdout_visibility"] as? String == "hidden")
            // Shown as text, never as HTML: the student's name and output are hostile.
            #expect(read["output_format"] as? String == "text")
            #expect(read["test_output_format"] as? String == "text")
            #expect(read["test_name_format"] as? String == "text")
            #expect(read["execution_time"] as? Int == 42)
            let tests = try #require(read["tests"] as? [[String: Any]])
            #expect(tests.map { $0["name"] as? String } == ["Date picker", "Selected tab", "Reminder survives", "Total"])
            #expect(tests.map { $0["score"] as? Double } == [0, 1, 0, nil])
            #expect(tests.map { $0["max_score"] as? Double } == [3, 1, 2, nil])
            #expect(tests.map { $0["status"] as? String } == ["failed", "passed", "failed", nil])
            #expect(tests.map { $0["visibility"] as? String } == ["visible", "visible", "after_published", "after_published"])
            // While a criterion is hidden, the summary gives what the visible tests add up to and
            // never the total, which is published with the hidden tests.
            let summary = try #require(read["output"] as? String)
            #expect(summary.hasPrefix("HypnoNerd: 1 of 4 points from the checks shown now"), "\(summary)")
            #expect(!summary.contains("of 6"))
            #expect(tests[3]["output"] as? String == "HypnoNerd: 1 of 6 points.")
            let picker = try #require(tests[0]["output"] as? String)
            #expect(picker.contains(ReportFixture.lostDate))
            #expect(picker.contains("The date picker's date was not restored"))
            let hidden = try #require(tests[2]["output"] as? String)
            // The hidden criterion says the kind of state lost, never its values or how it was checked.
            #expect(hidden.contains("Lost: the text typed, in a text field"))
            #expect(!hidden.contains("Milk"))
            let whole = try String(contentsOf: file, encoding: .utf8)
            #expect(!whole.contains("SECRET-STEP"))
        }
    }

    @Test func gradescopeOutputOfAFailedBuildIsTheCompilersDiagnostics() throws {
        let student = try #require(ReportFixture.results.students.first { $0.student == ReportFixture.formulaStudent })
        let document = GradescopeResults.document(for: student, title: "HypnoNerd")
        #expect(document.score == 0)
        #expect(document.output.contains("did not build"))
        #expect(document.output.contains(ReportFixture.diagnostics))
        #expect(document.tests.filter { $0.name != GradescopeResults.totalName }.allSatisfy { $0.status == "failed" && $0.score == 0 })
    }

    @Test func gradescopeSummaryGivesTheTotalWhenEveryTestIsVisible() throws {
        var student = try #require(ReportFixture.results.students.first { $0.student == "amir" })
        student.criteria = student.criteria.filter(\.criterion.visible)
        let document = GradescopeResults.document(for: student, title: "HypnoNerd")
        #expect(document.output.hasPrefix("HypnoNerd: 4 of 4 points.\n"))
        #expect(!document.tests.contains { $0.name == GradescopeResults.totalName })
    }

    // MARK: Exercism

    @Test func exercismResultsFollowVersionThreeOfTheInterface() throws {
        try withReports { folder, results in
            let folders = SafeName.folders(for: results.students.map(\.student))
            func read(_ student: String) throws -> [String: Any] {
                let index = try #require(results.students.firstIndex { $0.student == student })
                let file = folder.appendingPathComponent("students/\(folders[index])/exercism-results.json")
                return try #require(Tool.python("""
                    import json, sys
                    d = json.load(open(sys.argv[1], encoding='utf-8'))
                    d["keys"] = sorted(d)
                    d["test_keys"] = [sorted(t) for t in d.get("tests", [])]
                    print(json.dumps(d))
                    """, [file.path]) as? [String: Any])
            }
            let failing = try read(ReportFixture.scriptStudent)
            #expect(failing["version"] as? Int == 3)
            #expect(failing["status"] as? String == "fail")
            // A top-level message belongs to errors only.
            #expect(failing["keys"] as? [String] == ["status", "tests", "version"])
            let tests = try #require(failing["tests"] as? [[String: Any]])
            #expect(tests.map { $0["status"] as? String } == ["fail", "pass", "fail"])
            // test_code is what ran: the scenario's steps, a hidden check by a line saying so.
            #expect(tests.map { $0["test_code"] as? String } == ["scenario \"Reminder keeps its date\"\nlaunch\npress home\nkill\nlaunch",
                                                                 "scenario \"Tab restored\"\nlaunch\npress home\nkill\nlaunch",
                                                                 ExercismResults.hiddenTestCode])
            // Tasks are the rubric's criteria, counted from 1.
            #expect(tests.map { $0["task_id"] as? Int } == [1, 2, 3])
            // A passing test's message is an explicit null.
            #expect((failing["test_keys"] as? [[String]])?[1].contains("message") == true)
            #expect(tests[1]["message"] is NSNull)
            #expect((tests[0]["message"] as? String)?.contains(ReportFixture.lostDate) == true)
            let output = try #require(tests[0]["output"] as? String)
            #expect(output.count <= 500)
            #expect(output.hasPrefix("</pre><img src=x onerror=alert(1)> ]]> nul: esc:red\ntick"))
            #expect(output.hasSuffix("Please limit to 500 chars.]"))
            #expect(tests[2]["output"] == nil)
            #expect(!((tests[2]["message"] as? String) ?? "").contains("SECRET-STEP"))

            let broken = try read(ReportFixture.formulaStudent)
            #expect(broken["status"] as? String == "error")
            #expect((broken["message"] as? String)?.contains("cannot find 'x' in scope") == true)
            #expect((broken["tests"] as? [[String: Any]])?.allSatisfy { $0["status"] as? String == "error" } == true)

            let passing = try read("amir")
            #expect(passing["status"] as? String == "pass")
            #expect(passing["message"] == nil)
        }
    }

    @Test func exercismOutputIsCutAt500CodePoints() {
        // "é" written as e and a combining accent: one Swift character, two code points.
        let accents = String(repeating: "e\u{301}", count: 400)
        let cut = ExercismResults.truncated(accents)
        #expect(cut.unicodeScalars.count <= 500, "\(cut.unicodeScalars.count) code points")
        #expect(cut.hasSuffix("Please limit to 500 chars.]"))
        let flags = String(repeating: "🇫🇷", count: 260)
        #expect(ExercismResults.truncated(flags).unicodeScalars.count <= 500)
        let short = String(repeating: "é", count: 500)
        #expect(ExercismResults.truncated(short) == short, "500 precomposed é are 500 code points: nothing to cut")
    }

    // MARK: JUnit

    @Test func junitXMLParsesWithOneSuitePerStudent() throws {
        try withReports { folder, results in
            let file = folder.appendingPathComponent("junit.xml")
            let read = try #require(Tool.python("""
                import json, sys, xml.etree.ElementTree as ET
                root = ET.parse(sys.argv[1]).getroot()
                suites = []
                for s in root.findall('testsuite'):
                    cases = []
                    for c in s.findall('testcase'):
                        kind = 'failure' if c.find('failure') is not None else 'error' if c.find('error') is not None else 'passed'
                        node = c.find(kind) if kind != 'passed' else None
                        out = c.find('system-out')
                        cases.append({'classname': c.get('classname'), 'name': c.get('name'), 'kind': kind,
                                      'message': node.get('message') if node is not None else None,
                                      'text': node.text if node is not None else None,
                                      'out': out.text if out is not None else None})
                    err = s.find('system-err')
                    suites.append({'name': s.get('name'), 'tests': s.get('tests'), 'failures': s.get('failures'),
                                   'errors': s.get('errors'), 'cases': cases, 'err': err.text if err is not None else None})
                print(json.dumps({'tag': root.tag, 'tests': root.get('tests'), 'suites': suites}))
                """, [file.path]) as? [String: Any])
            #expect(read["tag"] as? String == "testsuites")
            #expect(read["tests"] as? String == "18")
            let suites = try #require(read["suites"] as? [[String: Any]])
            #expect(suites.map { $0["name"] as? String } == results.students.map(\.student))
            let hostile = try #require(suites.first { $0["name"] as? String == ReportFixture.scriptStudent })
            let cases = try #require(hostile["cases"] as? [[String: Any]])
            #expect(cases.map { $0["classname"] as? String } == Array(repeating: "hypnonerd.\(ReportFixture.scriptStudent)", count: 3))
            #expect(cases.map { $0["name"] as? String } == ["Date picker", "Selected tab", "Reminder survives"])
            #expect(cases.map { $0["kind"] as? String } == ["failure", "passed", "failure"])
            #expect((cases[0]["message"] as? String)?.contains(ReportFixture.lostDate) == true)
            // The output survives as text: `]]>` and markup intact, NUL and colour codes gone.
            let out = try #require(cases[0]["out"] as? String)
            #expect(out.hasPrefix("</pre><img src=x onerror=alert(1)> ]]> nul: esc:red\n"))
            #expect(cases[2]["out"] is NSNull)
            let junit = try String(contentsOf: file, encoding: .utf8)
            #expect(!junit.contains("SECRET-STEP"))
            #expect(!junit.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })

            let zoe = try #require(suites.first { $0["name"] as? String == "zoe" })
            #expect((zoe["cases"] as? [[String: Any]])?.map { $0["kind"] as? String } == ["error", "error", "passed"])
            #expect(zoe["errors"] as? String == "2")
            let broken = try #require(suites.first { $0["name"] as? String == ReportFixture.formulaStudent })
            #expect((broken["err"] as? String)?.contains("cannot find 'x' in scope") == true)
            #expect(broken["errors"] as? String == "3")
        }
    }

    @Test func printableTextDropsWhatXMLCannotHold() {
        #expect(PrintableText.clean("a\u{0}b\u{1B}[1;31mc\u{1B}[0m\td\r\ne\u{7}\u{FFFE}f\u{85}") == "abc\td\r\nef")
        #expect(PrintableText.clean("\u{1B}]0;title\u{7}after") == "after")
        #expect(PrintableText.clean("line\u{1B}\nnext") == "line\nnext")
        #expect(PrintableText.clean("Reminder › 🐘 é") == "Reminder › 🐘 é")
    }
}
