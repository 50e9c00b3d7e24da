import Foundation
import Testing
@testable import Site

/// A log figure parts each line into the prefix every UIKit line repeats and the message a reader
/// came for, which the page draws first, while the text stays the line as the console printed
/// it. (Drawn in a browser, and copied there: ReaderBrowserTests.)
@Suite struct LogFigureTests {
    static let restoreState = "void _restoreState(UIApplication *, NSData *, NSObject<UIApplicationDelegate> *, NSURL *, NSString *, UIStateRestorationRestoreStateBeginHandler): "

    static let log = """
        ── launch 1 (version 1, clock 2026-11-22T09:00:00Z) ──
        2026-11-22 09:00:00.000 Islands[145:303] State restoration failed: earlier launches did not finish restoring (kRestorationTriesLeft reached 0).
        ── launch 2 (version 1, clock 2026-11-22T09:00:00Z) ──
        2026-11-22 09:00:00.000 Islands[143:303] \(restoreState)Root restoration identifier paths are (
            TabBarController,
            "TabBarController/:[0]:/LanternViewController"
        )
        2026-11-22 09:00:00.000 Islands[143:303] -[UIViewController(StateRestoration) _restoreChildViewControllers]: Can't find Child View Controller at index 1 with identifier TabBarController
        printed by the app <b>itself</b>

        """

    @Test("A line's prefix is NSLog's header and UIKit's function, C or Objective-C; a line without the header is all message")
    func prefixes() {
        func prefix(_ line: String) -> String { String(line[..<LogFigure.prefixEnd(of: line[...])]) }
        #expect(prefix("2026-11-22 09:00:00.000 Islands[143:303] \(Self.restoreState)Restoration Class map: {") == "2026-11-22 09:00:00.000 Islands[143:303] \(Self.restoreState)")
        #expect(prefix("2026-11-22 09:00:00.000 Islands[143:303] -[UIViewController(StateRestoration) _restoreChildViewControllers]: Can't find it")
                == "2026-11-22 09:00:00.000 Islands[143:303] -[UIViewController(StateRestoration) _restoreChildViewControllers]: ")
        // A message with words in brackets is not a function.
        #expect(prefix("2026-11-22 09:00:00.000 Islands[145:303] State restoration failed: earlier launches did not finish restoring (kRestorationTriesLeft reached 0).")
                == "2026-11-22 09:00:00.000 Islands[145:303] ")
        #expect(prefix("2026-11-22 09:00:00.000 My App[12:1a2b] A message") == "2026-11-22 09:00:00.000 My App[12:1a2b] ")
        #expect(prefix("Something (printed): by the app") == "")
        #expect(prefix("") == "")
    }

    @Test("Each entry is its prefix, then its message, in the console's order: the figure's text is the log as printed")
    func entriesKeepTheConsolesText() throws {
        let html = LogFigure.html(Self.log, restorationOnly: false)
        let code = try #require(html.range(of: "<code>").flatMap { start in html.range(of: "</code>").map { html[start.upperBound..<$0.lowerBound] } })
        // What a reader copies (page.js copies the text in the page's order) is what was printed.
        #expect(Self.textContent(code) == Self.log)

        let entries = code.components(separatedBy: "\n<").map { $0.hasPrefix("span") ? "<" + $0 : $0 }.filter { !$0.isEmpty }
        #expect(entries.count == 6, "\(entries)")
        #expect(entries[1] == #"<span class="log-entry log-restoration"><span class="log-prefix">2026-11-22 09:00:00.000 Islands[145:303] </span><span class="log-message">State restoration failed: earlier launches did not finish restoring (kRestorationTriesLeft reached 0).</span></span>"#)
        #expect(entries[3].hasPrefix(#"<span class="log-entry log-restoration"><span class="log-prefix">2026-11-22 09:00:00.000 Islands[143:303] void _restoreState(UIApplication *, NSData *, NSObject&lt;UIApplicationDelegate&gt; *, NSURL *, NSString *, UIStateRestorationRestoreStateBeginHandler): </span><span class="log-message">Root restoration identifier paths are (\#n    TabBarController,"#))
        #expect(entries[4].hasPrefix(#"<span class="log-entry log-restoration"><span class="log-prefix">2026-11-22 09:00:00.000 Islands[143:303] -[UIViewController(StateRestoration) _restoreChildViewControllers]: </span><span class="log-message">Can&#39;t find"#))
        #expect(entries[5] == #"<span class="log-entry"><span class="log-message">printed by the app &lt;b&gt;itself&lt;/b&gt;</span></span>"# + "\n")
        // Launch headings are the workbook's, not a device's: no prefix, no message, dimmed.
        #expect(entries[0] == #"<span class="log-launch">── launch 1 (version 1, clock 2026-11-22T09:00:00Z) ──</span>"#)
        // Its buttons: "As printed" and Copy, shown by page.js.
        #expect(html.contains(#"<button type="button" class="log-as-printed" aria-pressed="false" hidden"#))
        #expect(html.contains(#"<button type="button" class="copy" hidden title="Copy these lines as the console printed them">Copy</button>"#))
    }

    @Test("With filter: restoration, the lines kept are whole and as printed")
    func aFilteredLogKeepsWholeLines() throws {
        let html = LogFigure.html(Self.log, restorationOnly: true)
        let code = try #require(html.range(of: "<code>").flatMap { start in html.range(of: "</code>").map { html[start.upperBound..<$0.lowerBound] } })
        #expect(Self.textContent(code) == Self.log.replacingOccurrences(of: "printed by the app <b>itself</b>\n", with: ""))
    }

    /// The text a browser gives for HTML: tags dropped, the escapes undone.
    static func textContent(_ html: Substring) -> String {
        html.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
