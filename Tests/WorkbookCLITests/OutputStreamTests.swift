import Foundation
import Testing
import TestSupport

/// What a command owes the streams it writes to: output that could not be written is an error,
/// not a success.
struct OutputStreamTests {
    @Test("Output that cannot be written (a full disk) exits with status 74 and says so on standard error")
    func fullDisk() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        let process = Process()
        process.executableURL = try BuiltProducts.executable("workbook")
        process.arguments = ["list", "--root", root]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 74)
        #expect(said.contains("the output could not be written (No space left on device)"), "said: \(said)")
    }
}

/// A disk that fills up while a command writes: said in words, with the path and what to do.
struct FullDiskTests {
    /// A 16 KiB tmpfs, already full, where the test may mount one (as root); `nil` elsewhere.
    static func fullFolder() -> URL? {
        guard getuid() == 0 else { return nil }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("full-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        guard run("/bin/mount", "-t", "tmpfs", "-o", "size=16k", "tmpfs", folder.path) == 0 else {
            try? FileManager.default.removeItem(at: folder)
            return nil
        }
        _ = FileManager.default.createFile(atPath: folder.appendingPathComponent("filler").path, contents: Data(count: 64 * 1024))
        return folder
    }

    static func run(_ arguments: String...) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }

    @Test("A full disk is said in words with the path and what to do, and exits 74 (skipped where no tmpfs can be mounted)")
    func fullDisk() throws {
        guard let full = Self.fullFolder() else {
            print("skipped: mounting a small tmpfs needs root and a kernel that allows it")
            return
        }
        defer {
            _ = Self.run("/bin/umount", full.path)
            try? FileManager.default.removeItem(at: full)
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        let run = try workbook("exercise", "start", "hypnonerd", full.appendingPathComponent("mine").path, "--root", root)
        #expect(run.status == 74)
        #expect(run.errors.contains("no space left on the disk writing \(full.path)/mine/"), "said: \(run.errors)")
        #expect(run.errors.contains("set TMPDIR"))
        #expect(!run.errors.contains("NSCocoaErrorDomain"))
    }
}
