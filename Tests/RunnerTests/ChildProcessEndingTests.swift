import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import Runner

/// How a child ended is read from the kernel, and when it cannot be (the child was reaped by
/// someone else, or the workbook was started with SIGCHLD ignored), that is what is reported:
/// never a clean exit, which would pass a failed build or a crashed app.
struct ChildProcessEndingTests {
    /// Reaps `pid` as another part of the program would, once it has exited; its status.
    static func reapElsewhere(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return (status >> 8) & 0xFF
    }

    @Test("A child reaped elsewhere ends with its status unread, in words, not as a clean exit")
    func reapedElsewhere() throws {
        let shell = URL(fileURLWithPath: "/bin/sh")
        let process = try ChildProcess(executable: shell, arguments: ["-c", "exit 3"], environment: [:])
        #expect(Self.reapElsewhere(process.pid) == 3)
        let ending = try #require(process.wait(timeout: 10), "the process was said to be still running")
        #expect(ending == .unreadable(errno: ECHILD))
        #expect(ending.description == "ended, but its exit status could not be read (waitpid: No child processes)")
        #expect(process.wait(timeout: 0) == ending, "asked again, the same answer")
    }

    @Test("A command whose status cannot be read is an error that says so, never a success")
    func commandReapedElsewhere() throws {
        // The command prints its own process id (the shell TimedCommand starts execs it, so it is
        // the child's), then fails; the test reaps it before TimedCommand can.
        var reaped: Int32?
        let error = #expect(throws: RunnerError.self) {
            try TimedCommand(named: "sh", arguments: ["-c", "echo $$; exit 3"], timeLimit: 60).run { line in
                if let pid = pid_t(line) { reaped = Self.reapElsewhere(pid) }
            }
        }
        guard case .exitStatusUnreadable(let executable, ECHILD)? = error else {
            Issue.record("expected the status to be said unreadable, got \(String(describing: error))")
            return
        }
        #expect(executable.lastPathComponent == "sh")
        #expect(error?.description == "sh ended, but its exit status could not be read (waitpid: No child processes)")
        #expect(reaped == 3, "the command failed, which its status, had it been read, would have said")
    }
}
