import Captures
import Foundation
import RestorationModel

/// One launch of an app: a process on the app's container, spoken to over the line protocol
/// (`ControlCommand` out, `ControlMessage` back). Every wait has a time limit; an app that
/// dies or hangs is reported with where it happened and what it printed.
final class AppLaunch {
    /// What the app printed to the runner's log: engine lines, in order.
    private(set) var logLines: [String] = []
    /// The workbook's notes the engine sent, in order.
    private(set) var notes: [RestorationCause] = []
    /// The causes the engine sent as the app ended itself (an exception it raised): no report
    /// of this launch carries them.
    private(set) var endingCauses: [RestorationCause] = []
    /// How restoration went at this launch.
    private(set) var outcome: RestorationReport.Outcome = .noArchive
    private let process: ChildProcess
    private let limits: TimeLimits
    private let sandbox: LaunchSandbox?
    private let outputLimit: Int
    private let executable: URL
    private let container: URL

    struct TimeLimits {
        /// From start to `launched`.
        var launch: TimeInterval = 20
        /// For each command's reply.
        var command: TimeInterval = 10
    }

    /// What a launch sent on the channel besides answers: the log a device prints, the
    /// workbook's notes, and the causes the engine said as the app ended itself.
    struct Said {
        var log: [String]
        var notes: [RestorationCause]
        var causes: [RestorationCause]
    }

    /// Why a launch could not go on.
    enum Failure: Error, CustomStringConvertible {
        /// The process ended while the runner waited for it.
        /// `said` is what the app sent before it ended: a launch that crashes as it starts is
        /// never kept, and its log lines and causes would be lost with it.
        case crashed(during: String, ending: String, output: [String], said: Said)
        /// The process did not answer in time and was killed; where it was, when its stack named
        /// a place in the app's own code.
        case hung(during: String, seconds: TimeInterval, location: HangLocation?, output: [String])
        /// The app answered with an error (a user action it could not do, a bad command).
        case refused(String)

        var description: String {
            switch self {
            case .crashed(let during, let ending, let output, _):
                "the app crashed during \(during): it \(ending)" + Self.tail(output)
            case .hung(let during, let seconds, let location, let output):
                "the app did not answer within \(Int(seconds)) s during \(during), so it was killed"
                    + (location.map { "; it \($0)" } ?? "") + Self.tail(output)
            case .refused(let message):
                message
            }
        }

        private static func tail(_ output: [String]) -> String {
            // Blank lines say nothing, and how many the app left depends on when it was stopped.
            let last = StackTraceFilter.removingTraces(output).filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.suffix(12)
            return last.isEmpty ? "" : "; its last output:\n" + last.map { "    " + $0 }.joined(separator: "\n")
        }
    }

    /// Starts the app on `container`; in `sandbox`, it sees nothing else but `readOnly`.
    init(executable: URL, environment: [String: String], limits: TimeLimits = TimeLimits(),
         sandbox: LaunchSandbox? = nil, container: URL, readOnly: [URL] = [], outputLimit: Int = 64 << 20) throws {
        self.limits = limits
        self.sandbox = sandbox
        self.outputLimit = outputLimit
        self.executable = executable
        self.container = container
        // The protocol's messages come on a descriptor of their own, never on standard output:
        // the engine moves it out of the way at once (`ControlChannel`), and whatever the app
        // prints, to standard output or standard error, is only its output.
        var environment = environment
        environment["SWIFT_BACKTRACE"] = HangStack.settings(for: container)
        environment[LaunchConfiguration.Variable.protocolDescriptor] = String(Self.protocolDescriptor)
        if let sandbox {
            let command = try sandbox.command(for: executable, container: container, environment: environment, readOnly: readOnly)
            process = try ChildProcess(executable: command.executable, arguments: command.arguments,
                                       environment: command.environment, outputLimit: outputLimit, protocolDescriptor: Self.protocolDescriptor)
        } else {
            process = try ChildProcess(executable: executable, environment: environment, outputLimit: outputLimit,
                                       protocolDescriptor: Self.protocolDescriptor)
        }
        let reply = try read(during: "launch", timeout: limits.launch)
        guard case .launched(let outcome) = reply else {
            throw Failure.refused("the app answered \(Self.describe(reply)) before it finished launching")
        }
        self.outcome = outcome
    }

    /// Where the app finds the protocol's pipe when it starts (the first after the standard streams).
    static let protocolDescriptor: Int32 = 3

    /// An answer in a few words, for an error that says what came instead.
    private static func describe(_ reply: ControlMessage) -> String {
        switch reply {
        case .launched(let outcome): "launched (\(outcome.rawValue))"
        case .log: "a log line"
        case .note: "a note"
        case .cause: "a cause"
        case .ok: "ok"
        case .screen: "a screen"
        case .state: "a restoration report"
        case .error(let message): "error: \(message)"
        }
    }

    /// Sends a command and waits for its answer; an `error` answer throws `refused`.
    @discardableResult
    func request(_ command: ControlCommand, during step: String) throws -> ControlMessage {
        var batch = try send([command], during: step)
        return try answer(of: &batch, during: step)
    }

    func screen(during step: String) throws -> Screen {
        var batch = try send([.screen], during: step)
        return try screen(of: &batch, during: step)
    }

    func launchScreen(during step: String) throws -> Screen {
        var batch = try send([.launchScreen], during: step)
        return try launchScreen(of: &batch, during: step)
    }

