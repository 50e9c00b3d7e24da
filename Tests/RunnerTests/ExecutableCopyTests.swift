import Foundation
import Testing
@testable import Runner

/// How an app is copied for a student: opened close-on-exec, so that nothing spawned meanwhile
/// keeps the copy open for writing (which would make it "text file busy").
struct ExecutableCopyTests {
    @Test("A copy keeps the executable's bytes and mode, starts, and is never written over")
    func copyLeavesNoWriterBehind() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("copy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let cat = try #require(ExecutableSearch.find("cat"))
        let copy = folder.appendingPathComponent("app")
        try ExecutableCopy.copy(cat, to: copy)
        #expect(FileManager.default.contents(atPath: copy.path) == FileManager.default.contents(atPath: cat.path))
        #expect(FileManager.default.isExecutableFile(atPath: copy.path))
        // The copy starts, and a second copy onto it is refused rather than written over a program.
        let started = try ChildProcess(executable: copy, environment: [:])
        defer { started.kill() }
        let refused = try #require(throws: RunnerError.self) { try ExecutableCopy.copy(cat, to: copy) }
        #expect(refused == .fileSystem(doing: "create", path: copy.path, errno: EEXIST))
        #expect(refused.description == "cannot create \(copy.path): File exists")
    }
}
