import Foundation
import Testing
@testable import Runner

/// A capture is put in place whole: a reader at the same moment sees the old one or the new one.
struct CaptureSwapTests {
    @Test("A reader looping while a capture is rewritten 200 times never sees a half-written folder")
    func concurrentReaderSeesWholeCaptures() throws {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("capture-swap-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: parent) }
        let folder = parent.appendingPathComponent("scenario")
        // Each version writes the same number in every file; a reader that finds two numbers, or
        // a file missing, saw a capture half written.
        func write(_ version: Int) throws {
            let staging = CaptureSwap.stagingFolder(for: folder)
            try FileManager.default.createDirectory(at: staging.appendingPathComponent("screens"), withIntermediateDirectories: true)
            for name in ["result.json", "log.txt", "screens/01-after-launch.json", "inputs.txt"] {
                try Data("\(version)".utf8).write(to: staging.appendingPathComponent(name))
            }
            try CaptureSwap.replace(folder, with: staging)
        }
        try write(0)
        let done = ManagedAtomicFlag()
        let reader = Thread {
            var torn = 0, reads = 0
            while !done.isSet {
                let values = ["result.json", "log.txt", "screens/01-after-launch.json", "inputs.txt"].map {
                    FileManager.default.contents(atPath: folder.appendingPathComponent($0).path).map { String(decoding: $0, as: UTF8.self) }
                }
                reads += 1
                // Files are read one by one by path, so a swap between two reads may mix versions;
                // what must never happen is a file missing.
                if values.contains(where: { $0 == nil }) { torn += 1 }
            }
            done.report(torn: torn, reads: reads)
        }
        reader.start()
        for version in 1...200 { try write(version) }
        done.set()
        let (torn, reads) = done.waitForReport()
        #expect(reads > 0)
        #expect(torn == 0, "\(torn) of \(reads) reads found a file missing")
        #expect(try String(contentsOf: folder.appendingPathComponent("result.json"), encoding: .utf8) == "200")
        // Nothing is left beside the capture.
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path) == ["scenario"])
    }
}

/// A flag the writer sets and the reader's result, handed across threads under a lock.
private final class ManagedAtomicFlag: @unchecked Sendable {
    private let lock = NSCondition()
    private var flag = false
    private var report: (Int, Int)?

    var isSet: Bool { lock.lock(); defer { lock.unlock() }; return flag }
    func set() { lock.lock(); flag = true; lock.unlock() }
    func report(torn: Int, reads: Int) { lock.lock(); report = (torn, reads); lock.broadcast(); lock.unlock() }
    func waitForReport() -> (Int, Int) {
        lock.lock(); defer { lock.unlock() }
        while report == nil { lock.wait() }
        return report!
    }
}

extension CaptureSwapTests {
    @Test("A folder left by a writer that died is cleared; one of a writer still running is kept")
    func leftoversOfDeadWritersOnly() throws {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("capture-left-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: parent) }
        let folder = parent.appendingPathComponent("scenario")
        let dead = parent.appendingPathComponent(CaptureSwap.stagingPrefix + "scenario-999999999-x")
        let alive = parent.appendingPathComponent(CaptureSwap.stagingPrefix + "scenario-\(getpid())-y")
        for leftover in [dead, alive] { try FileManager.default.createDirectory(at: leftover, withIntermediateDirectories: true) }
        let staging = CaptureSwap.stagingFolder(for: folder)
        #expect(!FileManager.default.fileExists(atPath: dead.path))
        #expect(FileManager.default.fileExists(atPath: alive.path))
        #expect(staging.lastPathComponent.hasPrefix(CaptureSwap.stagingPrefix + "scenario-\(getpid())-"))
    }
}
