#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Puts a capture folder in place in one step. The new folder is written as a hidden sibling
/// (same parent, so the same file system) and then exchanged with the old one by a single
/// `renameat2(RENAME_EXCHANGE)`: at every instant the capture's path names a whole folder. The
/// old one, now under the sibling's name, is removed after.
enum CaptureSwap {
    /// Every folder being written starts with this, then the capture's name and the writer's
    /// process id. A run killed half-way leaves one behind, which `stagingFolder(for:)` clears the
    /// next time the same capture is written, once no process of that id is left: a second run
    /// writing the same capture at the same moment keeps its own.
    static let stagingPrefix = ".writing-"

    static func stagingFolder(for folder: URL) -> URL {
        let parent = folder.deletingLastPathComponent()
        let prefix = stagingPrefix + folder.lastPathComponent + "-"
        for name in (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? [] where name.hasPrefix(prefix) {
            let writer = name.dropFirst(prefix.count).prefix { $0 != "-" }
            if let pid = pid_t(writer), kill(pid, 0) == 0 || errno == EPERM { continue }
            try? FileManager.default.removeItem(at: parent.appendingPathComponent(name))
        }
        try? FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        return parent.appendingPathComponent(prefix + "\(getpid())-" + UUID().uuidString)
    }

    static func replace(_ folder: URL, with staging: URL) throws {
        guard FileManager.default.fileExists(atPath: folder.path) else {
            try check(rename(staging.path, folder.path), folder)
            return
        }
        #if os(Linux)
        try check(exchange(staging.path, folder.path), folder)
        #else
        try check(renamex_np(staging.path, folder.path, UInt32(RENAME_SWAP)), folder)
        #endif
        // `staging` now names the old capture.
        try FileManager.default.removeItem(at: staging)
    }

    #if os(Linux)
    private typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32

    /// glibc's `renameat2` with `RENAME_EXCHANGE`. Swift's Glibc module leaves it out (it is a
    /// GNU extension), so it is looked up by name.
    private static func exchange(_ first: String, _ second: String) -> Int32 {
        guard let symbol = dlsym(nil, "renameat2") else {
            errno = ENOSYS
            return -1
        }
        let renameat2 = unsafeBitCast(symbol, to: RenameAt2.self)
        let renameExchange: UInt32 = 1 << 1
        return renameat2(AT_FDCWD, first, AT_FDCWD, second, renameExchange)
    }
    #endif

    private static func check(_ status: Int32, _ folder: URL) throws {
        guard status != 0 else { return }
        throw RunnerError.captureSwap(folder: folder, errno: errno)
    }
}
