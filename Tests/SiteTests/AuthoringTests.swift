import Foundation
import Testing
@testable import Site

/// What an author writing a book meets: chapters of prose alone, callouts, the pages a
/// published site needs (404, sitemap, favicon, "Edit this page"), templates that go wrong,
/// and a page of many headings.
@Suite struct AuthoringTests {
    @Test func aChapterOfProseAloneBuildsWithoutRunningAnything() throws {
        let fixture = try SiteFixture()
        defer { fixture.remove() }
        try fixture.write("""
            # Introduction

            Why apps come back, and how to read this book. No apps, no scenarios.

            ## How to read it

            Start with [the demo](../demo/chapter.md#the-run).

            """, to: "Chapters/intro/chapter.md")
        try fixture.write("intro\ndemo\n", to: "Chapters/contents.txt")
        var options = SiteBuilder.Options(packageRoot: fixture.root, output: fixture.output)
        options.generator = "tests"
        var ran: [String] = []
        let report = try SiteBuilder(options).build { chapter in ran.append(chapter.name) }
        #expect(ran == ["demo"], "only the chapter with scenarios is run")
        #expect(report.chapters.map(\.name) == ["intro", "demo"])
        let page = try fixture.read("intro.html")
        #expect(page.contains(#"<h2 id="how-to-read-it">"#))
        #expect(page.contains(#"<a href="demo.html#the-run">the demo</a>"#))
        #expect(try fixture.read("index.html").contains(#"<a href="intro.html">Introduction</a>"#))
    }

    @Test func blockQuotesThatStartWithNoteTipOrWarningAreCallouts() throws {
        let fixture = try SiteFixture()
        defer { fixture.remove() }
        try fixture.write(SiteFixture.prose + """

            > **Note:** the archive is written *after* the app enters the background.

            > **Tip** Name controllers after their class.

            > **warning**: a force quit deletes the archive.

            > **Nota bene** stays a quote, and so does a quote without bold.

            """, to: "Chapters/demo/chapter.md")
        _ = try fixture.build()
        let page = try fixture.read("demo.html")
        #expect(page.contains(#"<aside class="callout callout-note" aria-label="Note"><p class="callout-title">Note</p>"# + "\n<p>the archive is written <em>after</em> the app enters the background.</p>"))
        #expect(page.contains(#"<aside class="callout callout-tip" aria-label="Tip"><p class="callout-title">Tip</p>"# + "\n<p>Name controllers after their class.</p>"))
        #expect(page.contains(#"<p class="callout-title">Warning</p>"# + "\n<p>a force quit deletes the archive.</p>"))
        #expect(page.contains("<blockquote>\n<p><strong>Nota bene</strong> stays a quote"))
        #expect(page.components(separatedBy: #"<aside class="callout"#).count - 1 == 3)
    }

    @Test func aPublishedSiteHasA404PageASitemapAFaviconAndEditLinks() throws {
        let fixture = try SiteFixture()
        defer { fixture.remove() }
        _ = try fixture.build()
        // Without the settings: no sitemap, no edit link, but a 404 page and a favicon.
        #expect(!FileManager.default.fileExists(atPath: fixture.output.appendingPathComponent("sitemap.xml").path))
        #expect(!(try fixture.read("demo.html")).contains("Edit this page"))
        #expect(try fixture.read("404.html").contains("There is no such page"))
        #expect(try fixture.read("favicon.svg").hasPrefix("<svg"))
        #expect(try fixture.read("demo.html").contains(#"<link rel="icon" href="favicon.svg""#))

        var options = SiteBuilder.Options(packageRoot: fixture.root, output: fixture.output)
        options.generator = "tests"
        options.baseURL = "https://example.org/workbook"
        options.editURL = "https://github.com/someone/book/edit/main/"
        let report = try SiteBuilder(options).build()
        #expect(report.written.contains("sitemap.xml"))
        let sitemap = try fixture.read("sitemap.xml")
        #expect(sitemap.contains("<loc>https://example.org/workbook/index.html</loc>"))
        #expect(sitemap.contains("<loc>https://example.org/workbook/demo.html</loc>"))
        #expect(try fixture.read("demo.html").contains(#"<a href="https://github.com/someone/book/edit/main/Chapters/demo/chapter.md">Edit this page</a>"#))
        // Served for any missing address, at any depth: its relative links start from the base.
        #expect(try fixture.read("404.html").contains(#"<base href="https://example.org/workbook/">"#))
    }

