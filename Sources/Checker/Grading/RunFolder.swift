import Foundation

/// Where students' apps are copied and their containers made while a class is graded.
///
/// Apps run as users of their own need to reach their folder: every folder above it must let
/// others pass (`o+x`). A cache in a private folder (`mktemp -d`, a home folder) does not, and the
/// apps would then fail to save anything, silently. So, when apps run as other users, their
/// folder is made in a system folder, one per grading run, and removed after: under
/// `/var/lib/restoration-workbook` when the apps get temporary folders of their own (which hide
/// the system's `/tmp` from them), under the system's temporary folder otherwise.
enum RunFolder {
    static func make(in cache: URL, forOtherUsers: Bool, outsideTemporaryFolders: Bool = false) throws -> URL {
        let manager = FileManager.default
        guard forOtherUsers else {
            let folder = cache.appendingPathComponent("runs")
            try manager.createDirectory(at: folder, withIntermediateDirectories: true)
            return folder
        }
        let base = outsideTemporaryFolders ? URL(fileURLWithPath: "/var/lib/restoration-workbook") : manager.temporaryDirectory
        let folder = base.appendingPathComponent("restoration-workbook-runs-\(UUID().uuidString)")
        try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        if outsideTemporaryFolders { chmod(base.path, 0o711) }
        // Others may pass through but not list: no app can find the other students' folders.
        chmod(folder.path, 0o711)
        var ancestor = folder.deletingLastPathComponent()
        while ancestor.path != "/" {
            var status = stat()
            guard stat(ancestor.path, &status) == 0, status.st_mode & 0o001 != 0 else {
                try? manager.removeItem(at: folder)
                throw CheckerError("""
                    students' apps run as users of their own and cannot pass through \(ancestor.path); \
                    set TMPDIR to a folder every user can enter (such as /tmp)
                    """)
            }
            ancestor.deleteLastPathComponent()
        }
        return folder
    }
}
