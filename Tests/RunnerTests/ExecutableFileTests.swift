import Foundation
import Testing
@testable import Runner

/// How an app is copied for a student, and a script written for a bundle: opened close-on-exec,
/// so that nothing spawned meanwhile keeps the file open for writing (which would make it "text
/// file busy").
struct ExecutableFileTests {
    @Test("A copy keeps the executable's bytes and mode, starts, and is never written over")
    func copyLeavesNoWriterBehind() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("copy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let cat = try #require(ExecutableSearch.find("cat"))
        let copy = folder.appendingPathComponent("app")
        try ExecutableFile.copy(cat, to: copy)
        #expect(FileManager.default.contents(atPath: copy.path) == FileManager.default.contents(atPath: cat.path))
        #expect(FileManager.default.isExecutableFile(atPath: copy.path))
        // The copy starts, and a second copy onto it is refused rather than written over a program.
        let started = try ChildProcess(executable: copy, environment: [:])
        defer { started.kill() }
        let refused = try #require(throws: RunnerError.self) { try ExecutableFile.copy(cat, to: copy) }
        #expect(refused == .fileSystem(doing: "create", path: copy.path, errno: EEXIST))
        #expect(refused.description == "cannot create \(copy.path): File exists")
    }

    @Test("A script written over another replaces it whole, with its mode, leaves nothing beside it, and runs at once")
    func writtenScriptRuns() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("script-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("run")
        try ExecutableFile.write(Data("#!/bin/sh\nexit 3\n".utf8), to: script)
        try ExecutableFile.write(Data("#!/bin/sh\nexit 7\n".utf8), to: script)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["run"])
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: script.path)[.posixPermissions] as? Int)
        #expect(mode == 0o755)
        let process = try ChildProcess(executable: script, environment: [:])
        #expect(process.wait(timeout: 30) == .exited(7))
    }
}
