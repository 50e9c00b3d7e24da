import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Walks a folder a student's app could write to, as root, without ever following a symbolic
/// link: every step is `openat`/`unlinkat`/`fchownat` relative to the descriptor of the folder
/// above, opened with `O_NOFOLLOW | O_DIRECTORY`. A folder swapped for a link to `/` on the way is
/// then removed as the link it is, never descended into.
///
/// Call it only once every process that could write there is gone (`SandboxUser.killEveryProcess`):
/// no walk is safe against a writer that keeps renaming, but this one never leaves the tree.
public enum FolderTree {
    /// Removes `url` and everything in it; nothing if it does not exist.
    public static func remove(_ url: URL) throws {
        let parent = try openFolder(atPath: url.deletingLastPathComponent().path)
        defer { close(parent) }
        try remove(named: url.lastPathComponent, in: parent, shownAs: url.path)
    }

    /// Hands `url` and everything in it to `user`, and returns how many bytes its files hold.
    @discardableResult
    public static func handOver(_ url: URL, to user: UInt32) throws -> Int {
        let folder = try openFolder(atPath: url.path)
        defer { close(folder) }
        guard fchown(folder, user, user) == 0 else { throw failure("hand over", url.path) }
        return try handOver(contentsOf: folder, to: user, shownAs: url.path)
    }

    /// How many bytes the files under `url` hold, links not followed.
    public static func size(of url: URL) throws -> Int {
        let folder = try openFolder(atPath: url.path)
        defer { close(folder) }
        var total = 0
        try forEachEntry(in: folder) { name, isFolder in
            if isFolder {
                let child = try openFolder(named: name, in: folder, shownAs: url.path + "/" + name)
                defer { close(child) }
                total += try size(ofContentsOf: child, shownAs: url.path + "/" + name)
            } else {
                total += sizeOfEntry(named: name, in: folder)
            }
        }
        return total
    }

    // MARK: Walking

    private static func remove(named name: String, in parent: Int32, shownAs path: String) throws {
        if unlinkat(parent, name, 0) == 0 || errno == ENOENT { return }
        guard errno == EISDIR || errno == EPERM else { throw failure("remove", path) }
        // A folder (or so it seemed): empty it through its own descriptor, then remove it.
        let folder = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard folder >= 0 else {
            if errno == ENOENT { return }
            throw failure("open", path)
        }
        defer { close(folder) }
        try forEachEntry(in: folder) { child, _ in try remove(named: child, in: folder, shownAs: path + "/" + child) }
        guard unlinkat(parent, name, AT_REMOVEDIR) == 0 || errno == ENOENT else { throw failure("remove", path) }
    }

    private static func handOver(contentsOf folder: Int32, to user: UInt32, shownAs path: String) throws -> Int {
        var total = 0
        try forEachEntry(in: folder) { name, isFolder in
            guard fchownat(folder, name, user, user, AT_SYMLINK_NOFOLLOW) == 0 || errno == ENOENT else {
                throw failure("hand over", path + "/" + name)
            }
            if isFolder {
                let child = try openFolder(named: name, in: folder, shownAs: path + "/" + name)
                defer { close(child) }
                total += try handOver(contentsOf: child, to: user, shownAs: path + "/" + name)
            } else {
                total += sizeOfEntry(named: name, in: folder)
            }
        }
        return total
    }

    private static func size(ofContentsOf folder: Int32, shownAs path: String) throws -> Int {
        var total = 0
        try forEachEntry(in: folder) { name, isFolder in
            if isFolder {
                let child = try openFolder(named: name, in: folder, shownAs: path + "/" + name)
                defer { close(child) }
                total += try size(ofContentsOf: child, shownAs: path + "/" + name)
            } else {
                total += sizeOfEntry(named: name, in: folder)
            }
        }
        return total
    }

    /// Calls `body` with each entry's name and whether it is a real folder (a link never is).
    private static func forEachEntry(in folder: Int32, _ body: (String, Bool) throws -> Void) throws {
        // fdopendir takes the descriptor over, so give it a copy of its own.
        let copy = dup(folder)
        guard copy >= 0, let stream = fdopendir(copy) else { throw failure("read", "a folder") }
        defer { closedir(stream) }
        var entries: [(String, Bool)] = []
        while let entry = readdir(stream) {
            let name = withUnsafePointer(to: entry.pointee.d_name) { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
            if name == "." || name == ".." { continue }
            var status = stat()
            guard fstatat(folder, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
            entries.append((name, status.st_mode & S_IFMT == S_IFDIR))
        }
        for (name, isFolder) in entries { try body(name, isFolder) }
    }

    private static func sizeOfEntry(named name: String, in folder: Int32) -> Int {
        var status = stat()
        return fstatat(folder, name, &status, AT_SYMLINK_NOFOLLOW) == 0 ? Int(status.st_size) : 0
    }

    private static func openFolder(atPath path: String) throws -> Int32 {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure("open", path) }
        return descriptor
    }

    private static func openFolder(named name: String, in parent: Int32, shownAs path: String) throws -> Int32 {
        let descriptor = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure("open", path) }
        return descriptor
    }

    private static func failure(_ doing: String, _ path: String) -> RunnerError {
        RunnerError.fileSystem(doing: doing, path: path, errno: errno)
    }
}
