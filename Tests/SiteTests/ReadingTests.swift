import Captures
import Foundation
import RestorationModel
import Testing
@testable import Site

/// What a reader relies on to follow a figure: no mark without its explanation, drawings a
/// screen reader can say, archives whose lines can be laid out, code the search finds as it is
/// written, and a way to get and run the workbook. (How the pages look in a browser:
/// ReaderBrowserTests.)
@Suite struct ReadingTests {
    @Test("A run that shows only its screens still lists what its numbered marks point at")
    func marksComeWithTheirLostList() throws {
        let fixture = try SiteFixture()
        defer { fixture.remove() }
        try fixture.write(SiteFixture.prose.replacingOccurrences(of: "show: screens, lost, steps, log", with: "show: screens, log"), to: "Chapters/demo/chapter.md")
        _ = try fixture.build()
        let page = try fixture.read("demo.html")
        let screens = try #require(page.range(of: #"<div class="screens">"#))
        let list = try #require(page.range(of: #"<div class="lost"><p class="figure-title">Lost (1)</p>"#), "the drawings number a loss, so the list is there")
        let log = try #require(page.range(of: #"<div class="log">"#))
        #expect(screens.lowerBound < list.lowerBound && list.lowerBound < log.lowerBound, "the list follows the screens, before what was asked next")
        let explanation = try #require(page.range(of: #"<div class="explanation"><p class="figure-title">The workbook's explanation"#), "and why, in the workbook's own words")
        #expect(list.lowerBound < explanation.lowerBound && explanation.lowerBound < log.lowerBound)
        #expect(page.components(separatedBy: #"<div class="explanation">"#).count == 2, "once, not again after the log")
    }

    @Test("Lost and came back differ by sign, not only colour, and each drawn phone is an image labelled with its words and marks")
    func marksHaveASecondCueAndPhonesALabel() throws {
        let fixture = try SiteFixture()
        defer { fixture.remove() }
        _ = try fixture.build()
        let page = try fixture.read("demo.html")
        #expect(page.contains(#"title="lost: the user had this and it did not come back">✕1</span>"#))
        #expect(page.contains(#"title="what came back in its place">↩1</span>"#))
        #expect(page.contains(#"<span class="wf-key wf-lost">✕1</span>"#) && page.contains(#"<span class="wf-key wf-came-back">↩1</span>"#))
        // Before Home: the city's screen, its field, the lost tab.
        #expect(page.contains(#"<div class="phone" role="img" aria-label="Drawn phone screen: Tokyo &lt;script&gt; Welcome to &lt;script&gt;alert(1)&lt;/script&gt;! Name Rusty 0.89 First Second. Marked: lost 1."><div class="phone-screen">"#))
        #expect(page.contains(#"aria-label="Drawn phone screen: Cities 0.89 First Second. Marked: came back in place of what was lost 1.""#))
        #expect(page.contains(#"<div class="phone wf-flicker" role="img" aria-label="Drawn phone screen: Tokyo"#))
        #expect(page.contains(##"<a class="skip-link" href="#content">"##))
    }

    @Test("The flicker note says what happened: another screen promised, or the same screen come back changed")
    func theFlickerNoteFitsWhatCameBack() {
        let city = SiteFixture.screen(detail: true), list = SiteFixture.screen(detail: false)
        #expect(RunFigure.flickerSentence(shown: city, after: list).contains("promised a screen the app did not come back to"))
        let same = RunFigure.flickerSentence(shown: city, after: city)
        #expect(same.contains("came back to the same screen, but not as it was"))
        #expect(!same.contains("did not come back to"))
        // A comparison that came back with one of its two pages is still the comparison.
        let plant = { (text: String) in ScreenElement(role: .label, identifier: "Collected", properties: [.init("text", text)]) }
        let compare = { (pages: [String]) in
            Screen(content: ScreenElement(role: .window, children: [ScreenElement(role: .navigationBar, properties: [.init("title", "Compare")])] + pages.map(plant)),
                   chain: [ScreenController(name: "UINavigationController"), ScreenController(name: "CompareViewController")]
                       + pages.map { _ in ScreenController(name: "PlantViewController", embedded: true) })
        }
        #expect(RunFigure.flickerSentence(shown: compare(["Salt marsh", "Oak wood"]), after: compare(["Salt marsh"])).contains("came back to the same screen"))
    }

    @Test("diff: App compares with the step named, and a name of no app is an error that lists the apps")
    func aListingComparesWithANamedStep() throws {
        let fixture = try SiteFixture()
        defer { fixture.remove() }
        try fixture.write(SiteFixture.prose.replacingOccurrences(of: "diff: previous", with: "diff: Demo0Start"), to: "Chapters/demo/chapter.md")
        _ = try fixture.build()
        #expect(try fixture.read("demo.html").contains("changes since Demo0Start: +"))

        try fixture.write(SiteFixture.prose.replacingOccurrences(of: "diff: previous", with: "diff: Demo9"), to: "Chapters/demo/chapter.md")
        let error = try #require(throws: SiteError.self) { try fixture.build() }
        #expect(error.problems.count == 1)
        #expect(error.problems[0].contains("Chapters/demo/chapter.md:"), "\(error.problems)")
        #expect(error.problems[0].contains("`diff: Demo9`: no app Demo9 in demo; apps: Demo0Start, Demo1Next"), "\(error.problems)")
    }

