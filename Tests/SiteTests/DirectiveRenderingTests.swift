import Foundation
import Testing
@testable import Site

/// Each kind of directive, rendered from captures and sources written by the test.
@Suite struct DirectiveRenderingTests {
    @Test func aRunShowsThreeScreensTheLostStateTheStepsAndTheLog() throws {
        let fixture = try SiteFixture()
        defer { fixture.remove() }
        _ = try fixture.build()
        let page = try fixture.read("demo.html")

        #expect(page.components(separatedBy: #"<div class="phone-screen">"#).count - 1 == 3)
        for caption in ["Before Home", "Shown at launch (snapshot)", "After relaunch"] {
            #expect(page.contains(caption))
        }
        // Flicker on the middle screen; the lost tab marked on the tab bars (solid where the user
        // had it, dashed for what came back), numbered as in the list below, with a legend.
        #expect(page.contains(#"<div class="moment shown flicker">"#))
        #expect(page.contains(#"<div class="wf-tabbar wf-lost">"#))
        #expect(page.contains(#"<div class="wf-tabbar wf-came-back">"#))
        #expect(page.contains(#"<span class="wf-badge" title="lost: the user had this and it did not come back">✕1</span>"#))
        #expect(page.contains("<li>the tab: comes back on &quot;First&quot; instead of &quot;Second&quot;</li>"))
        #expect(page.contains(#"<ul class="wf-legend" title="What the marks mean">"#))
        // Why, as the engine saw it, under what was lost, in the words the command line uses, and
        // the notes: in a box of its own, headed as the workbook's explanation, apart from the log.
        #expect(page.contains(#"<div class="lost"><p class="figure-title">Lost (1)</p><ol><li>the tab: comes back on &quot;First&quot; instead of &quot;Second&quot;</li></ol></div><div class="explanation"><p class="figure-title">The workbook's explanation <span class="explanation-aside">(its own words: no device prints these)</span></p>"#))
        #expect(page.contains(#"<p class="explanation-part">Why</p><ul><li>CityViewController, the window&#39;s root view controller, has no restoration identifier &lt;so&gt; it was skipped.</li></ul><p class="explanation-part">Notes</p><ul><li>DetailViewController at TabController/:[1]:/Detail was left out because its parent, TabController, was not restored.</li></ul></div>"#))
        #expect(page.components(separatedBy: #"<div class="explanation">"#).count == 2, "once, after the lost state, not again after the log")
        for meaning in ["lost: the user had this", "what came back in its place", "flicker: the snapshot showed what the app did not come back to"] {
            #expect(page.contains(meaning))
        }
        // The slider's knob sits where its value puts it; the tab bar shows the selected tab.
        #expect(page.contains(#"<span class="wf-knob" style="left: 89%">"#))
        #expect(page.contains(#"<span class="wf-tab wf-selected">Second</span>"#))
        // Steps with their outcome.
        #expect(page.contains(#"<li class="step passed expectation"><span class="mark" title="held">✓</span> <code>expect flicker</code>"#))
        // The log, restoration lines only, highlighted, the multi-line message kept whole.
        #expect(page.contains(#"<span class="log-entry log-restoration"><span class="log-prefix">2026-11-22 09:00:00.000 Tour[4243:303] void _restoreState(UIApplication *, NSData *, NSObject&lt;UIApplicationDelegate&gt; *, NSURL *, NSString *, UIStateRestorationRestoreStateBeginHandler): </span><span class="log-message">Root restoration identifier paths are (\#n    TabController,\#n    &quot;TabController/:[0]:/First&quot;\#n)</span></span>"#))
        #expect(!page.contains("A warning about"))
    }

