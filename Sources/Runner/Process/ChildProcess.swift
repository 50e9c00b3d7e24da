import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A child process with pipes on its standard streams, in a process group of its own so that
/// killing it kills everything it started. What the runner launches apps with.
///
/// With a `protocolDescriptor`, the child's messages come on a pipe of their own at that
/// descriptor, and its standard output and standard error share the other pipe: what it prints,
/// to either, can never pass for a message.
final class ChildProcess {
    let pid: pid_t
    private let input: FileHandle
    /// Lines of the messages (standard output, or the protocol's own descriptor), as they arrive.
    let output: LineQueue
    /// Everything the child printed that is not a message, kept (up to a limit) for crash reports.
    let errors: LineQueue
    private var ending: Ending?

    /// How a process ended.
    enum Ending: Equatable, CustomStringConvertible {
        case exited(Int32)
        case signalled(Int32)
        /// `waitpid` failed, with the system's words for why: the process is gone, and how it
        /// ended is not known (it was reaped elsewhere, or the runner was started with SIGCHLD
        /// ignored, which makes the kernel reap every child at once). Never a clean exit.
        case unreadable(errno: Int32)

        var description: String {
            switch self {
            case .exited(let code): "exited with status \(code)"
            case .signalled(let signal): "was killed by signal \(signal) (\(ChildProcess.signalName(signal)))"
            case .unreadable(let errno): "ended, but its exit status could not be read (waitpid: \(String(cString: strerror(errno))))"
            }
        }
    }

    /// Starts `executable` with `arguments` and exactly `environment`; its messages are read from
    /// `protocolDescriptor` when given, else from its standard output.
    init(executable: URL, arguments: [String] = [], environment: [String: String], outputLimit: Int = 64 << 20,
         protocolDescriptor: Int32? = nil) throws {
        // Once Ctrl-C is being handled, nothing new starts: it would escape the clean-up.
        guard !Interruption.isUnderway else { throw RunnerError.interrupted }
        // Close-on-exec, every end: the runner starts several apps at once (a class is graded a few
        // students at a time), and an end without it would be inherited by every app started
        // while this one runs, another student's app able to write this one's commands and read
        // its replies. The child's own ends are duplicated onto its numbers below, which clears
        // the flag on those copies alone.
        guard let (stdinPipe, stdoutPipe, stderrPipe) = Self.pipes() else {
            throw RunnerError.pipes(executable: executable, errno: errno)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdinPipe[0], STDIN_FILENO)
        // Messages on their own pipe (`stdoutPipe`), everything printed on the other. The
        // protocol's descriptor is set last, once no other pipe end can still be at its number.
        posix_spawn_file_actions_adddup2(&actions, protocolDescriptor == nil ? stdoutPipe[1] : stderrPipe[1], STDOUT_FILENO)
        posix_spawn_file_actions_adddup2(&actions, stderrPipe[1], STDERR_FILENO)
        if let protocolDescriptor { posix_spawn_file_actions_adddup2(&actions, stdoutPipe[1], protocolDescriptor) }
        for descriptor in stdinPipe + stdoutPipe + stderrPipe where descriptor != protocolDescriptor {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // A group of its own: the whole group is killed at once, grandchildren included.
        posix_spawnattr_setpgroup(&attributes, 0)
        // No signal blocked nor ignored, whatever the runner's thread had: the app must get the
        // SIGABRT that makes the runtime print a hung app's stack (HangStack).
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaultSignals = sigset_t()
        sigemptyset(&defaultSignals)
        sigaddset(&defaultSignals, SIGABRT)
        posix_spawnattr_setsigdefault(&attributes, &defaultSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var child: pid_t = 0
        let status = Self.spawning.withLock { _ in posix_spawn(&child, executable.path, &actions, &attributes, argv, envp) }
        close(stdinPipe[0]); close(stdoutPipe[1]); close(stderrPipe[1])
        guard status == 0 else {
            close(stdinPipe[1]); close(stdoutPipe[0]); close(stderrPipe[0])
            throw RunnerError.spawn(executable: executable, errno: status)
        }
        pid = child
        Interruption.track(processGroup: child)
        input = FileHandle(fileDescriptor: stdinPipe[1], closeOnDealloc: true)
        output = LineQueue(descriptor: stdoutPipe[0], limit: outputLimit)
        errors = LineQueue(descriptor: stderrPipe[0], limit: outputLimit)
    }

    deinit {
        kill()
        Interruption.forget(processGroup: pid)
    }

    /// Held while pipes are made and marked close-on-exec, and while a child is spawned: no child
    /// can then be started between the two and take a copy of an end that is not marked yet
    /// (`pipe2`, which does both at once, is not in Swift's view of the C library).
    private static let spawning = Mutex(())

    /// Three pipes for a child's streams, every end close-on-exec.
    private static func pipes() -> (input: [Int32], output: [Int32], errors: [Int32])? {
        spawning.withLock { _ in
            var made: [[Int32]] = []
            for _ in 0..<3 {
                var ends: [Int32] = [0, 0]
                guard pipe(&ends) == 0 else {
                    let reason = errno // for the caller's message, whatever closing does to it
                    made.joined().forEach { close($0) }
                    errno = reason
                    return nil
                }
                for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
                made.append(ends)
            }
            return (made[0], made[1], made[2])
        }
    }

    /// Sends one line to the process; `false` when it can no longer read (it has ended).
    @discardableResult
    func send(_ line: String) -> Bool {
        let data = Data((line + "\n").utf8)
        return data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(input.fileDescriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 { return false }
                offset += written
            }
            return true
        }
    }

    /// Closes the process's standard input: an app then finds no more commands and exits.
    func closeInput() {
        try? input.close()
    }

    /// SIGKILL to the whole process group, then waits for it: nothing it ran survives.
    ///
    /// A supervisor (`bwrap`) whose child must not outlive it is better killed from the inside
    /// out (`childrenFirst`): its child dies, it reaps it and ends, and no orphan is left for
    /// the system to reap whenever it gets round to it.
    func kill(childrenFirst: Bool = false) {
        guard ending == nil else { return }
        if childrenFirst {
            for child in children() { Glibc.kill(child, SIGKILL) }
            if wait(timeout: 1) != nil { return }
        }
        Glibc.kill(-pid, SIGKILL)
        Glibc.kill(pid, SIGKILL)
        _ = wait(timeout: 5)
    }

    /// Waits for the process to end, up to `timeout` seconds; `nil` if it is still running.
    func wait(timeout: TimeInterval) -> Ending? {
        if let ending { return ending }
        let deadline = Date().addingTimeInterval(timeout)
        var status: Int32 = 0
        // Looked for again soon at first, then less often: a killed process is usually gone
        // within a fraction of a millisecond, and a whole millisecond's wait at every kill was a
        // visible part of a restoration cycle.
        var pause: useconds_t = 50
        while true {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid {
                ending = Self.ending(status)
                return ending
            }
            if result < 0 && errno != EINTR {
                ending = .unreadable(errno: errno)
                return ending
            }
            if Date() >= deadline { return nil }
            usleep(pause)
            pause = min(pause * 2, 1_000)
        }
    }

    var hasEnded: Bool { wait(timeout: 0) != nil }

    /// The processes this one started, from `/proc`.
    private func children() -> [pid_t] {
        let list = FileManager.default.contents(atPath: "/proc/\(pid)/task/\(pid)/children") ?? Data()
        return String(decoding: list, as: UTF8.self).split(separator: " ").compactMap { pid_t($0) }
    }

    private static func ending(_ status: Int32) -> Ending {
        let signal = status & 0x7F
        return signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
    }

    static func signalName(_ signal: Int32) -> String {
        switch signal {
        case SIGKILL: "SIGKILL"
        case SIGSEGV: "SIGSEGV, a bad memory access"
        case SIGILL: "SIGILL, a Swift runtime trap such as fatalError or a failed force unwrap"
        case SIGTRAP: "SIGTRAP, a Swift runtime trap"
        case SIGABRT: "SIGABRT, an abort"
        case SIGBUS: "SIGBUS"
        case SIGFPE: "SIGFPE, an arithmetic error"
        case SIGTERM: "SIGTERM"
        default: "signal \(signal)"
        }
    }
}

/// Reads a pipe on a thread of its own and hands out whole lines, waiting with a time limit.
/// Sendable by its lock: every field the reading thread and the caller share is read and
/// written under `condition`.
final class LineQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private var lines: [String] = []
    private var closed = false
    private var received = 0
    private let limit: Int
    private var cut = false
    /// Whether more than the limit arrived and the rest was dropped.
    var truncated: Bool {
        condition.lock()
        defer { condition.unlock() }
        return cut
    }

