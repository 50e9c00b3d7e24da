import Foundation
#if canImport(Glibc)
import Glibc
#endif
import LiveServer
import Testing

/// Saves as editors make them are seen, in folders that existed and in folders made since;
/// editors' scratch files are not; events the kernel dropped count as everything changed.
@Suite struct FolderWatcherTests {
    /// How long a test waits for a change before it fails: far longer than the kernel takes.
    static let limit = 20.0

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
        #expect(watcher.nextChanges(timeout: Self.limit) == [prose.path])
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
        #expect(watcher.nextChanges(timeout: Self.limit) == [prose.path])
    }

    @Test func aFileInAFolderMadeSinceIsSeen() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let watcher = try FolderWatcher(roots: [folder.appendingPathComponent("Chapters")])
        let scenarios = folder.appendingPathComponent("Chapters/tour/Scenarios/TourNotes")
        try FileManager.default.createDirectory(at: scenarios, withIntermediateDirectories: true)
        _ = watcher.nextChanges(timeout: Self.limit)
        let scenario = scenarios.appendingPathComponent("again.scenario")
        try Data("launch\n".utf8).write(to: scenario)
        #expect(watcher.nextChanges(timeout: Self.limit).contains(scenario.path))
    }

    @Test func eventsTheKernelDroppedCountAsEverythingChangedAndNewFoldersAreWatched() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let chapters = folder.appendingPathComponent("Chapters")
        let watcher = try FolderWatcher(roots: [chapters])
        // More events than the kernel queues, none merged with the one before it (two files in
        // turn): the queue overflows and the rest are dropped.
        let queued = try #require(Int(String(decoding: try Data(contentsOf: URL(fileURLWithPath: "/proc/sys/fs/inotify/max_queued_events")),
                                             as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)))
        let files = ["a.md", "b.md"].map { open(chapters.appendingPathComponent("tour/" + $0).path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644) }
        defer { files.forEach { close($0) } }
        try #require(files.allSatisfy { $0 >= 0 })
        var byte: UInt8 = 0x2A
        for write in 0..<(queued + 64) { try #require(Glibc.write(files[write % 2], &byte, 1) == 1) }
        // A folder made while the queue is full: the event that would have it watched is dropped too.
        let late = chapters.appendingPathComponent("late")
        try FileManager.default.createDirectory(at: late, withIntermediateDirectories: true)

        let changed = watcher.nextChanges(timeout: Self.limit)
        #expect(changed.contains(chapters.path), "an overflow is everything below the root: \(changed.prefix(5))")
        let prose = late.appendingPathComponent("chapter.md")
        try Data("# Late\n".utf8).write(to: prose)
        #expect(watcher.nextChanges(timeout: Self.limit).contains(prose.path), "the folder made during the overflow is watched")
    }

    @Test func aWaitWithATimeLimitEndsWithNothingWhenNothingChanges() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let watcher = try FolderWatcher(roots: [folder.appendingPathComponent("Chapters")])
        #expect(watcher.nextChanges(timeout: 0) == [])
    }
}
