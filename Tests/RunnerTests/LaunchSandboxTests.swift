import Foundation
import Testing
@testable import Runner

/// The sandbox around one launch, tried with a shell script as the app: what it can see, what it
/// leaves behind, and the clean-up that follows no link.
@Suite(.serialized) struct LaunchSandboxTests {
    /// A folder with `app` (the script) and `container`, reachable by a lent user.
    struct Launch {
        let folder: URL
        let container: URL
        let process: ChildProcess
        let user: SandboxUser?

        init(script: String) throws {
            folder = URL(fileURLWithPath: "/var/tmp").appendingPathComponent("sandbox-test-\(UUID().uuidString)")
            container = folder.appendingPathComponent("container")
            try FileManager.default.createDirectory(at: container, withIntermediateDirectories: true)
            chmod(folder.path, 0o711)
            let app = folder.appendingPathComponent("app")
            // Close-on-exec, as the checker writes apps: no process another test starts meanwhile
            // may hold it open for writing ("text file busy").
            try ExecutableFile.write(Data(("#!/bin/sh\n" + script).utf8), to: app)
            user = geteuid() == 0 ? try SandboxUser.lease() : nil
            let sandbox = LaunchSandbox(userID: user?.id)
            try sandbox.prepare(container: container)
            let command = try sandbox.command(for: app, container: container, environment: ["MARK": "sandbox-test"])
            process = try ChildProcess(executable: command.executable, arguments: command.arguments, environment: command.environment)
        }

        /// The lines the script printed up to `ready`.
        func lines() -> [String] {
            var lines: [String] = []
            while let line = process.output.next(timeout: 20), line != "ready" { lines.append(line) }
            return lines
        }

        func end() {
            process.kill(childrenFirst: true)
            user?.killEveryProcess()
        }
    }

    @Test("Killing a launch kills its daemon too (setsid, forked twice, deaf to hang-ups)")
    func daemonDiesWithLaunch() throws {
        try #require(LaunchSandbox.isAvailable, "\(LaunchSandbox.unavailableReason ?? "")")
        let marker = "sandbox-daemon-\(UUID().uuidString)"
        let launch = try Launch(script: """
            setsid -f /bin/sh -c 'trap "" HUP TERM; while :; do sleep 600; done' \(marker)
            echo ready
            exec sleep 600
            """)
        defer { try? FolderTree.remove(launch.folder) }
        _ = launch.lines()
        #expect(!Self.running(marker).isEmpty, "the daemon started")
        launch.end()
        #expect(Self.running(marker).isEmpty, "a daemon outlived its launch")
    }

    @Test("A launch sees only its own processes, no network, none of the machine's shared folders, and its environment")
    func launchSeesOnlyItsOwn() throws {
        try #require(LaunchSandbox.isAvailable, "\(LaunchSandbox.unavailableReason ?? "")")
        let planted = "HOSTILE-\(UUID().uuidString)"
        // A neighbour's folder beside this launch's: a launch sees its own only.
        let neighbour = URL(fileURLWithPath: "/var/tmp").appendingPathComponent("sandbox-test-neighbour-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: neighbour, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: neighbour) }
        let launch = try Launch(script: """
            for pid in /proc/[0-9]*; do echo "process $(tr '\\0' ' ' < $pid/cmdline)"; done
            for folder in /tmp /run/lock /dev/shm /var/tmp; do echo x > $folder/\(planted) && echo "wrote $folder"; done
            echo "test folders $(ls -d /var/tmp/sandbox-test-* | wc -l)"
            ls / | tr '\\n' ' '; echo
            echo "mark $MARK"
            echo "network $(cat /proc/net/tcp | wc -l)"
            echo ready
            """)
        defer { try? FolderTree.remove(launch.folder) }
        let lines = launch.lines()
        launch.end()
        let processes = lines.filter { $0.hasPrefix("process ") }
        #expect(processes.count <= 4, "it saw other processes: \(processes)")
        #expect(!processes.contains { $0.contains("xctest") || $0.contains("swiftpm-testing") }, "it saw the runner: \(processes)")
        #expect(lines.contains("test folders 1"), "it saw other folders of the machine: \(lines)")
        #expect(lines.contains("mark sandbox-test"), "the environment the runner set: \(lines)")
        #expect(lines.contains("network 1"), "it sees sockets: \(lines)")
        for folder in ["/tmp", "/run/lock", "/dev/shm", "/var/tmp"] {
            #expect(!FileManager.default.fileExists(atPath: "\(folder)/\(planted)"), "planted in the machine's \(folder)")
        }
    }

    @Test("Removing a container follows none of its links: a canary they point to survives")
    func removalFollowsNoLink() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("folder-tree-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let canary = root.appendingPathComponent("outside/canary")
        let container = root.appendingPathComponent("container")
        try FileManager.default.createDirectory(at: canary.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("alive".utf8).write(to: canary)
        try FileManager.default.createDirectory(at: container.appendingPathComponent("Documents/deeper"), withIntermediateDirectories: true)
        for link in ["link", "Documents/link", "Documents/deeper/link"] {
            try FileManager.default.createSymbolicLink(at: container.appendingPathComponent(link), withDestinationURL: canary.deletingLastPathComponent())
        }
        try FileManager.default.createSymbolicLink(at: container.appendingPathComponent("file-link"), withDestinationURL: canary)
        if geteuid() == 0 { try FolderTree.handOver(container, to: 65_534) }
        try FolderTree.remove(container)
        #expect(!FileManager.default.fileExists(atPath: container.path))
        #expect(FileManager.default.contents(atPath: canary.path) == Data("alive".utf8))
        var status = stat()
        #expect(lstat(canary.path, &status) == 0 && status.st_uid == geteuid(), "the canary was handed over through a link")
    }

    @Test("Two leases never share a user id; a released one is lent again")
    func leasesAreUnique() throws {
        try #require(geteuid() == 0, "only root lends user ids")
        var first: SandboxUser? = try SandboxUser.lease()
        let second = try SandboxUser.lease()
        let firstID = try #require(first?.id)
        #expect(firstID != second.id)
        first = nil
        #expect(try SandboxUser.lease().id == firstID)
    }

    @Test("Limits an app met are said in words, not as signals", arguments: [
        (ChildProcess.Ending.signalled(SIGABRT), false, ["Fatal error: failed to allocate 1073741856 bytes of memory with alignment 8"], "used more than 512 MiB of memory"),
        (.signalled(SIGPIPE), true, [], "printed more than 1 MiB; output cut"),
        (.signalled(SIGXFSZ), false, [], "wrote a file larger than 16 MiB"),
        (.signalled(SIGXCPU), false, [], "used more than 60 s of processor time"),
        (.signalled(SIGABRT), false, ["Fatal error: Could not create thread: Resource temporarily unavailable"], "started more than 256 processes and threads"),
    ])
    func limitsInWords(ending: ChildProcess.Ending, outputCut: Bool, errors: [String], expected: String) {
        let breach = LimitBreach.find(ending: ending, outputCut: outputCut, errors: errors, sandbox: LaunchSandbox(), outputLimit: 1 << 20)
        #expect(breach?.description == expected)
    }

    @Test("bwrap's exit status 128 + N is the app killed by signal N")
    func appEnding() {
        #expect(LaunchSandbox.appEnding(.exited(134)) == .signalled(SIGABRT))
        #expect(LaunchSandbox.appEnding(.exited(1)) == .exited(1))
    }

    static func running(_ marker: String) -> [pid_t] {
        ProcessCensus.processIDs().filter { ProcessCensus.commandLine(of: $0)?.contains(marker) == true }
    }
}
