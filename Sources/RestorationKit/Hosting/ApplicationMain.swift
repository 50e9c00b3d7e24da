import Foundation
#if canImport(Glibc)
import Glibc
import RestorationModel
#endif

extension UIApplicationDelegate where Self: UIResponder {
    /// `@main` on the app delegate starts the app, as on iOS.
    public static func main() {
        UIApplicationMain(delegateType: Self.self)
    }
}

/// Runs an app in this process until its controller says otherwise: launches it with the
/// configuration from the environment, then obeys commands, one a line, on standard input
/// (`ControlCommand`). Messages (`ControlMessage`) go back on a channel of their own (`ControlChannel`); what
/// the app prints never mixes with them.
public func UIApplicationMain(delegateType: ApplicationHost.Delegate.Type) -> Never {
    if isatty(STDIN_FILENO) != 0 {
        // Run by hand: this process speaks the runner's protocol; a person wants `workbook play`.
        let name = CommandLine.arguments.first.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "App"
        FileHandle.standardError.write(Data("""
            \(name) is a RestorationKit app. It answers the runner's commands on standard input \
            (home, foreground, screen, quit…). To use it by hand, with the screen drawn and Home, kill \
            and relaunch at a prompt, run:  swift run workbook play \(name)

            """.utf8))
    }
    let channel = ControlChannel.take()
    let configuration = LaunchConfiguration.fromEnvironment()
    if configuration.diskIsFull { DiskFull.applyToThisProcess() }
    // Before any of the app's code runs: a process is one launch, so its defaults are the app's.
    DurableUserDefaults.install()
    let host = ApplicationHost(delegateType: delegateType, configuration: configuration)
    host.log.onLine = { channel.send(.log($0)) }
    host.notes.onNote = { channel.send(.note($0)) }
    host.endingCauses.onCause = { channel.send(.cause($0)) }
    host.launch()
    channel.send(.launched(host.restorationReport.outcome))
    let interpreter = ControlInterpreter(host: host, channel: channel)
    while let line = readLine(strippingNewline: true) {
        if interpreter.handle(line) == .quit { break }
    }
    exit(0)
}

/// The app's side of the line protocol: one `ControlMessage` a line, written at once so the
/// runner sees it immediately.
final class ControlChannel {
    private let output: FileHandle

    private init(output: FileHandle) {
        self.output = output
    }

    /// The lowest descriptor the channel is moved to, far from the numbers files and pipes the
    /// app opens get.
    static let movedDescriptorFloor: Int32 = 100

    /// Takes the channel before any of the app's code runs. The runner passes a pipe of its own
    /// at the descriptor `WORKBOOK_PROTOCOL_FD` names: it is moved to a high descriptor that no
    /// program started from the app inherits (close-on-exec), its first number closed and the
    /// variable removed. Standard output stays the app's, as `print`'s. Started by hand or by
    /// an older runner, without the variable, standard output is the channel: it is kept, and
    /// descriptor 1 pointed at standard error, where the app's own `print` output then goes.
    static func take() -> ControlChannel {
        // C's `stdout`, which `print` writes through, is fully buffered when it is not a
        // terminal: lines printed before a SIGKILL would die in the buffer. A line at a time, as
        // a debugger's console shows them, they reach the runner as they are printed.
        defer { CStandardOutput.bufferLines() }
        let variable = LaunchConfiguration.Variable.protocolDescriptor
        if let given = ProcessInfo.processInfo.environment[variable].flatMap(Int32.init), given > STDERR_FILENO {
            unsetenv(variable)
            let moved = fcntl(given, F_DUPFD_CLOEXEC, movedDescriptorFloor)
            if moved >= 0 {
                close(given)
                return ControlChannel(output: FileHandle(fileDescriptor: moved, closeOnDealloc: true))
            }
        }
        CStandardOutput.flush()
        let protocolDescriptor = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, movedDescriptorFloor)
        dup2(STDERR_FILENO, STDOUT_FILENO)
        guard protocolDescriptor >= 0 else { return ControlChannel(output: .standardError) }
        return ControlChannel(output: FileHandle(fileDescriptor: protocolDescriptor, closeOnDealloc: true))
    }

    func send(_ message: ControlMessage) {
        output.write(Data((message.line + "\n").utf8))
    }
}

/// Carries out the runner's commands on a hosted app.
final class ControlInterpreter {
    enum Next { case `continue`, quit }

    private let host: ApplicationHost
    private let channel: ControlChannel

    init(host: ApplicationHost, channel: ControlChannel) {
        self.host = host
        self.channel = channel
    }

    func handle(_ line: String) -> Next {
        // What the app queued on the main queue since the last command runs first, as it would
        // on a device between two touches (and before the first frame after launch).
        MainQueue.drain()
        let command: ControlCommand
        do {
            guard let read = try ControlCommand(line: line) else { return .continue }
            command = read
        } catch {
            channel.send(.error(error.description))
            return .continue
        }
        switch command {
        case .home:
            host.pressHome()
            channel.send(.ok(command.word))
        case .foreground:
            host.returnToForeground()
            channel.send(.ok(command.word))
        case .screen:
            channel.send(.screen(host.screen))
        case .launchScreen:
            channel.send(.screen(host.screenShownAtLaunch))
        case .report:
            channel.send(.state(host.restorationReport))
        case .perform(let action):
            do {
                try host.perform(action)
                channel.send(.ok(command.word))
            } catch let error as UserActionError {
                channel.send(.error(error.description))
            } catch {
                channel.send(.error("\(error)"))
            }
        case .crash:
            // What a bug in app code does: the process dies with a fatal error.
            fatalError("the app crashed (the scenario asked for a crash)")
        case .wait(let seconds):
            Device.advanceClock(by: seconds)
            channel.send(.ok(command.word))
        case .quit:
            return .quit
        }
        return .continue
    }
}
