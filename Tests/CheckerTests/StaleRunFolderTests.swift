import Foundation
import Testing
@testable import Checker
@testable import Runner

/// Folders left by a run that was killed or crashed: removed by the next run, never those of a
/// run still going.
struct StaleRunFolderTests {
    /// A process id no process has: above the kernel's largest.
    static let goneProcess = "99999999"

    @Test("A grading run's folder whose process is gone is removed when the next run starts; a live run's and an unowned one stay")
    func gradingRuns() throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("stale-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let gone = cache.appendingPathComponent("run-gone12"), live = cache.appendingPathComponent("run-live12")
        let unowned = cache.appendingPathComponent("run-unowned")
        for folder in [gone, live, unowned] { try FileManager.default.createDirectory(at: folder.appendingPathComponent("Submission_x"), withIntermediateDirectories: true) }
        try Data("\(Self.goneProcess)\n".utf8).write(to: gone.appendingPathComponent(RunFolder.ownerFile))
        try Data("\(getppid())\n".utf8).write(to: live.appendingPathComponent(RunFolder.ownerFile))

        let made = try RunFolder.make(in: cache, forOtherUsers: false)
        #expect(!FileManager.default.fileExists(atPath: gone.path))
        #expect(FileManager.default.fileExists(atPath: live.path))
        #expect(FileManager.default.fileExists(atPath: unowned.path))
        #expect(try String(contentsOf: made.appendingPathComponent(RunFolder.ownerFile), encoding: .utf8) == "\(getpid())\n")
    }

    @Test("An app container left in the temporary folder by a run whose process is gone is removed by the next")
    func runContainers() throws {
        let temporary = FileManager.default.temporaryDirectory
        let gone = temporary.appendingPathComponent("workbook-run-\(Self.goneProcess)-\(UUID().uuidString)")
        let live = temporary.appendingPathComponent("workbook-run-\(getppid())-\(UUID().uuidString)")
        for folder in [gone, live] { try FileManager.default.createDirectory(at: folder.appendingPathComponent("Documents"), withIntermediateDirectories: true) }
        defer { [gone, live].forEach { try? FileManager.default.removeItem(at: $0) } }

        let container = TemporaryContainers.make()
        defer { TemporaryContainers.remove(container) }
        #expect(!FileManager.default.fileExists(atPath: gone.path))
        #expect(FileManager.default.fileExists(atPath: live.path))
        #expect(container.lastPathComponent.hasPrefix("workbook-run-\(getpid())-"))
    }

    @Test("A folder of another shape is never swept, though its name starts like a container's with a number no process has")
    func foreignFolders() throws {
        let temporary = FileManager.default.temporaryDirectory
        // Another tool's folder named with a UUID whose first group is all digits (one UUID in
        // forty): read as a process number it names no process, yet it is not a container.
        let foreign = temporary.appendingPathComponent("workbook-run-\(Self.goneProcess)-\(UUID().uuidString.dropFirst(9))")
        try FileManager.default.createDirectory(at: foreign, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: foreign) }
        let container = TemporaryContainers.make()
        defer { TemporaryContainers.remove(container) }
        #expect(FileManager.default.fileExists(atPath: foreign.path))
    }
}
