import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The containers of apps run by `workbook run` and `workbook play`, in the temporary folder for
/// the length of a scenario. Each is named after the process that made it
/// (`workbook-run-<pid>-<uuid>`) and removed on an interruption, so that one left by a run that
/// crashed or was killed is recognised and removed by the next run.
public enum TemporaryContainers {
    public static func make(_ kind: String = "run") -> URL {
        sweepStale(kind)
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("workbook-\(kind)-\(getpid())-\(UUID().uuidString)")
        Interruption.track(folder: folder)
        return folder
    }

    public static func remove(_ folder: URL) {
        try? FolderTree.remove(folder)
        Interruption.forget(folder: folder)
    }

    /// Removes the containers of processes that are gone.
    static func sweepStale(_ kind: String) {
        let temporary = FileManager.default.temporaryDirectory
        let prefix = "workbook-\(kind)-"
        for name in (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? [] where name.hasPrefix(prefix) {
            // Only names of exactly this shape, a process number then a whole UUID: another
            // tool's `workbook-run-<UUID>` whose UUID starts with eight digits is not ours.
            let rest = name.dropFirst(prefix.count)
            let owner = rest.prefix { $0 != "-" }
            guard let pid = pid_t(owner), UUID(uuidString: String(rest.dropFirst(owner.count + 1))) != nil,
                  pid != getpid(), !isAlive(pid) else { continue }
            try? FolderTree.remove(temporary.appendingPathComponent(name))
        }
    }

    static func isAlive(_ pid: pid_t) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }
}
