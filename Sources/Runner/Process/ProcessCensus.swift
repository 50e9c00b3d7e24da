import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Who runs what, read from `/proc`.
public enum ProcessCensus {
    /// The processes whose real user id is `user`.
    public static func processes(ofUser user: UInt32) -> [pid_t] {
        processIDs().filter { realUserID(of: $0) == user }
    }

    /// Kills every process whose real user is `user` and waits until none is left (or `timeout`
    /// seconds pass); whether none is left.
    @discardableResult
    public static func killEveryProcess(ofUser user: UInt32, timeout: TimeInterval = 10) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let left = processes(ofUser: user)
            if left.isEmpty { return true }
            if Date() >= deadline { return false }
            for pid in left { kill(pid, SIGKILL) }
            usleep(500)
        }
    }

    /// Every process this runner can see.
    public static func processIDs() -> [pid_t] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { pid_t($0) }
    }

    /// The command line of a process, its arguments joined by spaces; `nil` once it is gone.
    public static func commandLine(of pid: pid_t) -> String? {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return nil }
        return String(decoding: data.map { $0 == 0 ? 32 : $0 }, as: UTF8.self)
    }

    static func realUserID(of pid: pid_t) -> UInt32? {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/status") else { return nil }
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") where line.hasPrefix("Uid:") {
            return line.split(whereSeparator: { $0 == "\t" || $0 == " " }).dropFirst().first.flatMap { UInt32($0) }
        }
        return nil
    }
}