    // MARK: Commands sent together

    /// Commands sent at once, whose answers are then read one by one, in order. The app answers
    /// each in turn, as if it had come alone; the runner waits on the pipe once for all of them
    /// instead of once per command, which across a launch's looks at the screen was a visible
    /// part of a scenario. Only for commands sent whatever the answer to the one before.
    struct Batch {
        fileprivate var unanswered: Int
    }

    func send(_ commands: [ControlCommand], during step: String) throws -> Batch {
        guard process.send(commands.map(\.line).joined(separator: "\n")) else { throw crashed(during: step) }
        return Batch(unanswered: commands.count)
    }

    /// The next answer of `batch`; an `error` answer throws `refused`.
    @discardableResult
    func answer(of batch: inout Batch, during step: String) throws -> ControlMessage {
        precondition(batch.unanswered > 0, "every command of a batch has its answer read")
        batch.unanswered -= 1
        let reply = try read(during: step, timeout: limits.command)
        if case .error(let message) = reply { throw refusal(message, leaving: &batch, during: step) }
        return reply
    }

    func screen(of batch: inout Batch, during step: String) throws -> Screen {
        guard case .screen(let screen) = try answer(of: &batch, during: step) else {
            throw refusal("the app did not send its screen", leaving: &batch, during: step)
        }
        return screen
    }

    func launchScreen(of batch: inout Batch, during step: String) throws -> Screen {
        guard case .screen(let screen) = try answer(of: &batch, during: step) else {
            throw refusal("the app did not send its launch screen", leaving: &batch, during: step)
        }
        return screen
    }

    /// A refusal in the middle of a batch: the answers still to come are read first, so that
    /// the next request is given its own answer, not one of these.
    private func refusal(_ message: String, leaving batch: inout Batch, during step: String) -> Failure {
        while batch.unanswered > 0 {
            batch.unanswered -= 1
            _ = try? read(during: step, timeout: limits.command)
        }
        return Failure.refused(message)
    }

    func perform(_ action: UserAction, during step: String) throws {
        try request(.perform(action), during: step)
    }

    /// SIGKILL, as the system kills a suspended app: the app and everything it started, and, as
    /// root, waits until no process of its user is left.
    func kill() {
        process.kill(childrenFirst: sandbox != nil)
        if let userID = sandbox?.userID { ProcessCensus.killEveryProcess(ofUser: userID) }
    }

    /// Asks the app to crash and waits for it to be gone.
    func crash() -> String {
        process.send(ControlCommand.crash.line)
        let ending = process.wait(timeout: limits.command).map(describe) ?? "did not crash in time and was killed"
        kill()
        return ending
    }

    /// What the app printed to standard error (and, through it, with `print`) so far. Once the
    /// process has ended, the pipe is read to its end: a line printed just before a kill is
    /// still on its way when the kill returns.
    func output() -> [String] {
        process.errors.drain(waiting: process.hasEnded ? 2 : 0)
    }

    // MARK: Reading answers

    private func read(during step: String, timeout: TimeInterval) throws -> ControlMessage {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0, let line = process.output.next(timeout: remaining) else {
                if process.output.isClosed { throw crashed(during: step) }
                let location = appProcess().flatMap { HangStack.take(from: $0, executable: executable, container: container) }
                let output = StackTraceFilter.removingTraces(process.errors.drain(waiting: 0))
                kill()
                throw Failure.hung(during: step, seconds: timeout, location: location, output: output)
            }
            // The app's line is read as the protocol says, never trusted: a message that cannot
            // be read stops the run with why; a line that is no message is passed over.
            let message: ControlMessage
            do {
                guard let read = try ControlMessage(line: line) else { continue }
                message = read
            } catch {
                throw Failure.refused(error.description)
            }
            switch message {
            case .log(let text): logLines.append(text); continue
            case .note(let note): notes.append(note); continue
            case .cause(let cause): endingCauses.append(cause); continue
            default: return message
            }
        }
    }

    /// The app's own process: the one started, or in a sandbox the one running its executable
    /// below the sandbox's processes.
    private func appProcess() -> pid_t? {
        guard sandbox != nil else { return process.pid }
        // Read from /proc while processes come and go: a busy machine may need a second look.
        for attempt in 0..<5 {
            if attempt > 0 { usleep(50_000) }
            let found = ProcessCensus.descendants(of: process.pid).last { pid in
                ProcessCensus.commandLine(of: pid)?.split(separator: " ").first.map(String.init) == executable.path
            }
            if let found { return found }
        }
        return nil
    }

    private func crashed(during step: String) -> Failure {
        let ending = process.wait(timeout: 2).map(describe) ?? "stopped answering"
        return .crashed(during: step, ending: ending, output: process.errors.drain(),
                        said: Said(log: logLines, notes: notes, causes: endingCauses))
    }

    /// How the app ended, in words: the limit it met when it met one, else the signal or status.
    private func describe(_ ending: ChildProcess.Ending) -> String {
        let appEnding = sandbox == nil ? ending : LaunchSandbox.appEnding(ending)
        let outputCut = process.output.truncated || process.errors.truncated
        let breach = LimitBreach.find(ending: appEnding, outputCut: outputCut, errors: process.errors.peek(waiting: 2),
                                      sandbox: sandbox, outputLimit: outputLimit)
        return breach?.description ?? appEnding.description
    }
}
