import Foundation
import RestorationModel
import Testing

/// A small book read in headless Chromium as a reader does, at a laptop's width and a phone's,
/// in one browser run: archive lines whole on the laptop and wrapped to fit on the phone; a log
/// line's message drawn above its prefix, which is folded to one line, and copied as the console
/// printed it; before and after side by side on the phone; a section reached by its link below
/// the sticky bar; the theme button; ← and → left to a focused listing; the print page's Print;
/// and axe-core's accessibility check in both themes, with no issue of any impact. Skipped
/// without Chromium or axe-core (`scripts/setup` installs both).
@Suite struct ReaderBrowserTests {
    static let chromium = BrowserTests.which("chromium")

    /// axe-core's script, as PyPI's axe-selenium-python ships it.
    static let axe: String? = {
        guard let python = BrowserTests.which("python3"),
              let found = try? BrowserTests.run(python, ["-c", "import axe_selenium_python, os; print(os.path.join(os.path.dirname(axe_selenium_python.__file__), 'node_modules', 'axe-core', 'axe.min.js'))"]),
              found.status == 0 else { return nil }
        let path = found.output.trimmingCharacters(in: .whitespacesAndNewlines)
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }()

    @Test(.enabled(if: chromium != nil && axe != nil, "needs chromium and axe-core (pip install axe-selenium-python): run scripts/setup"))
    func aReaderAtALaptopAndAPhone() throws {
        let fixture = try SiteFixture()
        defer { fixture.remove() }
        // A second chapter, for → to turn to; an archive line longer than a laptop's figure.
        try fixture.write("demo\nother\n", to: "Chapters/contents.txt")
        // The whole log, each line with its prefix; prose after the last section, so the page
        // can scroll its heading to the top.
        let wholeLog = "## The whole log\n\n```workbook\nrun: Demo1Next/leave\nshow: log\n```\n"
        try fixture.write(SiteFixture.prose + wholeLog + String(repeating: "\nMore words about the archive, to read after it.\n", count: 80), to: "Chapters/demo/chapter.md")
        try fixture.write("# Other chapter\n\nMore prose.\n", to: "Chapters/other/chapter.md")
        var archive = StateArchive()
        archive.topLevel = ["theStateOfTheControllerThatTheUserLeftOpen": .string(Array(repeating: "a few short words", count: 9).joined(separator: " "))]
        try archive.write(to: fixture.capture.appendingPathComponent("archives/01-data.data"))
        _ = try fixture.build()
        try FileManager.default.copyItem(atPath: Self.axe!, toPath: fixture.output.appendingPathComponent(".axe.js").path)
        let harness = fixture.output.appendingPathComponent(".reader.html")
        // The log as the console printed it, for the harness to compare what is copied with.
        let printed = try String(contentsOf: fixture.capture.appendingPathComponent("log.txt"), encoding: .utf8)
        let printedLiteral = String(decoding: try JSONEncoder().encode(printed), as: UTF8.self)
        try Data(Self.harness.replacingOccurrences(of: "CONSOLE_LOG", with: printedLiteral).utf8).write(to: harness)

        let shown = try Self.run(Self.chromium!, ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
                                                  "--allow-file-access-from-files", "--virtual-time-budget=60000", "--dump-dom", harness.absoluteString])
        let report = try #require(shown.range(of: #"<pre id="report">"#).map { String(shown[$0.upperBound...].prefix { $0 != "<" }) },
                                  "the harness did not report:\n\(shown.suffix(2000))")
        #expect(report.replacingOccurrences(of: "&gt;", with: ">").components(separatedBy: "\n") == [
            "laptop: the archive's long line is one line true",
            "laptop: the archive scrolls in its figure true",
            "laptop: each log line's message is above its prefix, folded to one line true",
            "laptop: the log's text is the log as printed true",
            "laptop: a selection across log lines copies as printed true",
            "laptop: the log's Copy copies it as printed true",
            "laptop: as printed, each prefix comes first, whole true",
            "theme light light",
            "theme dark dark rgb(22, 22, 24)",
            "theme system none",
            "a focused listing keeps ← and → true",
            "loaded other.html",
            "phone: the section is below the bar true",
            "phone: before and after side by side true",
            "phone: the archive fits its figure true",
            "phone: each log line's message is above its prefix, folded to one line true",
            "phone: the log fits its figure true",
            "axe light: none",
            "axe dark: none",
            "print: the dialog opened true",
        ])
    }

    /// The program's output (standard output and error), killed after two minutes.
    static func run(_ executable: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let deadline = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + 120, execute: deadline)
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        deadline.cancel()
        return output
    }

    /// Each page in a frame of the width a reader has; with file access, the harness measures
    /// inside the frame and loads axe-core into it.
    static let harness = """
        <!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>reader</title></head><body style="margin:0">
        <iframe id="frame" title="page" style="border:0;width:1280px;height:900px"></iframe>
        <pre id="report"></pre>
        <script>
        var frame = document.getElementById("frame"), report = [], stage = 0;
        function say(line) { report.push(line); document.getElementById("report").textContent = report.join("\\n"); }
        function key(target, name) { target.dispatchEvent(new KeyboardEvent("keydown", { key: name, bubbles: true })); }
        var consoleLog = CONSOLE_LOG;
        // The whole log's figure: its entries' message drawn above their prefix, each prefix one
        // line (it overflows its box, folded, but is never taller than a line).
        function wholeLog(doc) { return doc.getElementById("the-whole-log").nextElementSibling.querySelector(".log"); }
        function messagesFirst(doc, view) {
          var entries = wholeLog(doc).querySelectorAll(".log-entry");
          return entries.length === 2 && Array.prototype.every.call(entries, function (entry) {
            var prefix = entry.querySelector(".log-prefix"), message = entry.querySelector(".log-message");
            var line = parseFloat(view.getComputedStyle(prefix).lineHeight);
            return message.getBoundingClientRect().bottom <= prefix.getBoundingClientRect().top + 1
              && prefix.getBoundingClientRect().height < 1.5 * line && view.getComputedStyle(prefix).textOverflow === "ellipsis";
          });
        }
        // What the page puts on the clipboard when the reader copies the selection.
        function copied(doc, view, range) {
          var selection = view.getSelection();
          selection.removeAllRanges();
          selection.addRange(range);
          var data = new view.DataTransfer();
          range.startContainer.parentElement.dispatchEvent(new view.ClipboardEvent("copy", { clipboardData: data, bubbles: true, cancelable: true }));
          selection.removeAllRanges();
          return data.getData("text/plain");
        }
        function axe(doc, then) {
          var script = doc.createElement("script");
          script.src = ".axe.js";
          script.onload = function () {
            var run = function (theme, next) {
              if (theme) { doc.documentElement.dataset.theme = theme; } else { delete doc.documentElement.dataset.theme; }
              frame.contentWindow.axe.run(doc).then(function (found) {
                // Every impact, minor included (a role an element may not have is minor).
                var bad = found.violations;
                say("axe " + (theme || "light") + ": " + (bad.length ? bad.map(function (v) { return v.id + " " + v.nodes.slice(0, 3).map(function (n) { return n.target.join(" "); }).join(", "); }).join("; ") : "none"));
                next();
              });
            };
            run("", function () { run("dark", then); });
          };
          doc.head.appendChild(script);
        }
        frame.onload = function () {
          var doc = frame.contentDocument, view = frame.contentWindow;
          if (stage === 0) {
            stage = 1;
            var dump = doc.querySelector("pre.archive-dump");
            var long = Array.prototype.find.call(dump.querySelectorAll(".archive-line"), function (line) { return line.textContent.indexOf("theStateOf") >= 0; });
            var name = long.querySelector(".archive-key"), value = long.querySelector(".archive-value");
            say("laptop: the archive's long line is one line " + Array.prototype.every.call(value.getClientRects(), function (part) { return Math.abs(part.top - name.getBoundingClientRect().top) < 1; }));
            say("laptop: the archive scrolls in its figure " + (dump.scrollWidth > dump.clientWidth));
            say("laptop: each log line's message is above its prefix, folded to one line " + messagesFirst(doc, view));
            var log = wholeLog(doc), code = log.querySelector("code");
            say("laptop: the log's text is the log as printed " + (code.textContent === consoleLog));
            // From the first line's message into the second's, across the second's prefix.
            var messages = log.querySelectorAll(".log-message"), range = doc.createRange();
            range.setStart(messages[0].firstChild, 5);
            range.setEnd(messages[1].firstChild, 10);
            var from = consoleLog.indexOf(messages[0].textContent) + 5, to = consoleLog.indexOf(messages[1].textContent) + 10;
            say("laptop: a selection across log lines copies as printed " + (copied(doc, view, range) === consoleLog.slice(from, to) && from > 4 && to > from));
            var written = null;
            // A page from disk is a secure context in Chromium: the button writes to the clipboard.
            Object.defineProperty(view.navigator, "clipboard", { configurable: true, value: { writeText: function (text) { written = text; return Promise.resolve(); } } });
            log.querySelector(".copy").click();
            say("laptop: the log's Copy copies it as printed " + (written === consoleLog));
            log.querySelector(".log-as-printed").click();
            var long = log.querySelectorAll(".log-entry")[1];  // NSLog's header and UIKit's function
            var prefixBox = long.querySelector(".log-prefix").getClientRects(), messageBox = long.querySelector(".log-message").getClientRects();
            // Whole: the prefix wraps over lines of its own instead of being folded into one.
            say("laptop: as printed, each prefix comes first, whole " + (prefixBox[0].top <= messageBox[0].top && prefixBox.length > 1
              && log.querySelector(".log-as-printed").getAttribute("aria-pressed") === "true"));
            log.querySelector(".log-as-printed").click();
            var button = doc.getElementById("theme-button");
            button.click();
            say("theme light " + doc.documentElement.dataset.theme);
            button.click();
            say("theme dark " + doc.documentElement.dataset.theme + " " + view.getComputedStyle(doc.body).backgroundColor);
            button.click();
            say("theme system " + (doc.documentElement.dataset.theme || "none"));
            key(doc.querySelector("pre.code"), "ArrowRight");
            setTimeout(function () {
              say("a focused listing keeps ← and → " + /demo\\.html$/.test(view.location.pathname));
              key(doc.body, "ArrowRight");
            }, 500);
          } else if (stage === 1) {
            stage = 2;
            say("loaded " + view.location.pathname.split("/").pop());
            frame.style.width = "390px";
            frame.src = "demo.html#the-archive";
          } else if (stage === 2) {
            stage = 3;
            setTimeout(function () {
              var heading = doc.getElementById("the-archive"), bar = doc.querySelector(".topbar");
              say("phone: the section is below the bar " + (heading.getBoundingClientRect().top >= bar.getBoundingClientRect().bottom));
              var before = doc.querySelector(".moment.before .phone").getBoundingClientRect(), after = doc.querySelector(".moment.after .phone").getBoundingClientRect();
              say("phone: before and after side by side " + (Math.abs(before.top - after.top) < 1 && after.right <= doc.documentElement.clientWidth));
              var dump = doc.querySelector("pre.archive-dump");
              say("phone: the archive fits its figure " + (dump.scrollWidth <= dump.clientWidth));
              say("phone: each log line's message is above its prefix, folded to one line " + messagesFirst(doc, view));
              var logLines = wholeLog(doc).querySelector("pre.log-lines");
              say("phone: the log fits its figure " + (logLines.scrollWidth <= logLines.clientWidth));
              axe(doc, function () { frame.src = "print.html"; });
            }, 300);
          } else if (stage === 3) {
            stage = 4;
            var printed = false;
            view.print = function () { printed = true; };
            doc.querySelector(".print-link").click();
            setTimeout(function () { say("print: the dialog opened " + (printed && /print\\.html$/.test(view.location.pathname))); }, 300);
          }
        };
        frame.src = "demo.html";
        </script></body></html>
        """
}
