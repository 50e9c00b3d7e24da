import Foundation
import Runner

/// Where students' apps are copied and their containers made while a class is graded: a folder
/// of this run's alone (`mkdtemp`), so that runs and shards at once on one machine never share
/// one, removed after the run without following any link an app left (`FolderTree`).
///
/// Apps run as users of their own (root) need to reach their folder: every folder above it must
/// let others pass (`o+x`), which a cache in a private folder (a home folder) does not. So, as
/// root, the folder is made under `/var/lib/restoration-workbook`; otherwise in the cache.
enum RunFolder {
    static let systemBase = URL(fileURLWithPath: "/var/lib/restoration-workbook")

    static func make(in cache: URL, forOtherUsers: Bool) throws -> URL {
        let base = forOtherUsers ? systemBase : cache
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        removeStale(in: base)
        if forOtherUsers { chmod(base.path, 0o711) }
        var template = Array(base.appendingPathComponent("run-XXXXXX").path.utf8CString)
        guard let made = mkdtemp(&template) else {
            throw CheckerError.runFolder(base: base, errno: errno)
        }
        let folder = URL(fileURLWithPath: String(cString: made))
        try Data("\(getpid())\n".utf8).write(to: folder.appendingPathComponent(ownerFile))
        guard forOtherUsers else { return folder }
        // Others may pass through but not list: no app can find the other students' folders.
        chmod(folder.path, 0o711)
        var ancestor = base
        while ancestor.path != "/" {
            var status = stat()
            guard stat(ancestor.path, &status) == 0, status.st_mode & 0o001 != 0 else {
                try? FolderTree.remove(folder)
                throw CheckerError.notPassable(ancestor)
            }
            ancestor.deleteLastPathComponent()
        }
        return folder
    }

    /// Names the process a run's folder belongs to, so that a later run can tell it from a live one.
    static let ownerFile = "owner"

    /// Removes the folders of runs whose process is gone (killed, crashed, or ended by a power
    /// cut): nothing else removes them, and a class's apps take hundreds of megabytes. A folder
    /// without an owner, or whose owner is alive, is left alone.
    static func removeStale(in base: URL) {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: base.path)) ?? [] where name.hasPrefix("run-") {
            let folder = base.appendingPathComponent(name)
            guard let text = try? String(contentsOf: folder.appendingPathComponent(ownerFile), encoding: .utf8),
                  let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)),
                  pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            try? FolderTree.remove(folder)
        }
    }
}