    @Test func aTemplateThatIncludesItselfIsAnErrorNamingIt() throws {
        let fixture = try SiteFixture()
        defer { fixture.remove() }
        try fixture.write("<ol>{{#chapters}}<li>{{title}}{{>sidebar}}</li>{{/chapters}}</ol>", to: "mine/sidebar.mustache")
        let error = try #require(throws: SiteError.self) { try fixture.build(templates: fixture.root.appendingPathComponent("mine")) }
        #expect(error.problems.count == 1)
        #expect(error.problems[0].contains("mine/sidebar.mustache:1: the template sidebar includes itself (sidebar → sidebar)"))

        // Through another template.
        try FileManager.default.removeItem(at: fixture.root.appendingPathComponent("mine/sidebar.mustache"))
        try fixture.write("<div>\n  {{>search}}\n</div>", to: "mine/pager.mustache")
        try fixture.write("<input>{{>pager}}", to: "mine/search.mustache")
        let loop = try #require(throws: SiteError.self) { try fixture.build(templates: fixture.root.appendingPathComponent("mine")) }
        #expect(loop.problems.count == 1)
        #expect(loop.problems[0].contains("mine/pager.mustache:2: the template pager includes itself through search.mustache (pager → search → pager)"),
                "\(loop.problems)")
    }

    @Test func headingAnchorsTakeLinearTime() throws {
        // 20,000 identical headings: the n-th repeat used to try every number before its own,
        // some 200 million candidates in all; now at most two each.
        var slugs = Slugs()
        var last = ""
        for _ in 0..<20_000 { last = slugs.unique(for: "Try it") }
        #expect(last == "try-it-19999")
        #expect(slugs.candidatesTried <= 2 * 20_000, "20,000 anchors tried \(slugs.candidatesTried) candidates")
        // A heading that looks like a numbered repeat still gets an anchor of its own.
        var mixed = Slugs()
        #expect(["Try it", "Try it 1", "Try it", "Try it"].map { mixed.unique(for: $0) } == ["try-it", "try-it-1", "try-it-2", "try-it-3"])

        // A page of 8,000 identical headings builds.
        let fixture = try SiteFixture()
        defer { fixture.remove() }
        try fixture.write("# Many\n\n" + String(repeating: "## Same\n\nText.\n\n", count: 8_000), to: "Chapters/many/chapter.md")
        _ = try fixture.build(chapter: "many")
        #expect(try fixture.read("many.html").contains(#"<h2 id="same-7999">"#))
    }

    @Test func eachStepsSourcesAreAZipToDownload() throws {
        let fixture = try SiteFixture()
        defer { fixture.remove() }
        _ = try fixture.build()
        let page = try fixture.read("demo.html")
        #expect(page.contains(#"<a class="download" href="files/demo/Demo1Next.zip" download"#))
        let zip = try Data(contentsOf: fixture.output.appendingPathComponent("files/demo/Demo1Next.zip"))
        #expect(zip.starts(with: [0x50, 0x4B, 0x03, 0x04]))
        guard let unzip = BrowserTests.which("unzip") else { return }
        let listed = try BrowserTests.run(unzip, ["-t", fixture.output.appendingPathComponent("files/demo/Demo1Next.zip").path])
        #expect(listed.status == 0, "\(listed.output)")
        #expect(listed.output.contains("Demo1Next/AppDelegate.swift"))
        let printed = try BrowserTests.run(unzip, ["-p", fixture.output.appendingPathComponent("files/demo/Demo1Next.zip").path, "Demo1Next/AppDelegate.swift"])
        #expect(printed.output == SiteFixture.secondStep)
    }

    @Test func aDifferencesCopyButtonCopiesTheNewCodeOnly() throws {
        let fixture = try SiteFixture()
        defer { fixture.remove() }
        _ = try fixture.build()
        let page = try fixture.read("demo.html")
        let figure = try #require(page.range(of: #"<figure class="listing" data-code=""#).map { page[$0.upperBound...] })
        let code = String(figure[..<figure.firstIndex(of: "\"")!])
        #expect(code.contains("func greet() -&gt; String { greet(&quot;you&quot;) }"))
        #expect(code.hasPrefix("import RestorationKit\n"))
        #expect(page.contains(#"<button type="button" class="copy" hidden"#))
    }

    @Test func theSearchIndexHoldsTheFiguresWords() throws {
        let fixture = try SiteFixture()
        defer { fixture.remove() }
        _ = try fixture.build()
        let entries = try fixture.searchEntries()
        let code = try #require(entries.first { $0.title == "The code" })
        #expect(code.figures.contains("shouldSaveSecureApplicationState"))
        #expect(!code.text.contains("shouldSaveSecureApplicationState"), "code stays out of the prose a result quotes")
        let run = try #require(entries.first { $0.title == "The run" })
        #expect(run.figures.contains("Demo1Next"))
    }

    // MARK: Mistakes that used to pass in silence

    @Test func aScenarioFolderOfNoAppIsAnErrorNamingTheClosestApp() throws {
        let fixture = try SiteFixture()
        defer { fixture.remove() }
        try fixture.write("app Demo1Next\nlaunch\n", to: "Chapters/demo/Scenarios/Demo1Nxt/typo.scenario")
        try fixture.write("app Demo1Next\nlaunch\n", to: "Chapters/demo/Scenarios/loose.scenario")
        var ran: [String] = []
        let error = try #require(throws: SiteError.self) { try fixture.build(runs: { ran.append("run") }) }
        #expect(ran.isEmpty, "nothing is run for a book that is wrong")
        #expect(error.problems == [
            #"Chapters/demo/Scenarios/Demo1Nxt: there is no app "Demo1Nxt" in Chapters/demo/Apps. Did you mean Demo1Next? Apps: Demo0Start, Demo1Next. Its scenarios would never run."#,
            "Chapters/demo/Scenarios/loose.scenario:1: this scenario is in no app's folder, so it would never run; "
                + "move it to Scenarios/<App>/, the folder of the app it drives (apps: Demo0Start, Demo1Next)",
        ])
    }

    @Test func aMissingPartialIsAnErrorAtTheLineThatIncludesIt() throws {
        let fixture = try SiteFixture()
        defer { fixture.remove() }
        let layout = try String(contentsOf: fixture.root.appendingPathComponent("Templates/layout.mustache"), encoding: .utf8)
        let line = try #require(layout.components(separatedBy: "\n").firstIndex { $0.contains("{{>sidebar}}") }) + 1
        try fixture.write(layout.replacingOccurrences(of: "{{>sidebar}}", with: "{{>sidebr}}"), to: "mine/layout.mustache")
        let error = try #require(throws: SiteError.self) { try fixture.build(templates: fixture.root.appendingPathComponent("mine")) }
        #expect(error.problems.count == 1)
        #expect(error.problems[0].hasPrefix(fixture.root.appendingPathComponent("mine/layout.mustache").path
            + #":\#(line): the template layout includes sidebr, but there is no template "sidebr". Did you mean sidebar?"#), "\(error.problems)")
    }

    @Test func aTemplateThatIsNotTextIsAnErrorAtItsFirstBadByte() throws {
        let fixture = try SiteFixture()
        defer { fixture.remove() }
        try FileManager.default.createDirectory(at: fixture.root.appendingPathComponent("mine"), withIntermediateDirectories: true)
        // A picture saved under a template's name: PNG's signature, then binary data.
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D]).write(to: fixture.root.appendingPathComponent("mine/pager.mustache"))
        try Data("<p>\n{{title}}\0</p>".utf8).write(to: fixture.root.appendingPathComponent("mine/search.mustache"))
        let error = try #require(throws: SiteError.self) { try fixture.build(templates: fixture.root.appendingPathComponent("mine")) }
        let mine = fixture.root.appendingPathComponent("mine").path
        #expect(error.problems == [
            "\(mine)/pager.mustache:1: the template is not UTF-8 text: at column 1 (byte 0), the byte 0x89, which is not UTF-8",
            "\(mine)/search.mustache:2: the template is not UTF-8 text: at column 10 (byte 13), a NUL byte",
        ])
    }

    @Test func aChapterWithoutATitleIsAnError() throws {
        let fixture = try SiteFixture()
        defer { fixture.remove() }
        try fixture.write(SiteFixture.prose.replacingOccurrences(of: "# Demo chapter\n", with: "Demo chapter, no heading.\n"), to: "Chapters/demo/chapter.md")
        let error = try #require(throws: SiteError.self) { try fixture.build() }
        #expect(error.problems == ["Chapters/demo/chapter.md:1: the chapter has no title: expected a `# Title` heading (level 1) before its text"])
    }

    @Test func aChapterThatIsNotUTF8IsAnErrorAtItsLine() throws {
        let fixture = try SiteFixture()
        defer { fixture.remove() }
        // Saved as Latin-1: é is the single byte 0xE9.
        var prose = Data(SiteFixture.prose.utf8)
        let at = try #require(prose.range(of: Data("Some *prose*".utf8))).lowerBound
        prose.replaceSubrange(at..<(at + 4), with: [0x53, 0x6F, 0xE9, 0x65])
        try prose.write(to: fixture.root.appendingPathComponent("Chapters/demo/chapter.md"))
        let error = try #require(throws: SiteError.self) { try fixture.build() }
        #expect(error.problems == ["Chapters/demo/chapter.md:3: the prose is not UTF-8 text: at column 3 (byte \(at + 2)), the byte 0xE9, which is not UTF-8; save it as UTF-8"])
    }
}
