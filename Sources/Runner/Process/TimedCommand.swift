import Foundation

/// A command-line tool run to its end under a time limit, its output read line by line: how the
/// checker runs `swift build` on a class's code. Past the limit the whole process group is killed,
/// compiler jobs included.
public struct TimedCommand {
    public struct Result: Sendable {
        /// The exit status; `nil` when the command was killed at its time limit.
        public var status: Int32?
        /// Standard output and standard error, interleaved as they arrived, up to the output limit.
        public var lines: [String]
        public var seconds: Double

        public var succeeded: Bool { status == 0 }
        public var timedOut: Bool { status == nil }
    }

    public var executable: URL
    public var arguments: [String]
    public var environment: [String: String]
    public var timeLimit: TimeInterval
    public var outputLimit: Int

    public init(executable: URL, arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment,
                timeLimit: TimeInterval, outputLimit: Int = 16 << 20) {
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
        self.timeLimit = timeLimit
        self.outputLimit = outputLimit
    }

    /// Runs the command, handing each line to `progress` as it arrives.
    public func run(progress: (String) -> Void = { _ in }) throws -> Result {
        let started = Date()
        let deadline = started.addingTimeInterval(timeLimit)
        // Standard error joins standard output, so that diagnostics and progress arrive in order.
        let process = try ChildProcess(executable: URL(fileURLWithPath: "/bin/sh"),
                                       arguments: ["-c", "exec \"$0\" \"$@\" 2>&1", executable.path] + arguments,
                                       environment: environment, outputLimit: outputLimit)
        process.closeInput()
        var lines: [String] = []
        while Date() < deadline {
            if let line = process.output.next(timeout: min(0.2, max(0, deadline.timeIntervalSinceNow))) {
                lines.append(line)
                progress(line)
            } else if process.output.isClosed {
                break
            }
        }
        guard process.output.isClosed, let ending = process.wait(timeout: max(0.1, deadline.timeIntervalSinceNow)) else {
            process.kill()
            return Result(status: nil, lines: lines, seconds: Date().timeIntervalSince(started))
        }
        let status: Int32 = switch ending {
        case .exited(let code): code
        case .signalled(let signal): 128 + signal
        }
        return Result(status: status, lines: lines, seconds: Date().timeIntervalSince(started))
    }
}
