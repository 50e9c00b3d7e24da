import Foundation
import Testing

/// The built site in the programs a reader uses: the search script (run by Node, as a browser
/// would run it) and the page in headless Chromium. Each is skipped where its program is missing.
@Suite struct BrowserTests {
    static func which(_ program: String) -> String? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        return paths.map { "\($0)/\(program)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    @Test(.enabled(if: which("node") != nil, "node is not installed"))
    func theSearchFindsAWordOfTheChapter() throws {
        let fixture = try SiteFixture()
        defer { fixture.remove() }
        _ = try fixture.build()
        let script = """
            const vm = require("vm"), fs = require("fs");
            global.window = {};
            global.document = { getElementById: () => null };
            vm.runInThisContext(fs.readFileSync(process.argv[1] + "/search-index.js", "utf8"));
            vm.runInThisContext(fs.readFileSync(process.argv[1] + "/search.js", "utf8"));
            console.log(JSON.stringify(window.workbookSearch(process.argv[2]).map(r => r.entry.href)));
            """
        let found = try Self.run(Self.which("node")!, ["-e", script, fixture.output.path, "prose"])
        #expect(found.output.trimmingCharacters(in: .whitespacesAndNewlines) == #"["demo.html"]"#)
        let section = try Self.run(Self.which("node")!, ["-e", script, fixture.output.path, "the RUN"])
        #expect(section.output.hasPrefix(#"["demo.html#the-run""#))
        let nothing = try Self.run(Self.which("node")!, ["-e", script, fixture.output.path, "marmalade"])
        #expect(nothing.output.trimmingCharacters(in: .whitespacesAndNewlines) == "[]")
    }

    @Test(.enabled(if: which("chromium") != nil, "chromium is not installed"))
    func chromiumRendersTheChapterWithoutConsoleErrors() throws {
        let fixture = try SiteFixture()
        defer { fixture.remove() }
        _ = try fixture.build()
        let screenshot = fixture.root.appendingPathComponent("page.png")
        let result = try Self.run(Self.which("chromium")!, [
            "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--enable-logging=stderr", "--v=0",
            "--window-size=1280,2000", "--screenshot=\(screenshot.path)", fixture.output.appendingPathComponent("demo.html").absoluteString,
        ])
        #expect(result.status == 0)
        let console = result.output.components(separatedBy: "\n").filter { $0.contains("CONSOLE") || $0.contains("Uncaught") }
        #expect(console.isEmpty, "the page logged: \(console)")
        let png = try #require(FileManager.default.contents(atPath: screenshot.path))
        // The PNG's header holds its size; a blank page compresses to a few kilobytes.
        let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }, height = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect(width == 1280 && height == 2000)
        #expect(png.count > 40_000, "the screenshot looks blank (\(png.count) bytes)")
    }
}
