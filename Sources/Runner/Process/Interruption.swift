import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Ctrl-C (SIGINT) and `kill` (SIGTERM) end a command without leaving anything behind: every
/// process group the command started (builds, apps, their sandboxes) is ended, every folder it
/// was using for the moment is removed, the terminal is tidied, and the command exits 130 (143
/// for SIGTERM), as a shell expects of a program ended by a signal.
///
/// Children live in process groups of their own (`ChildProcess`), so the terminal's SIGINT,
/// which goes to the foreground group only, never reaches them by itself: without this, a
/// `swift build` would go on running after `workbook` had gone.
public enum Interruption {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var groups: [pid_t: Int] = [:]
    nonisolated(unsafe) private static var folders: [URL: Int] = [:]
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []
    nonisolated(unsafe) private static var interrupted = false

    /// Handles SIGINT and SIGTERM from now on; `tidy` runs last, before the exit (a status line
    /// to clear). Only a command line calls this: a library has no business exiting.
    public static func install(tidy: @escaping @Sendable () -> Void = {}) {
        lock.lock()
        defer { lock.unlock() }
        guard sources.isEmpty else { return }
        // On Linux, libdispatch catches the signal with a handler of its own (no SIG_IGN, unlike
        // on Darwin): children then start with the default action, as exec resets handlers, and
        // a build stops at our SIGINT as it would at the terminal's.
        for signal in [SIGINT, SIGTERM] {
            let source = DispatchSource.makeSignalSource(signal: signal, queue: .global())
            source.setEventHandler { end(by: signal, tidy: tidy) }
            source.resume()
            sources.append(source)
        }
    }

    /// A process group to end on an interruption, until `forget(processGroup:)`.
    public static func track(processGroup: pid_t) {
        lock.lock()
        groups[processGroup, default: 0] += 1
        lock.unlock()
    }

    public static func forget(processGroup: pid_t) {
        lock.lock()
        if let count = groups[processGroup] { groups[processGroup] = count > 1 ? count - 1 : nil }
        lock.unlock()
    }

    /// A folder to remove on an interruption (without following links), until `forget(folder:)`.
    public static func track(folder: URL) {
        lock.lock()
        folders[folder.standardizedFileURL, default: 0] += 1
        lock.unlock()
    }

    public static func forget(folder: URL) {
        lock.lock()
        let key = folder.standardizedFileURL
        if let count = folders[key] { folders[key] = count > 1 ? count - 1 : nil }
        lock.unlock()
    }

    /// Whether an interruption is being handled: nothing new may start then.
    public static var isUnderway: Bool {
        lock.lock()
        defer { lock.unlock() }
        return interrupted
    }

    /// Called by a command line about to exit: while an interruption is handled, the handler
    /// ends the program (with the signal's status, once everything is cleaned up), so this
    /// thread waits for it rather than exit first with the error the interruption caused.
    public static func waitIfUnderway() {
        guard isUnderway else { return }
        while true { pause() }
    }

    private static func end(by signal: Int32, tidy: () -> Void) {
        lock.lock()
        guard !interrupted else { return lock.unlock() }
        interrupted = true
        let groups = Array(self.groups.keys), folders = Array(self.folders.keys)
        lock.unlock()
        // Each group is asked as a terminal would ask it (SIGINT: a build cancels and stops its
        // compilers, which sit in groups of their own); whatever descends from us and is still
        // running two seconds later is killed. Only then are the folders safe to remove.
        let me = getpid()
        var seen = Set(ProcessCensus.descendants(of: me))
        for group in groups { kill(-group, SIGINT) }
        let deadline = Date().addingTimeInterval(2)
        while Date() < deadline {
            let left = ProcessCensus.descendants(of: me)
            seen.formUnion(left)
            if left.isEmpty { break }
            usleep(20_000)
        }
        for group in groups { kill(-group, SIGKILL) }
        for pid in seen.union(ProcessCensus.descendants(of: me)) { kill(pid, SIGKILL) }
        usleep(50_000)
        for folder in folders { try? FolderTree.remove(folder) }
        tidy()
        exit(128 + signal)
    }
}
