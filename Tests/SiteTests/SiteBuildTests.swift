import Foundation
import Testing
@testable import Site

/// The site as a whole: anchors, escaping, errors that name file and line, templates, the
/// incremental rebuild, search and print.
@Suite struct SiteBuildTests {
    @Test func headingsGetAnchorsUniqueWithinThePage() throws {
        let fixture = try SiteFixture()
        defer { fixture.remove() }
        _ = try fixture.build()
        let page = try fixture.read("demo.html")
        #expect(page.contains(#"<h1 id="demo-chapter">"#))
        #expect(page.contains(#"<h2 id="the-run">"#))
        #expect(page.contains(##"<a class="anchor" href="#the-run""##))
        // The second "The code" gets its own anchor.
        #expect(page.contains(#"<h2 id="the-code">"#))
        #expect(page.contains(#"<h2 id="the-code-1">"#))
        // The sidebar lists the sections.
        #expect(page.contains(##"<li><a href="#the-archive">The archive</a></li>"##))
        #expect(Slugs.slug("Step 1: opting in") == "step-1-opting-in")
        #expect(Slugs.slug("Two components — or three?") == "two-components-or-three")
    }

    @Test func everythingFromCapturesAndSourcesIsEscaped() throws {
        let fixture = try SiteFixture()
        defer { fixture.remove() }
        _ = try fixture.build()
        for file in ["demo.html", "print.html", "index.html"] {
            let page = try fixture.read(file)
            #expect(!page.contains("<script>"), "\(file) has a <script> from the captures, the sources or the prose")
            #expect(!page.contains("<b>"), "\(file) passes raw HTML through")
        }
        let page = try fixture.read("demo.html")
        #expect(page.contains("Leave &lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; and come back"))
        #expect(page.contains("Welcome to &lt;script&gt;alert(1)&lt;/script&gt;!"))
        #expect(page.contains("&lt;script&gt;key"))
        #expect(page.contains("A warning about") == false)
        #expect(page.contains("<!-- raw HTML omitted -->raw HTML<!-- raw HTML omitted -->"))
        // The only scripts are the site's own.
        #expect(page.components(separatedBy: "<script ").count - 1 == 4)
    }

    @Test func aDirectiveThatPointsAtNothingFailsNamingFileAndLine() throws {
        let fixture = try SiteFixture()
        defer { fixture.remove() }
        try fixture.write(SiteFixture.prose + """

            ```workbook
            run: Demo9Missing/leave
            ```

            ```workbook
            listing: Demo1Next/AppDelegate.swift
            symbol: AppDelegate.nowhere
            ```

            See [nothing](#no-such-heading).

            """, to: "Chapters/demo/chapter.md")
        let error = try #require(throws: SiteError.self) { try fixture.build() }
        let lines = SiteFixture.prose.components(separatedBy: "\n").count
        #expect(error.problems.contains { $0.hasPrefix("Chapters/demo/chapter.md:\(lines + 1): no app Demo9Missing in demo") })
        #expect(error.problems.contains { $0.hasPrefix("Chapters/demo/chapter.md:\(lines + 5): AppDelegate.swift declares no AppDelegate.nowhere") })
        #expect(!FileManager.default.fileExists(atPath: fixture.output.appendingPathComponent("demo.html").path))

        // With the directives fixed, the broken link is what is left.
        try fixture.write(SiteFixture.prose + "\nSee [nothing](#no-such-heading).\n", to: "Chapters/demo/chapter.md")
        let link = try #require(throws: SiteError.self) { try fixture.build() }
        #expect(link.problems == ["Chapters/demo/chapter.md:\(lines + 1): the link to #no-such-heading goes nowhere: no heading of this chapter has that anchor"])

        // A workbook block cmark ran to the end of the prose was never closed.
        try fixture.write(SiteFixture.prose + "\n```workbook\nrun: Demo1Next/leave\n", to: "Chapters/demo/chapter.md")
        let unclosed = try #require(throws: SiteError.self) { try fixture.build() }
        #expect(unclosed.problems == ["Chapters/demo/chapter.md:\(lines + 1): the workbook block is never closed"])
    }

    @Test func aRunWhoseExpectationsFailedFailsTheBuild() throws {
        let fixture = try SiteFixture()
        defer { fixture.remove() }
        try fixture.writeCapture(passed: false)
        let error = try #require(throws: SiteError.self) { try fixture.build() }
        // Both directives that show the run (the run and its archive) are named.
        #expect(error.problems.count == 2)
        #expect(error.problems[0].hasPrefix("Chapters/demo/chapter.md:7: Demo1Next/leave did not go as its scenario expects"))
        #expect(error.problems[0].contains("leave.scenario:4: expect flicker — the snapshot matched the first screen"))
    }

    @Test func aTemplateCanBeOverriddenByName() throws {
        let fixture = try SiteFixture()
        defer { fixture.remove() }
        try fixture.write("""
            <!DOCTYPE html><html lang="en"><head><title>{{title}}</title></head>
            <body class="mine">{{$main}}{{/main}}</body></html>
            """, to: "mine/layout.mustache")
        try fixture.write("body { color: red; }", to: "mine/style.css")
        _ = try fixture.build(templates: fixture.root.appendingPathComponent("mine"))
        let page = try fixture.read("demo.html")
        #expect(page.hasPrefix(#"<!DOCTYPE html><html lang="en"><head><title>Demo chapter</title></head>"#))
        #expect(page.contains(#"<body class="mine">"#))
        #expect(page.contains(#"<h2 id="the-run">"#))
        #expect(try fixture.read("style.css") == "body { color: red; }")
        // The templates not overridden are the package's.
        #expect(try fixture.read("search.js").contains("workbookSearchIndex"))
    }