    init(descriptor: Int32, limit: Int) {
        self.limit = limit
        let thread = Thread { [self] in read(descriptor) }
        thread.stackSize = 1 << 20
        thread.start()
    }

    /// The next line, waiting up to `timeout` seconds; `nil` at the end of the stream or when
    /// the time is up (`isClosed` tells which).
    func next(timeout: TimeInterval) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while lines.isEmpty && !closed {
            if !condition.wait(until: deadline) { return nil }
        }
        return lines.isEmpty ? nil : lines.removeFirst()
    }

    var isClosed: Bool {
        condition.lock()
        defer { condition.unlock() }
        return closed && lines.isEmpty
    }

    /// The lines not taken yet, left in place, waiting up to `timeout` for the stream to close.
    func peek(waiting timeout: TimeInterval = 0) -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while !closed, condition.wait(until: deadline) {}
        return lines
    }

    /// Whatever has arrived and was not taken yet, waiting briefly for the stream to close.
    func drain(waiting timeout: TimeInterval = 0.5) -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while !closed, condition.wait(until: deadline) {}
        let all = lines
        lines.removeAll()
        return all
    }

    private func read(_ descriptor: Int32) {
        var pending = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            received += count
            if received > limit {
                // A flood of output: keep reading (so the app does not block) but drop it.
                if !truncated {
                    publish(["… output cut after \(limit / 1_048_576) MiB"])
                    condition.lock(); cut = true; condition.unlock()
                }
                continue
            }
            pending.append(contentsOf: buffer[0..<count])
            var complete: [String] = []
            var start = 0
            while let newline = pending[start...].firstIndex(of: 10) {
                complete.append(String(decoding: pending[start..<newline], as: UTF8.self))
                start = newline + 1
            }
            pending.removeFirst(start)
            if !complete.isEmpty { publish(complete) }
        }
        close(descriptor)
        condition.lock()
        if !pending.isEmpty { lines.append(String(decoding: pending, as: UTF8.self)) }
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    private func publish(_ new: [String]) {
        condition.lock()
        lines += new
        condition.broadcast()
        condition.unlock()
    }
}

/// Starts an executable the way the runner starts apps, gives it no commands, and waits for it
/// to exit: the cost of a bare launch, for comparing a restoration cycle against.
public func spawnAndWaitForExit(_ executable: URL, environment: [String: String], timeout: TimeInterval = 20) throws {
    let process = try ChildProcess(executable: executable, environment: environment)
    process.closeInput()
    guard process.wait(timeout: timeout) != nil else {
        process.kill()
        throw RunnerError.didNotExit(executable: executable, seconds: Int(timeout))
    }
}
