import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Who runs what, read from `/proc`.
public enum ProcessCensus {
    /// The live processes whose real user id is `user`. A zombie does not count: it can do
    /// nothing, and the one a sandbox leaves (its PID 1, which ends only once every process of its
    /// namespace is gone) waits for the system to reap it, which can take a second.
    public static func processes(ofUser user: UInt32) -> [pid_t] {
        processIDs().filter { pid in
            let status = self.status(of: pid)
            return field("Uid:", in: status).flatMap { UInt32($0) } == user && field("State:", in: status) != "Z"
        }
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

    /// The live processes descended from `ancestor` (children, theirs, …, parents before their
    /// children), however they grouped themselves: a build's compilers sit in process groups of
    /// their own. Read from every process's parent, since `/proc/PID/task/TID/children` lists
    /// only what each thread started.
    public static func descendants(of ancestor: pid_t) -> [pid_t] {
        var children: [pid_t: [pid_t]] = [:]
        for pid in processIDs() {
            let status = self.status(of: pid)
            guard field("State:", in: status) != "Z", let parent = field("PPid:", in: status).flatMap({ pid_t($0) }) else { continue }
            children[parent, default: []].append(pid)
        }
        var found: [pid_t] = []
        var queue = children[ancestor] ?? []
        while !queue.isEmpty {
            let pid = queue.removeFirst()
            found.append(pid)
            queue += children[pid] ?? []
        }
        return found
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

    private static func status(of pid: pid_t) -> String {
        FileManager.default.contents(atPath: "/proc/\(pid)/status").map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    /// The first word after `name` in a `/proc/PID/status` text.
    private static func field(_ name: String, in status: String) -> String? {
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name) }) else { return nil }
        return line.split(whereSeparator: { $0 == "\t" || $0 == " " }).dropFirst().first.map(String.init)
    }
}
