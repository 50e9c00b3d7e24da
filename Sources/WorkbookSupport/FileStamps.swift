import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// How the workbook knows what changed, the site's build and the runner's capture reuse alike:
/// each input file's size and modification time (from `stat`, which is cheap) and a digest of
/// its bytes (read only when the size or time changed since the records of the last build).
/// Digests of groups of files are digests of contents, so a file rewritten with the same bytes
/// (a capture run again) changes nothing downstream. Within one value a file or a folder is
/// looked at once, however often it is asked for.
public struct FileStamps: Sendable {
    public struct Record: Codable, Equatable, Sendable {
        var size: Int64
        var seconds: Int64
        var nanoseconds: Int64
        var digest: String
    }

    /// Paths below this folder are recorded relative to it.
    let root: String
    /// Records of the previous build, reused where a file's size and time did not change.
    private let previous: [String: Record]
    /// Records of the files looked at by this build.
    public private(set) var current: [String: Record] = [:]
    /// How many files were read to be digested (the others' size and time were as recorded).
    public private(set) var filesRead = 0
    /// Folder digests of this build, and the files each one looked at.
    private var folders: [String: (digest: String, files: [String])] = [:]

    public init(root: URL, previous: [String: Record]) {
        let path = root.standardizedFileURL.path
        self.root = path.hasSuffix("/") ? path : path + "/"
        self.previous = previous
    }

    /// A digest of one file's bytes; "missing" when there is no such file. Paths are absolute
    /// and standardized (no `..`), as `root` is: they are compared as strings.
    public mutating func digest(file path: String) -> String {
        let key = path.hasPrefix(root) ? String(path.dropFirst(root.count)) : path
        if let known = current[key] { return known.digest }
        var info = stat()
        guard stat(path, &info) == 0 else { return "missing" }
        let size = Int64(info.st_size), seconds = Int64(info.st_mtim.tv_sec), nanoseconds = Int64(info.st_mtim.tv_nsec)
        if let old = previous[key], old.size == size, old.seconds == seconds, old.nanoseconds == nanoseconds {
            current[key] = old
            return old.digest
        }
        var digest = FNV1a()
        digest.add(FileManager.default.contents(atPath: path) ?? Data())
        filesRead += 1
        let record = Record(size: size, seconds: seconds, nanoseconds: nanoseconds, digest: digest.hexadecimal)
        current[key] = record
        return record.digest
    }

    /// A digest of every file below a folder (by relative path and contents, in sorted order).
    public mutating func digest(folder base: String) -> String {
        if let known = folders[base] { return known.digest }
        let files = Self.files(in: base)
        var digest = FNV1a()
        for path in files {
            digest.add(path)
            digest.add(self.digest(file: base + "/" + path))
        }
        folders[base] = (digest.hexadecimal, files)
        return digest.hexadecimal
    }

    /// Forgets what this build learned of the files below a folder digested as a whole (they
    /// were just rewritten), so the next digest looks at them again.
    public mutating func forget(folder base: String) {
        guard let known = folders.removeValue(forKey: base) else { return }
        for path in known.files {
            let full = base + "/" + path
            current[full.hasPrefix(root) ? String(full.dropFirst(root.count)) : full] = nil
        }
    }

    /// Regular files below a folder, as sorted relative paths; hidden ones are left out.
    public static func files(in folder: String) -> [String] {
        var info = stat()
        guard stat(folder, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR, let paths = FileManager.default.subpaths(atPath: folder) else { return [] }
        var files: [String] = []
        for path in paths where !path.hasPrefix(".") && !path.contains("/.") {
            if stat(folder + "/" + path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG { files.append(path) }
        }
        return files.sorted()
    }
}
