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
        if forOtherUsers { chmod(base.path, 0o711) }
        var template = Array(base.appendingPathComponent("run-XXXXXX").path.utf8CString)
        guard let made = mkdtemp(&template) else {
            throw CheckerError("cannot make a folder for this run's apps in \(base.path): \(String(cString: strerror(errno)))")
        }
        let folder = URL(fileURLWithPath: String(cString: made))
        guard forOtherUsers else { return folder }
        // Others may pass through but not list: no app can find the other students' folders.
        chmod(folder.path, 0o711)
        var ancestor = base
        while ancestor.path != "/" {
            var status = stat()
            guard stat(ancestor.path, &status) == 0, status.st_mode & 0o001 != 0 else {
                try? FolderTree.remove(folder)
                throw CheckerError("""
                    students' apps run as users of their own and cannot pass through \(ancestor.path); \
                    let every user enter it (chmod o+x)
                    """)
            }
            ancestor.deleteLastPathComponent()
        }
        return folder
    }
}
