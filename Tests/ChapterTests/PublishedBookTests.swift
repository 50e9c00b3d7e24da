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
        #expect(pages.contains { $0.hasSuffix("/404.html") })
        // --Werror: a warning (a heading out of place, say) fails as an error does.
        let checked = try ExternalTool.run("java", ["-jar", try ExternalTool.vnuJar(), "--Werror", "--format", "text"] + pages)
        #expect(checked.status == 0, "the Nu HTML checker found errors or warnings:\n\(checked.output)")
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
        #expect(results.contains(#"href="chapter24.html?highlight="#), "no result in chapter24:\n\(results.prefix(600))")

        // Code identifiers and archive keys are found too, not only prose.
        for word in ["restorationClass", "kViewControllerViewWasLoadedKey"] {
            page.queryItems = [URLQueryItem(name: "q", value: word)]
            let found = try ExternalTool.chromium(["--dump-dom", page.url!.absoluteString])
            let listed = try #require(found.output.range(of: #"id="search-results""#).map { String(found.output[$0.lowerBound...]) })
            #expect(listed.contains(#"href="chapter24.html?highlight="#), "\(word): no result in chapter24:\n\(listed.prefix(600))")
        }

        page.queryItems = [URLQueryItem(name: "q", value: "marmalade")]
        let nothing = try ExternalTool.chromium(["--dump-dom", page.url!.absoluteString])
        #expect(nothing.output.contains("Nothing found for"))
    }

    /// Every page at a phone's width and a laptop's: nothing wider than the window (code and
    /// the strip of screens scroll inside their own boxes, which is by design).
    @Test(arguments: [390, 1280])
    func noPageIsWiderThanTheWindow(width: Int) throws {
        let pages = try PublishedBook.pages().map(\.lastPathComponent).filter { !$0.hasPrefix(".") }
        #expect(pages.count >= 5)
        let probe = try PublishedBook.built.get().appendingPathComponent(".overflow-probe-\(width).html")
        try Data(Self.overflowProbe(width: width, pages: pages).utf8).write(to: probe)
        defer { try? FileManager.default.removeItem(at: probe) }
        // Each page in turn in a frame of that width, in one browser; with file access, the
        // probe can measure inside the frame.
        let shown = try ExternalTool.chromium(["--allow-file-access-from-files", "--window-size=1400,1000", "--virtual-time-budget=20000",
                                               "--dump-dom", probe.absoluteString])
        let report = try #require(shown.output.range(of: #"<pre id="report">"#).map { String(shown.output[$0.upperBound...].prefix { $0 != "<" }) },
                                  "at \(width) px: the probe did not report")
        let measured = try JSONDecoder().decode([OverflowReport].self, from: Data(report.replacingOccurrences(of: "&quot;", with: "\"").utf8))
        #expect(measured.map(\.page) == pages, "the probe measured \(measured.map(\.page))")
        for page in measured {
            #expect(page.viewport == width)
            #expect(page.scrollWidth <= width && page.wide.isEmpty,
                    "\(page.page) at \(width) px is \(page.scrollWidth) px wide: \(page.wide.joined(separator: ", "))")
        }
    }

    struct OverflowReport: Decodable {
        var page: String
        var viewport: Int
        var scrollWidth: Int
        /// Elements that reach past the window's right edge, outside any box that scrolls.
        var wide: [String]
    }

    static func overflowProbe(width: Int, pages: [String]) -> String {
        let list = pages.map { "\"\($0)\"" }.joined(separator: ", ")
        return """
        <!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>probe</title></head><body style="margin:0">
        <iframe id="frame" title="page" style="border:0;width:\(width)px;height:900px"></iframe>
        <pre id="report"></pre>
        <script>
        var frame = document.getElementById("frame"), pages = [\(list)], next = 0, reports = [];
        frame.onload = function () {
          var doc = frame.contentDocument, view = frame.contentWindow, width = doc.documentElement.clientWidth, wide = [];
          doc.querySelectorAll("body *").forEach(function (element) {
            var box = element.getBoundingClientRect();
            if (box.width === 0 || box.right <= width + 0.5) { return; }
            for (var up = element.parentElement; up; up = up.parentElement) {
              if (view.getComputedStyle(up).overflowX !== "visible" && up.getBoundingClientRect().right <= width + 0.5) { return; }
            }
            wide.push(element.tagName.toLowerCase() + (element.className ? "." + String(element.className).split(" ").join(".") : "") + " reaching " + Math.round(box.right) + " px");
          });
          reports.push({ page: pages[next - 1], viewport: width, scrollWidth: doc.documentElement.scrollWidth, wide: wide.slice(0, 12) });
          document.getElementById("report").textContent = JSON.stringify(reports);
          if (next < pages.length) { frame.src = pages[next++]; }
        };
        frame.src = pages[next++];
        </script></body></html>
        """
    }

    /// A reader with only a keyboard: `/` goes to the search, ↓ picks the first result, Enter
    /// opens it with the word highlighted, ← turns to the previous chapter; then, at a phone's
    /// width, the chapters hide behind the menu button, which shows them. (Keys are sent to the
    /// page in a frame; with file access, the harness can reach into it.)
    @Test func theKeyboardSearchesOpensAResultAndTurnsPages() throws {
        let harness = try PublishedBook.built.get().appendingPathComponent(".keyboard-harness.html")
        try Data(Self.keyboardHarness.utf8).write(to: harness)
        defer { try? FileManager.default.removeItem(at: harness) }
        let shown = try ExternalTool.chromium(["--allow-file-access-from-files", "--virtual-time-budget=10000", "--dump-dom", harness.absoluteString])
        let report = try #require(shown.output.range(of: #"<pre id="report">"#).map { String(shown.output[$0.upperBound...].prefix { $0 != "<" }) })
        #expect(report.components(separatedBy: "\n") == [
            "loaded tour.html",
            "focused true",
            "selected chapter24.html?highlight=restorationclass#step-3-making-the-controllers-again",
            "loaded chapter24.html?highlight=restorationclass#step-3-making-the-controllers-again",
            "highlighted true",
            "loaded tour.html",
            "chapters shown false",
            "after the menu button true true",
        ])
    }

    static let keyboardHarness = """
        <!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>keys</title></head><body>
        <iframe id="frame" title="page" style="width:1280px;height:900px"></iframe>
        <pre id="report"></pre>
        <script>
        var frame = document.getElementById("frame"), report = [], stage = 0;
        function say(line) { report.push(line); document.getElementById("report").textContent = report.join("\\n"); }
        function key(doc, name, target) { (target || doc.body).dispatchEvent(new KeyboardEvent("keydown", { key: name, bubbles: true })); }
        frame.onload = function () {
          var doc = frame.contentDocument;
          say("loaded " + frame.contentWindow.location.href.split("/").pop());
          if (stage === 0) {
            stage = 1;
            key(doc, "/");
            var input = doc.getElementById("search");
            say("focused " + (doc.activeElement === input));
            input.value = "restorationClass";
            input.dispatchEvent(new Event("input", { bubbles: true }));
            setTimeout(function () {
              key(doc, "ArrowDown", input);
              var chosen = doc.querySelector("#search-results a[aria-selected=true]");
              say("selected " + (chosen ? chosen.getAttribute("href") : "none"));
              key(doc, "Enter", input);
            }, 300);
          } else if (stage === 1) {
            stage = 2;
            say("highlighted " + (doc.querySelectorAll("mark.search-hit").length > 0));
            key(doc, "ArrowLeft");
          } else if (stage === 2) {
            // At a phone's width the chapters are behind the menu button.
            stage = 3;
            frame.style.width = "390px";
            var sidebar = doc.getElementById("sidebar"), menu = doc.getElementById("menu-button");
            say("chapters shown " + (sidebar.getClientRects().length > 0));
            menu.click();
            say("after the menu button " + (sidebar.getClientRects().length > 0) + " " + menu.getAttribute("aria-expanded"));
          }
        };
        frame.src = "tour.html";
        </script></body></html>
        """

    @Test("The stages page's archive differences show what each stage changed, never a class under a step's own module")
    func stageDifferencesNameNoStepModule() throws {
        let page = try String(contentsOf: try PublishedBook.page("stages.html"), encoding: .utf8)
        #expect(page.contains("Islands.IslandViewController"))
        #expect(page.range(of: #"Islands[0-9][A-Za-z]*\.[A-Z]"#, options: .regularExpression) == nil)
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
