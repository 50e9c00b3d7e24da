import Captures
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import Runner

/// The one way the workbook runs a tool: found on the PATH, in the folder asked for, its output
/// kept, and past its time limit ended with everything it started.
struct TimedCommandTests {
    @Test("A tool is found by name on the PATH and runs in the folder asked for")
    func findsAndMoves() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("timed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try TimedCommand(named: "pwd", arguments: ["-P"], timeLimit: 20, workingDirectory: folder).run()
        #expect(result.succeeded)
        #expect(result.lines == [folder.resolvingSymlinksInPath().path])
    }

    @Test("A tool that is nowhere, or a folder that does not exist, is said before anything starts")
    func missing() throws {
        let tool = try #require(throws: RunnerError.self) {
            try TimedCommand(named: "no-such-tool-here", arguments: [], timeLimit: 1)
        }
        #expect(tool == .notOnPath(tool: "no-such-tool-here"))
        #expect(tool.description == "cannot find `no-such-tool-here` on the PATH")
        let folder = URL(fileURLWithPath: "/nonexistent/folder")
        let run = try #require(throws: RunnerError.self) {
            try TimedCommand(named: "sh", arguments: [], timeLimit: 1, workingDirectory: folder).run()
        }
        guard case .noSuchFolder(let executable, folder) = run else {
            Issue.record("expected the missing folder, got \(run)")
            return
        }
        #expect(executable.lastPathComponent == "sh")
        #expect(run.description == "cannot run sh in /nonexistent/folder: no such folder")
    }

    @Test("Standard error joins the output in order, or is kept apart when the answer must be only the tool's")
    func errors() throws {
        let script = ["-c", "echo out; echo err >&2; exit 3"]
        let merged = try TimedCommand(named: "sh", arguments: script, timeLimit: 20).run()
        #expect(merged.lines == ["out", "err"] && merged.status == 3 && merged.errorLines.isEmpty)
        let separate = try TimedCommand(named: "sh", arguments: script, timeLimit: 20, errors: .separate).run()
        #expect(separate.lines == ["out"] && separate.errorLines == ["err"] && separate.text == "out\n")
    }

    @Test("Past its time limit the command is killed with what it started: no process of its group is left")
    func timeLimit() throws {
        let result = try TimedCommand(named: "sh", arguments: ["-c", "sleep 30 & echo $!; wait"], timeLimit: 1).run()
        #expect(result.timedOut)
        let child = try #require(result.lines.first.flatMap { pid_t($0) })
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline, kill(child, 0) == 0, !Self.isZombie(child) { usleep(20_000) }
        #expect(kill(child, 0) != 0 || Self.isZombie(child), "the background sleep outlived the time limit")
    }

    @Test("The toolchain is named once, by `swift --version`, for the run fingerprint and the site alike")
    func toolchain() {
        #expect(Toolchain.version.hasPrefix("Swift version") || Toolchain.version == "unknown")
        #expect(Toolchain.version.hasSuffix("\n") || Toolchain.version == "unknown")
    }

    @Test("The engine's inputs are folders of the package")
    func engineInputs() {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        for folder in EngineInputs.sourceFolders {
            var isFolder: ObjCBool = false
            #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent(folder).path, isDirectory: &isFolder) && isFolder.boolValue, "\(folder)")
        }
    }

    /// A process killed but not yet reaped by its new parent.
    static func isZombie(_ pid: pid_t) -> Bool {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        return status.split(separator: ")").last?.split(separator: " ").first == "Z"
    }
}
