import Foundation
import Testing

/// The book as readers get it: the real chapters built into a site, then looked at with the
/// tools a publisher and a reader use. A page that the HTML checker rejects, that a browser
/// shows blank or with script errors, a search that finds nothing, or a link that goes nowhere
/// fails here.
@Suite(.serialized) struct PublishedBookTests {
    @Test func everyPagePassesTheHTMLChecker() throws {
        let pages = try PublishedBook.pages().map(\.path)
        #expect(pages.count >= 4, "expected the index, the print page and a page per chapter, got \(pages)")
        let checked = try ExternalTool.run("java", ["-jar", try ExternalTool.vnuJar(), "--errors-only", "--format", "text"] + pages)
        #expect(checked.status == 0, "the Nu HTML checker found errors:\n\(checked.output)")
    }

    @Test func chromiumShowsChapter24WithoutScriptErrors() throws {
        let screenshot = PublishedBook.root.appendingPathComponent("chapter24.png")
        let shown = try ExternalTool.chromium([
            "--enable-logging=stderr", "--v=0", "--window-size=1280,1800",
            "--screenshot=\(screenshot.path)", try PublishedBook.page("chapter24.html").absoluteString,
        ])
        #expect(shown.status == 0, "chromium failed:\n\(shown.output)")
        let console = shown.output.components(separatedBy: "\n").filter { $0.contains("CONSOLE") || $0.contains("Uncaught") }
        #expect(console.isEmpty, "the page logged:\n\(console.joined(separator: "\n"))")

        let picture = try Screenshot(png: screenshot)
        #expect(picture.width == 1280 && picture.height == 1800)
        // A page that failed to load is one colour; the chapter's text, code and phones are many.
        #expect(picture.inkedFraction > 0.05, "the screenshot is almost blank (\(picture.inkedFraction) of it inked)")
        #expect(picture.distinctColours > 50, "the screenshot has only \(picture.distinctColours) colours")
    }

    @Test func theSearchFindsAWordOfTheChapter() throws {
        // `?q=` opens a page with the search done, as a reader's shared link would.
        var page = URLComponents(url: try PublishedBook.page("index.html"), resolvingAgainstBaseURL: false)!
        page.queryItems = [URLQueryItem(name: "q", value: "UIDataSourceModelAssociation")]
        let dom = try ExternalTool.chromium(["--dump-dom", page.url!.absoluteString])
        let results = try #require(dom.output.range(of: #"id="search-results""#).map { String(dom.output[$0.lowerBound...]) })
        #expect(results.contains(#"href="chapter24.html#"#), "no result in chapter24:\n\(results.prefix(600))")

        page.queryItems = [URLQueryItem(name: "q", value: "marmalade")]
        let nothing = try ExternalTool.chromium(["--dump-dom", page.url!.absoluteString])
        #expect(nothing.output.contains("Nothing found for"))
    }

    @Test func everyLinkResolves() throws {
        let site = try PublishedBook.built.get()
        var broken: [String] = []
        var checked = 0
        for page in try PublishedBook.pages() {
            let html = try String(contentsOf: page, encoding: .utf8)
            for link in Self.links(in: html) {
                guard !link.hasPrefix("http://"), !link.hasPrefix("https://") else { continue }
                #expect(!link.hasPrefix("/"), "\(page.lastPathComponent): \(link) is not relative")
                checked += 1
                let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let target = parts[0].isEmpty ? page : site.appendingPathComponent(parts[0].removingPercentEncoding ?? parts[0])
                guard let text = try? String(contentsOf: target, encoding: .utf8) else {
                    if !FileManager.default.fileExists(atPath: target.path) { broken.append("\(page.lastPathComponent): \(link): no such file") }
                    continue
                }
                if parts.count == 2, !parts[1].isEmpty, !text.contains(#"id="\#(parts[1])""#) {
                    broken.append("\(page.lastPathComponent): \(link): no element with that id")
                }
            }
        }
        #expect(checked > 50, "only \(checked) links were found")
        #expect(broken.isEmpty, "broken links:\n\(broken.joined(separator: "\n"))")
    }

    /// Every `href` and `src` of a page.
    static func links(in html: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: #"\b(?:href|src)="([^"]*)""#)
        return pattern.matches(in: html, range: NSRange(html.startIndex..., in: html)).compactMap {
            Range($0.range(at: 1), in: html).map { String(html[$0]).replacingOccurrences(of: "&amp;", with: "&") }
        }
    }
}
