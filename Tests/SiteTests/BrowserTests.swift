import Foundation
import Testing

/// The search script run by Node, as a browser would run it, over a small site's index. (The
/// real book in headless Chromium: ChapterTests' PublishedBookTests.) Skipped without Node.
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
        // Words of figures: a listing's identifier, a log's words.
        let code = try Self.run(Self.which("node")!, ["-e", script, fixture.output.path, "shouldSaveSecureApplicationState"])
        #expect(code.output.trimmingCharacters(in: .whitespacesAndNewlines) == #"["demo.html#the-code"]"#)
        let nothing = try Self.run(Self.which("node")!, ["-e", script, fixture.output.path, "marmalade"])
        #expect(nothing.output.trimmingCharacters(in: .whitespacesAndNewlines) == "[]")
    }
}