    @Test("An archive dump's lines keep their text, in parts a narrow screen lays out: heading, rule, key, dots and value")
    func archiveLinesHaveParts() {
        #expect(ArchiveFigure.dumpLine("[View Controller] Tabs (Class: UITabBarController)") == #"<span class="archive-object">[View Controller] Tabs (Class: UITabBarController)\#n</span>"#)
        #expect(ArchiveFigure.dumpLine("-----") == "<span class=\"archive-rule\">-----\n</span>")
        let entry = ArchiveFigure.dumpLine("                kViewControllerViewWasLoadedKey...Yes")
        #expect(entry == #"<span class="archive-line"><span class="archive-indent">                </span><span class="archive-key">kViewControllerViewWasLoadedKey</span><span class="archive-value"><span class="archive-dots">...</span>Yes</span>\#n</span>"#)
        #expect(HTML.text(of: entry).replacingOccurrences(of: " ", with: "") == "kViewControllerViewWasLoadedKey...Yes\n")
        #expect(ArchiveFigure.dumpLine("") == "<span class=\"archive-line\">\n</span>")
    }

    @Test("The search holds a listing's code as written, without line numbers, diff signs or the Copy button")
    func theSearchHoldsCodeAsWritten() throws {
        let fixture = try SiteFixture()
        defer { fixture.remove() }
        _ = try fixture.build()
        let code = try #require(try fixture.searchEntries().first { $0.title == "The code" })
        #expect(code.figures.contains(#"func greet() -> String { greet("you") }"#), "\(code.figures)")
        #expect(code.figures.contains("shouldSaveSecureApplicationState coder: NSCoder) -> Bool"))
        #expect(!code.figures.contains("Copy"))
        #expect(code.figures.range(of: #"(^| )\d+ +(import|final|func|var|true|\})"#, options: .regularExpression) == nil, "a line number is in: \(code.figures)")
        #expect(HTML.searchText(of: #"<pre class="code"><code><span class="line added"><span class="ln">7</span><span class="sign">+</span><span class="k">let</span> x = <span class="t">coder</span>.decodeObject(of: <span class="t">Item</span>.self)"#)
                == " let x = coder.decodeObject(of: Item.self)")
    }

    @Test("The index says how to get and run the workbook, and every page's sidebar links there")
    func theIndexSaysHowToRunTheWorkbook() throws {
        let fixture = try SiteFixture()
        defer { fixture.remove() }
        var options = SiteBuilder.Options(packageRoot: fixture.root, output: fixture.output)
        options.generator = "tests"
        options.editURL = "https://github.com/someone/workbook/edit/main"
        _ = try SiteBuilder(options).build { _ in }
        let index = try fixture.read("index.html")
        for command in ["git clone https://github.com/someone/workbook restoration-workbook", "scripts/main", "workbook exercise start hypnonerd", "workbook check hypnonerd hypnonerd"] {
            #expect(index.contains(command), "\(command)")
        }
        #expect(index.contains(#"<h2 id="run-it-yourself">"#))
        #expect(try fixture.read("demo.html").contains(#"<a href="index.html#run-it-yourself">Run it yourself</a>"#))
        // Without an edit address, the command says what to put in.
        _ = try fixture.build()
        #expect(try fixture.read("index.html").contains("git clone &lt;the workbook's repository&gt; restoration-workbook"))
    }

    @Test("A step's download holds its scenarios and a README that says how to run them")
    func aStepsDownloadRuns() throws {
        let fixture = try SiteFixture()
        defer { fixture.remove() }
        _ = try fixture.build()
        let catalog = try ChapterCatalog(root: fixture.root.appendingPathComponent("Chapters"))
        let chapter = try catalog.chapter(named: "demo")
        let readme = StepDownload.readme("Demo1Next", of: chapter, scenarios: ["Scenarios/Demo1Next/leave.scenario"])
        #expect(readme.contains("workbook run demo --step Demo1Next --verbose"))
        #expect(readme.contains("- `Scenarios/Demo1Next/leave.scenario`"))
        guard let unzip = BrowserTests.which("unzip") else { return }
        let zip = fixture.output.appendingPathComponent("files/demo/Demo1Next.zip").path
        let listed = try BrowserTests.run(unzip, ["-l", zip]).output
        for file in ["README.md", "Demo1Next/AppDelegate.swift", "Scenarios/Demo1Next/leave.scenario"] {
            #expect(listed.contains(file), "\(file) is not in the zip:\n\(listed)")
        }
    }
}