    @Test func aTemplateWithAnErrorNamesItsFileAndLine() throws {
        let fixture = try SiteFixture()
        defer { fixture.remove() }
        try fixture.write("<p>\n{{#broken}}\n", to: "mine/index.mustache")
        let error = try #require(throws: SiteError.self) { try fixture.build(templates: fixture.root.appendingPathComponent("mine")) }
        #expect(error.problems.count == 1)
        #expect(error.problems[0].contains("mine/index.mustache:"))
    }

    @Test func aRebuildWithNothingChangedDoesNothing() throws {
        let fixture = try SiteFixture()
        defer { fixture.remove() }
        var runs = 0
        let first = try fixture.build { runs += 1 }
        #expect(runs == 1)
        #expect(first.chapters.map(\.rendered) == [true])
        #expect(first.written.contains("demo.html"))
        let page = fixture.output.appendingPathComponent("demo.html").path
        let written = try FileManager.default.attributesOfItem(atPath: page)[.modificationDate] as? Date

        let second = try fixture.build { runs += 1 }
        #expect(runs == 1, "nothing the runs depend on changed")
        #expect(second.chapters.map(\.rendered) == [false])
        #expect(second.written.isEmpty)
        #expect(!second.sharedRendered)
        #expect(try FileManager.default.attributesOfItem(atPath: page)[.modificationDate] as? Date == written)
    }

    @Test func aProseChangeRendersThatChapterOnlyWithoutRunning() throws {
        let fixture = try SiteFixture()
        defer { fixture.remove() }
        try fixture.write("# Other chapter\n\nSee the [demo](../demo/chapter.md#the-run).\n", to: "Chapters/other/chapter.md")
        var runs = 0
        _ = try fixture.build { runs += 1 }
        #expect(runs == 1, "the chapter of prose alone has nothing to run")
        #expect(try fixture.read("other.html").contains(#"<a href="demo.html#the-run">demo</a>"#))

        try fixture.write(SiteFixture.prose + "\nA new paragraph about marmalade.\n", to: "Chapters/demo/chapter.md")
        let report = try fixture.build { runs += 1 }
        #expect(runs == 1, "prose is not an input of the runs")
        #expect(report.chapters.map { "\($0.name) \($0.rendered)" } == ["demo true", "other false"])
        #expect(Set(report.written) == ["demo.html", "print.html", "search-index.js"])

        // A changed capture renders its chapter again, and so does a missing page.
        try FileManager.default.removeItem(at: fixture.output.appendingPathComponent("other.html"))
        let repaired = try fixture.build { runs += 1 }
        #expect(repaired.written == ["other.html"])
    }

    @Test func theSearchIndexHoldsEverySectionsWords() throws {
        let fixture = try SiteFixture()
        defer { fixture.remove() }
        _ = try fixture.build()
        let entries = try fixture.searchEntries()
        let chapter = try #require(entries.first)
        #expect(chapter.href == "demo.html")
        #expect(chapter.text.contains("Some prose with raw HTML in it and a link."))
        #expect(entries.contains { $0.href == "demo.html#the-run" && $0.title == "The run" })
        #expect(try fixture.read("search-index.js").hasPrefix("window.workbookSearchIndex = ["))
    }

    @Test("The folder to publish holds the site alone: no build records, no index no page loads")
    func thePublishedFolderHoldsNoBuildCache() throws {
        let fixture = try SiteFixture()
        defer { fixture.remove() }
        _ = try fixture.build()
        let published = try FileManager.default.contentsOfDirectory(atPath: fixture.output.path)
        #expect(!published.contains { $0.hasPrefix(".") }, "\(published)")
        #expect(!published.contains("search-index.json"))
        // The records are beside it, and the next build reads them: nothing to do.
        #expect(FileManager.default.fileExists(atPath: fixture.root.appendingPathComponent(".site-build/manifest.json").path))
        let again = try fixture.build()
        #expect(again.written.isEmpty && again.chapters.allSatisfy { !$0.rendered })
    }

    @Test func thePrintPageHoldsEveryChapterWithItsOwnAnchors() throws {
        let fixture = try SiteFixture()
        defer { fixture.remove() }
        _ = try fixture.build()
        let page = try fixture.read("print.html")
        #expect(page.contains(#"<section class="print-chapter" id="chapter-demo">"#))
        // Under the book's title, every heading is a level down.
        #expect(page.contains(#"<h2 id="demo--demo-chapter">"#))
        #expect(page.contains(#"<h3 id="demo--the-run">"#))
        #expect(page.contains(##"href="#demo--the-run""##))
        #expect(!page.contains(#"id="the-run""#))
    }

    @Test func linksAreRelative() throws {
        let fixture = try SiteFixture()
        defer { fixture.remove() }
        _ = try fixture.build()
        for file in ["demo.html", "index.html", "print.html"] {
            let page = try fixture.read(file)
            for match in page.matches(of: #/(?:href|src)="([^"]*)"/#) {
                let target = String(match.output.1)
                #expect(!target.hasPrefix("/"), "\(file) links to \(target)")
                let path = String(target.prefix { $0 != "#" })
                if !path.isEmpty {
                    #expect(FileManager.default.fileExists(atPath: fixture.output.appendingPathComponent(path).path), "\(file) links to \(target), which is not there")
                }
            }
        }
    }
}
