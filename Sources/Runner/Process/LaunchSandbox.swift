import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Limits for launching code nobody has reviewed, such as a student's submission: how many
/// processes it may have, how much it may write and how much processor time it may take, and,
/// when the runner is root, a user of its own so that it can touch nothing but its container.
///
/// The limits are set with util-linux's `prlimit` and the user with `setpriv`, wrapped around the
/// app's command, so that they hold from the first instruction of the app and for everything it
/// starts. A fork bomb then fails at its process limit; an app that writes without end stops at its
/// file size limit; an infinite loop meets the runner's time limit and, past that, its CPU limit.
public struct LaunchSandbox: Sendable, Equatable {
    /// Processes (threads count too) the user may have at once.
    public var processLimit: Int = 256
    /// Largest file the app may write, in bytes.
    public var fileSizeLimit: Int = 16 << 20
    /// Processor seconds per launch: a backstop behind the runner's wall-clock limits.
    public var cpuSeconds: Int = 60
    /// The user and group the app runs as, when the runner can switch (it is root). Give each
    /// submission graded at the same time a user of its own: limits on processes are per user.
    public var userID: UInt32?
    /// Whether the app gets empty `/tmp`, `/var/tmp` and `/dev/shm` of its own (a mount namespace),
    /// so that nothing it leaves there reaches another app. Needs `canMakePrivateTemporaryFolders`.
    public var privateTemporaryFolders: Bool

    public init(processLimit: Int = 256, fileSizeLimit: Int = 16 << 20, cpuSeconds: Int = 60, userID: UInt32? = nil,
                privateTemporaryFolders: Bool = false) {
        self.processLimit = processLimit
        self.fileSizeLimit = fileSizeLimit
        self.cpuSeconds = cpuSeconds
        self.userID = userID
        self.privateTemporaryFolders = privateTemporaryFolders
    }

    /// Whether this runner can run apps as another user.
    public static var canSwitchUser: Bool { geteuid() == 0 && ExecutableSearch.find("setpriv") != nil }

    /// Whether this machine lets the runner give apps temporary folders of their own: root, with
    /// util-linux's `unshare`, where the kernel allows mount namespaces (some containers do not).
    /// Tried once, for real.
    public static let canMakePrivateTemporaryFolders: Bool = {
        guard geteuid() == 0, let unshare = ExecutableSearch.find("unshare") else { return false }
        let trial = try? TimedCommand(executable: unshare, arguments: ["--mount", "--propagation", "private", "--", "/bin/sh", "-c", mountScript + " true"],
                                      timeLimit: 10).run()
        return trial?.succeeded ?? false
    }()

    /// Mounts an empty, small tmpfs on each shared temporary folder, then runs the rest.
    private static let mountScript = """
        for folder in /tmp /var/tmp /dev/shm; do \
        if [ -d "$folder" ]; then mount -t tmpfs -o size=16m,mode=1777,nosuid,nodev tmpfs "$folder" || exit 125; fi; \
        done; exec "$@"
        """

    /// The command that starts `executable` under these limits, and its arguments.
    func command(for executable: URL) throws -> (executable: URL, arguments: [String]) {
        guard let prlimit = ExecutableSearch.find("prlimit") else {
            throw RunnerError("cannot limit the app's processes: `prlimit` (util-linux) is missing")
        }
        var arguments = ["--nproc=\(processLimit)", "--fsize=\(fileSizeLimit)", "--cpu=\(cpuSeconds)", "--core=0", "--"]
        if privateTemporaryFolders {
            guard let unshare = ExecutableSearch.find("unshare"), Self.canMakePrivateTemporaryFolders else {
                throw RunnerError("cannot give the app temporary folders of its own: that needs root, `unshare` (util-linux) and mount namespaces")
            }
            // `unshare` and `sh` exec in place, so the app keeps the process (and group) the runner started.
            arguments += [unshare.path, "--mount", "--propagation", "private", "--", "/bin/sh", "-c", Self.mountScript, "sh"]
        }
        if let userID {
            guard let setpriv = ExecutableSearch.find("setpriv"), geteuid() == 0 else {
                throw RunnerError("cannot run the app as user \(userID): that needs root and `setpriv` (util-linux)")
            }
            arguments += [setpriv.path, "--reuid=\(userID)", "--regid=\(userID)", "--clear-groups", "--inh-caps=-all", "--"]
        }
        return (prlimit, arguments + [executable.path])
    }

    /// Hands the container to the app's user, so that the app can write there and only there.
    func prepare(container: URL) throws {
        guard let userID else { return }
        let manager = FileManager.default
        var paths = [container.path]
        if let walker = manager.enumerator(atPath: container.path) {
            while let relative = walker.nextObject() as? String { paths.append(container.appendingPathComponent(relative).path) }
        }
        for path in paths where lchown(path, userID, userID) != 0 {
            throw RunnerError("cannot hand \(path) to user \(userID): \(String(cString: strerror(errno)))")
        }
    }
}