    @Test func anArchiveIsDumpedAndCopiedToDownload() throws {
        let fixture = try SiteFixture()
        defer { fixture.remove() }
        _ = try fixture.build()
        let page = try fixture.read("demo.html")
        #expect(page.contains(#"<span class="archive-object">Restoration class map is {\#n</span>"#))
        #expect(page.contains(#"<span class="archive-object">Top Level\#n</span>"#))
        #expect(page.contains(#"<span class="archive-key">UIApplicationStateRestorationBundleVersion</span><span class="archive-value"><span class="archive-dots">...</span>1</span>"#))
        #expect(page.contains(#"href="files/demo/Demo1Next/leave/01-data.data" download="data.data""#))
        let copied = FileManager.default.contents(atPath: fixture.output.appendingPathComponent("files/demo/Demo1Next/leave/01-data.data").path)
        #expect(copied == FileManager.default.contents(atPath: fixture.capture.appendingPathComponent("archives/01-data.data").path))
    }

    @Test func listingsShowASymbolARegionAndAWholeFileWithItsDifference() throws {
        let fixture = try SiteFixture()
        defer { fixture.remove() }
        _ = try fixture.build()
        let page = try fixture.read("demo.html")
        let listings = page.components(separatedBy: #"<figure class="listing""#).dropFirst().map { $0.components(separatedBy: "</figure>")[0] }
        try #require(listings.count == 3)

        // symbol: both overloads of greet, with the doc comment above the first, and nothing else.
        #expect(listings[0].contains("AppDelegate.greet"))
        #expect(listings[0].contains(#"<span class="ln">13</span>"#))
        #expect(listings[0].contains(#"<span class="ln">15</span>"#))
        #expect(!listings[0].contains(#"<span class="ln">12</span>"#))
        #expect(!listings[0].contains(#"<span class="ln">16</span>"#))
        #expect(listings[0].contains(#"<span class="k">func</span>"#))

        // region: the lines between the markers, not the markers.
        #expect(listings[1].contains("shouldSaveSecureApplicationState"))
        #expect(!listings[1].contains("workbook:begin"))
        #expect(!listings[1].contains("greet"))

        // diff: previous: the added lines marked, the unchanged ones kept as context.
        #expect(listings[2].contains("changes since Demo0Start: +8 −0"))
        #expect(listings[2].contains(#"<span class="line added"><span class="ln">8</span><span class="sign">+</span>"#))
        #expect(listings[2].contains(#"<span class="line"><span class="ln">5</span><span class="sign"> </span>"#))
        #expect(!listings[2].contains("workbook:end"))
    }

    @Test func aDiffMarksRemovedLinesToo() {
        let old = ListingFigure.SourceFile(label: "A/F.swift", text: "let a = 1\nlet b = 2\nlet c = 3\n")
        let new = ListingFigure.SourceFile(label: "B/F.swift", text: "let a = 1\nlet b = 20\nlet c = 3\n")
        let html = ListingFigure.diffHTML(old: old, oldRanges: [1...3], new: new, newRanges: [1...3], what: nil, previousStep: "A")
        #expect(html.contains(#"<span class="line removed"><span class="ln">2</span><span class="sign">−</span>"#))
        #expect(html.contains(#"<span class="line added"><span class="ln">2</span><span class="sign">+</span>"#))
        #expect(html.contains("+1 −1"))
        #expect(html.range(of: "removed")!.lowerBound < html.range(of: "added")!.lowerBound)
    }

    @Test func symbolsAreFoundBySwiftSyntax() {
        let source = SiteFixture.secondStep
        #expect(SwiftDeclarations.lines(of: "AppDelegate", in: source) == [3...16])
        #expect(SwiftDeclarations.lines(of: "AppDelegate.window", in: source) == [5...5])
        #expect(SwiftDeclarations.lines(of: "AppDelegate.greet", in: source) == [13...14, 15...15])
        #expect(SwiftDeclarations.lines(of: "AppDelegate.missing", in: source).isEmpty)
        #expect(SwiftDeclarations.lines(of: "Nothing", in: source).isEmpty)
    }

    @Test func swiftFencesInProseAreHighlighted() throws {
        let fixture = try SiteFixture()
        defer { fixture.remove() }
        _ = try fixture.build()
        let page = try fixture.read("demo.html")
        #expect(page.contains(#"<span class="k">let</span> greeting = <span class="s">&quot;&lt;script&gt;hello&lt;/script&gt;&quot;</span>"#))
    }
}
