import Foundation
import Testing

/// A student's loop from the command line: start the exercise in a folder of their own, check it
/// from there, read what to fix.
@Suite(.serialized) struct CheckCommandTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let cache = root.appendingPathComponent(".build/checker-cli-tests").path

    @Test("`exercise start` copies the starter with its task, and never writes into a folder with files")
    func start() throws {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("start-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: parent) }
        let folder = parent.appendingPathComponent("hypnonerd")
        let started = try workbook("exercise", "start", "hypnonerd", folder.path)
        #expect(started.status == 0, "\(started.errors)")
        #expect(started.output.contains("workbook check hypnonerd \(folder.path)"))
        let readme = try String(contentsOf: folder.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("Reminder date (3 points)"))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("AppDelegate.swift").path))

        let mine = folder.appendingPathComponent("AppDelegate.swift")
        try Data("// my own work\n".utf8).write(to: mine)
        let again = try workbook("exercise", "start", "hypnonerd", folder.path)
        #expect(again.status == 1)
        #expect(again.errors.contains("already has files"))
        #expect(try String(contentsOf: mine, encoding: .utf8) == "// my own work\n", "nothing the student wrote is overwritten")
    }

    @Test("`check` from the student's own folder finds the workbook, says what was lost, and exits 1 short of full marks")
    func checkFromOwnFolder() throws {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("check-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: parent) }
        let folder = parent.appendingPathComponent("labels")
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.root.appendingPathComponent("Tests/Fixtures/Submissions/labels-not-restored"), to: folder)

        let run = try workbook(arguments: ["check", "hypnonerd", "--cache", Self.cache], in: folder)
        #expect(run.status == 1, "\(run.errors)")
        #expect(run.output.contains("✔ Reminder date  3/3"))
        #expect(run.output.contains("✘ Hypnosis messages  0/3"))
        // Twenty copies of a label are one line, with how many.
        #expect(run.output.contains("lost Label: \"You are getting sleepy\" → nothing (×20)"))
        #expect(run.output.contains("Score: 7 of 10"))
        #expect(!run.output.contains("\u{1B}["), "no colour when not on a terminal")

        // A narrow terminal: drawings one under the other, long lines wrapped at their spaces.
        let narrow = try workbook(arguments: ["check", "hypnonerd", "--cache", Self.cache], environment: ["COLUMNS": "60"], in: folder)
        let lines = narrow.output.split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= 60 }, "wider than 60: \(lines.filter { $0.count > 60 })")
        #expect(narrow.output.contains("      Before Home\n      ┌"))
        #expect(narrow.output.contains("Score: 7 of 10"))

        let json = try workbook(arguments: ["check", "hypnonerd", "--cache", Self.cache, "--json"], in: folder)
        #expect(json.status == 1, "the same status with --json: \(json.errors)")
        #expect(json.output.contains("\"score\""))
    }

    @Test("A crash is told in the runtime's words at the student's line, with no stack of addresses")
    func crash() throws {
        let run = try workbook("check", "hypnonerd", "Tests/Fixtures/Submissions/crash-while-decoding", "--cache", Self.cache, "--root", Self.root.path)
        #expect(run.status == 1)
        #expect(run.output.contains("crash-while-decoding/ReminderViewController.swift:58: Fatal error: Unexpectedly found nil"))
        #expect(!run.output.contains("0x0000"))
        #expect(run.output.contains("Score: 0 of 10"))
    }

    @Test("A cause the engine saw is told on a line of its own, under what was lost")
    func cause() throws {
        let run = try workbook("check", "hypnonerd", "Tests/Fixtures/Submissions/forgot-super", "--cache", Self.cache, "--root", Self.root.path)
        #expect(run.status == 1)
        #expect(run.output.contains("\n      Why: HypnoTabBarController at UITabBarController does not call super.encodeRestorableState(with:), so UIKit's own state for it (its children, the selected tab, what it presented) was not saved.\n"),
                "\(run.output)")
    }
}
