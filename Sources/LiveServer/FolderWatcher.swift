import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Tells when files below some folders change, through Linux's inotify: the kernel reports each
/// change as it happens, so nothing is polled and a save is seen at once.
///
/// Every folder below the roots is watched, and folders made later are added as they appear.
/// Editors save in several ways (write in place, or write a new file and rename it over the old
/// one, or delete and create): all of them end in an event on the folder, which is what is
/// watched. A save is a burst of events, so `nextChanges` waits for the folders to be quiet
/// before it answers.
///
/// The kernel queues a bounded number of events (`/proc/sys/fs/inotify/max_queued_events`); past
/// it, events are dropped and one overflow event says so. A checkout or a burst of saves can do
/// that, and then which files changed is unknown: the watcher answers with the roots themselves,
/// everything below them, and watches every folder again, those made meanwhile included.
public final class FolderWatcher {
    private let descriptor: Int32
    /// The folders watched with everything below them, as given.
    private let roots: [String]
    /// Each watch, by its descriptor: the folder it watches.
    private var folders: [Int32: String] = [:]
    private static let events = UInt32(IN_CLOSE_WRITE | IN_MODIFY | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_ATTRIB)

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public init(roots: [URL]) throws {
        descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard descriptor >= 0 else { throw Failure(description: "cannot watch files for changes: \(String(cString: strerror(errno)))") }
        self.roots = roots.map(\.standardizedFileURL.path)
        for root in self.roots { try watch(tree: root) }
    }

    deinit { close(descriptor) }

    /// Blocks until something below the roots changes, then until they have been quiet for
    /// `quiet` seconds (or `longest` seconds have passed since the first change), and returns
    /// the files that changed, as absolute paths, without repeats; the roots when events were
    /// lost (everything below them may have changed). With a `timeout`, waits at most that many
    /// seconds for a first change, and returns nothing if none came.
    public func nextChanges(quiet: Double = 0.03, longest: Double = 0.5, timeout: Double? = nil) -> [String] {
        let giveUp = timeout.map { Date().addingTimeInterval($0) }
        var changed: [String] = []
        while changed.isEmpty {
            let milliseconds = giveUp.map { Int32(max(0, min(Double(Int32.max), $0.timeIntervalSinceNow * 1000))) } ?? -1
            let ready = wait(milliseconds: milliseconds)
            changed += read()
            if !ready, let giveUp, Date() >= giveUp { return changed }
        }
        let deadline = Date().addingTimeInterval(longest)
        while Date() < deadline, wait(milliseconds: Int32(quiet * 1000)) {
            changed += read()
        }
        var seen = Set<String>()
        return changed.filter { seen.insert($0).inserted }
    }

    /// Waits for events, up to a time (-1: for ever); whether there are some.
    private func wait(milliseconds: Int32) -> Bool {
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while true {
            let ready = poll(&request, 1, milliseconds)
            if ready >= 0 { return ready > 0 }
            if errno != EINTR { return false }
        }
    }

    /// The events waiting, as the paths they are about: the files that changed (and the
    /// folders made or removed). Folders that appeared are watched from now on. After an
    /// overflow, the roots, and every folder below them is watched again.
    private func read() -> [String] {
        var paths: [String] = []
        var overflowed = false
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else {
                guard overflowed else { return paths }
                // Folders made while events were being dropped were never added: walk again.
                for root in roots { _ = try? watch(tree: root) }
                return roots + paths
            }
            var offset = 0
            let header = MemoryLayout<inotify_event>.size
            while offset + header <= count {
                let (watchID, mask, length) = buffer.withUnsafeBytes { bytes in
                    let event = bytes.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    return (event.wd, event.mask, Int(event.len))
                }
                let nameBytes = buffer[(offset + header)..<(offset + header + length)].prefix { $0 != 0 }
                let name = String(decoding: nameBytes, as: UTF8.self)
                offset += header + length
                if mask & UInt32(IN_Q_OVERFLOW) != 0 { overflowed = true; continue }
                if mask & UInt32(IN_IGNORED) != 0 { folders[watchID] = nil; continue }
                guard let folder = folders[watchID], !name.isEmpty, !Self.isScratch(name) else { continue }
                let path = folder + "/" + name
                paths.append(path)
                // A folder made or moved here: watched from now on, and whatever was put in it
                // before the watch began counts as changed.
                if mask & UInt32(IN_ISDIR) != 0, mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
                    paths += (try? watch(tree: path)) ?? []
                }
            }
        }
    }

    /// Watches a folder and every folder below it (hidden ones aside); the files in them.
    @discardableResult
    private func watch(tree path: String) throws -> [String] {
        let watch = inotify_add_watch(descriptor, path, Self.events)
        guard watch >= 0 else {
            if errno == ENOENT || errno == ENOTDIR { return [] }
            let hint = errno == ENOSPC ? " (the system's limit of watched folders, fs.inotify.max_user_watches, is reached)" : ""
            throw Failure(description: "cannot watch \(path) for changes: \(String(cString: strerror(errno)))\(hint)")
        }
        folders[watch] = path
        var files: [String] = []
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        for name in names.sorted() where !Self.isScratch(name) {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path + "/" + name, isDirectory: &isFolder) else { continue }
            files += isFolder.boolValue ? try self.watch(tree: path + "/" + name) : [path + "/" + name]
        }
        return files
    }

    /// Files editors write for themselves on the way to a save (vim's `4913` and `.swp`,
    /// backups ending in `~`, Emacs's `.#` locks, JetBrains' `___jb_tmp___`): never what the
    /// author changed.
    static func isScratch(_ name: String) -> Bool {
        name.hasPrefix(".") || name.hasSuffix("~") || name == "4913" || name.contains("___jb_")
    }
}
