import Foundation
@testable import LiveServer
import Testing

/// The page shown instead of a stale one while the build fails: where each problem is, and the
/// build's own words, escaped.
@Suite struct ProblemPageTests {
    @Test func aDirectivesProblemIsPlacedAtItsFileAndLine() {
        let problem = "Chapters/tour/chapter.md:31: there is no run Tour9/nowhere (runs of tour: Tour1WithoutRestoration/leave-and-come-back)"
        #expect(ProblemPage.location(of: problem) == ProblemPage.Location(file: "Chapters/tour/chapter.md", line: 31))
    }

    @Test func aCompilersErrorIsPlacedAtItsFileAndLineBelowTheFirstLine() {
        let problem = """
            building TourNotes failed:
            /work/book/Chapters/tour/Apps/TourNotes/NoteViewController.swift:12:5: error: cannot find 'feild' in scope
            """
        #expect(ProblemPage.location(of: problem) == ProblemPage.Location(file: "/work/book/Chapters/tour/Apps/TourNotes/NoteViewController.swift", line: 12))
    }

    @Test func aProblemWithoutAPlaceHasNone() {
        #expect(ProblemPage.location(of: "the templates folder is missing") == nil)
        #expect(ProblemPage.location(of: "Error: something: 12 things") == nil)
    }

    @Test func thePageNamesFileAndLineAndEscapesWhatTheBuildSaid() {
        let html = ProblemPage.html(problems: ["Chapters/demo/chapter.md:4: expected `show: screens`, got <script>alert(1)</script> & more"])
        #expect(html.contains("<code>Chapters/demo/chapter.md</code>, line 4"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; more"))
        #expect(!html.contains("<script>alert"))
        #expect(html.contains("The site was not built: a problem"))
    }
}
