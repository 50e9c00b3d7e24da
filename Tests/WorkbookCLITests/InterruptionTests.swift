import Foundation
import Testing
import TestSupport

/// Ctrl-C while `workbook` works: everything it started stops, what it was using goes, and it
/// exits 130 as a shell expects.
struct InterruptionTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test("SIGINT during a build: status 130, no compiler or build left running, no folder of the run left")
    func interruptedBuild() throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("interrupted-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let errors = cache.appendingPathExtension("stderr")
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errors) }

        let process = Process()
        process.executableURL = try BuiltProducts.executable("workbook")
        process.arguments = ["check", "hypnonerd", Self.root.appendingPathComponent("Tests/Fixtures/Submissions/correct").path,
                             "--cache", cache.path, "--root", Self.root.path]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()

        // Interrupt once the class's build has started compilers: they are what used to be left.
        let deadline = Date().addingTimeInterval(120)
        while Date() < deadline, process.isRunning, Self.processes(mentioning: cache.path).count < 2 { usleep(50_000) }
        #expect(process.isRunning, "the check ended before it could be interrupted: \((try? String(contentsOf: errors, encoding: .utf8)) ?? "")")
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()

        #expect(process.terminationStatus == 130)
        #expect(Self.processes(mentioning: cache.path).isEmpty, "left running: \(Self.processes(mentioning: cache.path))")
        let runFolders = ["/var/lib/restoration-workbook", cache.appendingPathComponent("hypnonerd").path].flatMap { base in
            ((try? FileManager.default.contentsOfDirectory(atPath: base)) ?? []).filter { name in
                name.hasPrefix("run-") && (try? String(contentsOfFile: "\(base)/\(name)/owner", encoding: .utf8))?
                    .trimmingCharacters(in: .whitespacesAndNewlines) == "\(process.processIdentifier)"
            }
        }
        #expect(runFolders.isEmpty, "left behind: \(runFolders)")
    }

    /// Live processes whose command line names `text`.
    static func processes(mentioning text: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { pid -> String? in
            guard Int32(pid) != nil,
                  let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8), !status.contains("State:\tZ"),
                  let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return nil }
            let line = String(decoding: data.map { $0 == 0 ? 32 : $0 }, as: UTF8.self)
            return line.contains(text) && !line.contains("workbook check") ? "\(pid): \(line.prefix(120))" : nil
        }
    }
}
