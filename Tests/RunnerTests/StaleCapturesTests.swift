import Foundation
import Testing
@testable import Runner

/// A renamed scenario's old capture does not outlive it: a run of the whole chapter removes the
/// capture folders no scenario makes any more, and nothing else.
@Suite struct StaleCapturesTests {
    @Test("Captures of scenarios the chapter no longer has are removed; current ones, runs of outside files and other files stay")
    func staleCapturesAreRemoved() throws {
        let chapter = FileManager.default.temporaryDirectory.appendingPathComponent("stale-captures-\(UUID().uuidString)/stages")
        defer { try? FileManager.default.removeItem(at: chapter.deletingLastPathComponent()) }
        func capture(_ path: String, result: Bool = true) throws -> URL {
            let folder = chapter.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data("{}".utf8).write(to: folder.appendingPathComponent(result ? "result.json" : "notes.txt"))
            return folder
        }
        let current = try capture("IslandsGetterGotcha/brighten-the-lantern")
        let renamed = try capture("IslandsGetterGotcha/dim-the-lantern")
        let goneApp = try capture("IslandsOldName/visit")
        let outside = try capture("IslandsGetterGotcha/from-file-mine")
        let notACapture = try capture("IslandsGetterGotcha/my-notes", result: false)

        let removed = StaleCaptures.remove(in: chapter, keeping: [current])
        #expect(Set(removed.map(\.lastPathComponent)) == ["dim-the-lantern", "visit"])
        for gone in [renamed, goneApp, goneApp.deletingLastPathComponent()] {
            #expect(!FileManager.default.fileExists(atPath: gone.path), "\(gone.path)")
        }
        for kept in [current, outside, notACapture] {
            #expect(FileManager.default.fileExists(atPath: kept.path), "\(kept.path)")
        }
    }
}
