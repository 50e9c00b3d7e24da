import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The sandbox a launch of code nobody has reviewed (a student's submission) runs in, built on
/// bubblewrap (`bwrap`, the sandbox Flatpak uses). The one place that knows how apps are sandboxed.
///
/// Each launch gets namespaces of its own: processes (every process it starts dies with it,
/// daemons included, and it sees no other), network (none at all), a private `/proc`, `/tmp`,
/// `/var/tmp`, `/dev/shm` and `/run`, and a file system of the system's programs and libraries
/// read-only plus exactly two things of the workbook's: its own executable (read-only) and its
/// container (read-write). Limits set with `prlimit` hold from its first instruction for everything
/// it starts: processes, memory, processor time, file size. When the runner is root, the launch
/// also runs as a user id lent to this submission alone (`SandboxUser`), never as root.
public struct LaunchSandbox: Sendable, Equatable {
    /// Processes (threads count too) the app's user may have at once.
    public var processLimit: Int = 256
    /// Largest file the app may write, in bytes.
    public var fileSizeLimit: Int = 16 << 20
    /// Memory the app may take (its data: heap and stacks), in bytes.
    public var memoryLimit: Int = 512 << 20
    /// What its container may hold in all, in bytes, checked before each launch.
    public var containerSizeLimit: Int = 64 << 20
    /// Processor seconds per launch: a backstop behind the runner's wall-clock limits.
    public var cpuSeconds: Int = 60
    /// The user the app runs as, when the runner is root: lent by `SandboxUser`, one per submission.
    public var userID: UInt32?

    public init(processLimit: Int = 256, fileSizeLimit: Int = 16 << 20, memoryLimit: Int = 512 << 20,
                containerSizeLimit: Int = 64 << 20, cpuSeconds: Int = 60, userID: UInt32? = nil) {
        self.processLimit = processLimit
        self.fileSizeLimit = fileSizeLimit
        self.memoryLimit = memoryLimit
        self.containerSizeLimit = containerSizeLimit
        self.cpuSeconds = cpuSeconds
        self.userID = userID
    }

    /// What a launch runs: the outer command (`prlimit`, `setpriv`, `bwrap`) and its environment.
    struct Command {
        var executable: URL
        var arguments: [String]
        var environment: [String: String]
    }

    /// The command that starts `executable` in this sandbox on `container`, with exactly
    /// `environment` inside. `readOnly` are more files it may read (its `Info.plist`).
    func command(for executable: URL, container: URL, environment: [String: String], readOnly: [URL] = []) throws -> Command {
        guard let prlimit = ExecutableSearch.find("prlimit") else {
            throw RunnerError.prlimitMissing
        }
        guard let bwrap = ExecutableSearch.find("bwrap") else {
            throw RunnerError.bubblewrapMissing
        }
        var arguments = ["--nproc=\(processLimit)", "--fsize=\(fileSizeLimit)", "--data=\(memoryLimit)",
                         // A soft limit below the hard one: SIGXCPU says why before SIGKILL does.
                         "--cpu=\(cpuSeconds):\(cpuSeconds + 1)", "--core=0", "--"]
        if let userID {
            guard geteuid() == 0, let setpriv = ExecutableSearch.find("setpriv") else {
                throw RunnerError.cannotSwitchUser(userID)
            }
            arguments += [setpriv.path, "--reuid=\(userID)", "--regid=\(userID)", "--clear-groups", "--inh-caps=-all", "--"]
        }
        arguments.append(bwrap.path)
        arguments += Self.namespaces + Self.systemFolders + Self.privateFolders
        for (name, value) in environment.sorted(by: { $0.key < $1.key }) { arguments += ["--setenv", name, value] }
        arguments += ["--bind", container.path, container.path, "--ro-bind", executable.path, executable.path]
        for file in readOnly { arguments += ["--ro-bind", file.path, file.path] }
        arguments += ["--chdir", container.path, "--", executable.path]
        return Command(executable: prlimit, arguments: arguments, environment: ["PATH": "/usr/bin:/bin"])
    }

    /// Namespaces of its own for everything but time; no way to make more user namespaces (less
    /// of the kernel to attack); gone when the runner's process for it is (`--die-with-parent`:
    /// its PID 1 dies, and the kernel kills every process left in the namespace).
    private static let namespaces = ["--unshare-user", "--unshare-all", "--disable-userns", "--die-with-parent",
                                     "--new-session", "--hostname", "sandbox", "--clearenv"]

    /// The system, read-only: programs, libraries and the Swift runtime the app links.
    private static var systemFolders: [String] {
        var arguments = ["--ro-bind", "/usr", "/usr"]
        for path in ["/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"] {
            if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) {
                arguments += ["--symlink", target, path]
            } else if FileManager.default.fileExists(atPath: path) {
                arguments += ["--ro-bind", path, path]
            }
        }
        if let runtime = swiftRuntimeFolder, !runtime.hasPrefix("/usr/") { arguments += ["--ro-bind", runtime, runtime] }
        // The runtime's backtracer, which takes a hung app's stack (HangStack).
        if let backtracer = swiftBacktracerFolder, !backtracer.hasPrefix("/usr/") { arguments += ["--ro-bind", backtracer, backtracer] }
        for file in ["/etc/ld.so.cache", "/etc/localtime"] where FileManager.default.fileExists(atPath: file) {
            arguments += ["--ro-bind", file, file]
        }
        return arguments
    }

    /// Empty, small folders of its own where programs leave things, so that nothing written
    /// there reaches another launch or the machine.
    private static let privateFolders: [String] = ["--proc", "/proc", "--dev", "/dev"]
        + ["/tmp", "/var/tmp", "/dev/shm", "/run"].flatMap { ["--size", String(16 << 20), "--tmpfs", $0] }

    /// Where the Swift runtime libraries are: beside the `swift` on the PATH, as apps built with it
    /// find them (their RUNPATH).
    static let swiftRuntimeFolder: String? = {
        guard let swift = ExecutableSearch.find("swift") ?? ExecutableSearch.find("swiftc") else { return nil }
        let resolved = swift.resolvingSymlinksInPath()
        let folder = resolved.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("lib/swift/linux")
        return FileManager.default.fileExists(atPath: folder.path) ? folder.path : nil
    }()

    /// Where `swift-backtrace` is, which the runtime finds relative to its own libraries.
    static let swiftBacktracerFolder: String? = {
        guard let runtime = swiftRuntimeFolder else { return nil }
        let folder = URL(fileURLWithPath: runtime).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("libexec/swift/linux")
        return FileManager.default.fileExists(atPath: folder.appendingPathComponent("swift-backtrace").path) ? folder.path : nil
    }()

    /// Hands the container to the app's user, so that the app can write there and only there,
    /// and stops a launch whose container grew past its limit. Never follows a link the app left.
    func prepare(container: URL) throws {
        let size = try userID.map { try FolderTree.handOver(container, to: $0) } ?? FolderTree.size(of: container)
        if size > containerSizeLimit {
            throw RunnerError.containerFull(limit: containerSizeLimit)
        }
    }

    /// How the app ended, from how `bwrap` did: it exits with 128 + the signal that killed the app.
    static func appEnding(_ ending: ChildProcess.Ending) -> ChildProcess.Ending {
        if case .exited(let code) = ending, code > 128, code < 128 + 65 { return .signalled(code - 128) }
        return ending
    }

    // MARK: Whether this machine can sandbox

    /// Why launches cannot be sandboxed here, tried once for real (a trivial program in the same
    /// sandbox as an app); `nil` when they can.
    public static let unavailableReason: String? = {
        guard ExecutableSearch.find("bwrap") != nil else {
            return "bubblewrap (`bwrap`) is not installed; install it with `apt-get install bubblewrap` (scripts/setup does)"
        }
        if geteuid() == 0 && ExecutableSearch.find("setpriv") == nil {
            return "`setpriv` (util-linux) is not installed; install util-linux"
        }
        guard let trueProgram = ExecutableSearch.find("true") else { return "`true` is missing from the PATH" }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sandbox-trial-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            chmod(folder.path, 0o777)
            // `nobody`: as root, the trial runs as an unprivileged user, as apps will.
            let sandbox = LaunchSandbox(userID: geteuid() == 0 ? 65_534 : nil)
            let command = try sandbox.command(for: trueProgram, container: folder, environment: [:])
            let trial = try TimedCommand(executable: command.executable, arguments: command.arguments, timeLimit: 20).run()
            if trial.succeeded { return nil }
            let said = trial.lines.last ?? "no message"
            return "bubblewrap cannot make its namespaces here (\(said)); the kernel or container must allow user namespaces"
        } catch {
            return "\(error)"
        }
    }()

    /// Whether launches can be sandboxed on this machine.
    public static var isAvailable: Bool { unavailableReason == nil }
}
