import Foundation

/// The one way the workbook runs a command-line tool (`swift build`, `swift --version`, `zip`,
/// `unzip`, `git`, the symbolizer): to its end under a time limit, its output read line by line,
/// its standard input closed. It starts in a process group of its own (`ChildProcess`), which
/// Ctrl-C ends (`Interruption`) and which is killed whole past the limit, compiler jobs included.
public struct TimedCommand {
    public struct Result: Sendable {
        /// The exit status; `nil` when the command was killed at its time limit.
        public var status: Int32?
        /// Standard output, and standard error with it as they arrived unless `errors` is
        /// `.separate`; up to the output limit.
        public var lines: [String]
        /// Standard error, when `errors` is `.separate`.
        public var errorLines: [String] = []
        public var seconds: Double

        public var succeeded: Bool { status == 0 }
        public var timedOut: Bool { status == nil }
        /// What the command printed, a line each, as it printed it.
        public var text: String { lines.map { $0 + "\n" }.joined() }
    }

    /// Where standard error goes.
    public enum Errors: Sendable {
        /// Into `lines`, in order with standard output: diagnostics beside the progress they follow.
        case merged
        /// Into `errorLines`, so that `lines` is only what the tool answered.
        case separate
    }

    public var executable: URL
    public var arguments: [String]
    public var environment: [String: String]
    /// `nil`: no limit (a chapter's build, which a person watches and can interrupt).
    public var timeLimit: TimeInterval?
    public var outputLimit: Int
    /// The folder it runs in; `nil`: the workbook's own.
    public var workingDirectory: URL?
    public var errors: Errors

    public init(executable: URL, arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment,
                timeLimit: TimeInterval?, outputLimit: Int = 16 << 20, workingDirectory: URL? = nil, errors: Errors = .merged) {
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
        self.timeLimit = timeLimit
        self.outputLimit = outputLimit
        self.workingDirectory = workingDirectory
        self.errors = errors
    }

    /// A tool found by name as a shell would (`ExecutableSearch`); throws, naming it, when it
    /// is nowhere to be found.
    public init(named name: String, arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment,
                timeLimit: TimeInterval?, outputLimit: Int = 16 << 20, workingDirectory: URL? = nil, errors: Errors = .merged) throws {
        guard let executable = ExecutableSearch.find(name) else { throw RunnerError.notOnPath(tool: name) }
        self.init(executable: executable, arguments: arguments, environment: environment, timeLimit: timeLimit,
                  outputLimit: outputLimit, workingDirectory: workingDirectory, errors: errors)
    }

    /// Runs the command, handing each line to `progress` as it arrives. Throws when it cannot
    /// start, or when it ended but its exit status could not be read (then whether it did its
    /// job is unknown, and no caller may take it for a success).
    public func run(progress: (String) -> Void = { _ in }) throws -> Result {
        let started = Date()
        let deadline = timeLimit.map { started.addingTimeInterval($0) } ?? .distantFuture
        if let workingDirectory {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: workingDirectory.path, isDirectory: &isFolder), isFolder.boolValue else {
                throw RunnerError.noSuchFolder(executable: executable, folder: workingDirectory)
            }
        }
        // A shell moves into the folder (posix_spawn cannot) and joins standard error to standard
        // output, so that diagnostics and progress arrive in order; then it becomes the command.
        let script = (errors == .merged ? "exec 2>&1; " : "") + #"[ -z "$1" ] || cd -- "$1" || exit 126; shift; exec "$0" "$@""#
        let process = try ChildProcess(executable: URL(fileURLWithPath: "/bin/sh"),
                                       arguments: ["-c", script, executable.path, workingDirectory?.path ?? ""] + arguments,
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
        let errorLines = errors == .separate ? process.errors.drain(waiting: 1) : []
        guard process.output.isClosed, let ending = process.wait(timeout: max(0.1, deadline.timeIntervalSinceNow)) else {
            process.kill()
            return Result(status: nil, lines: lines, errorLines: errorLines, seconds: Date().timeIntervalSince(started))
        }
        let status: Int32 = switch ending {
        case .exited(let code): code
        case .signalled(let signal): 128 + signal
        // Neither a success nor a failure the caller could read diagnostics from: said as it is.
        case .unreadable(let errno): throw RunnerError.exitStatusUnreadable(executable: executable, errno: errno)
        }
        return Result(status: status, lines: lines, errorLines: errorLines, seconds: Date().timeIntervalSince(started))
    }
}
