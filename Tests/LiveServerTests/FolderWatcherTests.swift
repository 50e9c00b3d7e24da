import Foundation
import LiveServer
import Testing

/// Saves as editors make them are seen, in folders that existed and in folders made since;
/// editors' scratch files are not.
@Suite struct FolderWatcherTests {
    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("watcher-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Chapters/tour"), withIntermediateDirectories: true)
        return folder
    }

    @Test func aSaveInPlaceIsSeen() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let prose = folder.appendingPathComponent("Chapters/tour/chapter.md")
        try Data("# Tour\n".utf8).write(to: prose)
        let watcher = try FolderWatcher(roots: [folder.appendingPathComponent("Chapters")])
        try Data("# Tour\n\nMore.\n".utf8).write(to: prose)
        #expect(watcher.nextChanges() == [prose.path])
    }

    @Test func aSaveByRenameIsSeenAndTheScratchFileIsNot() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let prose = folder.appendingPathComponent("Chapters/tour/chapter.md")
        try Data("# Tour\n".utf8).write(to: prose)
        let watcher = try FolderWatcher(roots: [folder.appendingPathComponent("Chapters")])
        let scratch = folder.appendingPathComponent("Chapters/tour/.chapter.md.swp")
        try Data("# Tour, saved\n".utf8).write(to: scratch)
        #expect(rename(scratch.path, prose.path) == 0)
        #expect(watcher.nextChanges() == [prose.path])
    }

    @Test func aFileInAFolderMadeSinceIsSeen() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let watcher = try FolderWatcher(roots: [folder.appendingPathComponent("Chapters")])
        let scenarios = folder.appendingPathComponent("Chapters/tour/Scenarios/TourNotes")
        try FileManager.default.createDirectory(at: scenarios, withIntermediateDirectories: true)
        _ = watcher.nextChanges()
        let scenario = scenarios.appendingPathComponent("again.scenario")
        try Data("launch\n".utf8).write(to: scenario)
        #expect(watcher.nextChanges().contains(scenario.path))
    }
}
