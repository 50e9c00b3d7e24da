import Foundation
import Testing
import TestSupport

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

    @Test("A zip that lies about its sizes is refused in words, and never fills the disk nor the checker's cache")
    func lyingZip() throws {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("lying-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: parent) }
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        let zip = parent.appendingPathComponent("bob.zip"), cache = parent.appendingPathComponent("cache")
        // 256 KiB that claims 1,006 bytes and holds 256 MiB.
        try Self.python("""
            import struct, sys, zipfile
            path = sys.argv[1]
            with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
                z.writestr("bob/AppDelegate.swift", "// app")
                z.writestr("bob/Padding.swift", bytes(256 << 20))
            data = bytearray(open(path, "rb").read())
            for signature, name_at, name_start, size_at in ((b"PK\\x03\\x04", 26, 30, 22), (b"PK\\x01\\x02", 28, 46, 24)):
                at = data.find(signature)
                while at >= 0:
                    length = struct.unpack_from("<H", data, at + name_at)[0]
                    if data[at + name_start:at + name_start + length].endswith(b"Padding.swift"):
                        struct.pack_into("<I", data, at + size_at, 1000)
                    at = data.find(signature, at + 4)
            open(path, "wb").write(data)
            """, zip.path)

        // The cache's size, looked at as often as the machine allows while the check runs.
        let watcher = FolderSizeWatcher(cache)
        let run = try workbook(arguments: ["check", "hypnonerd", zip.path, "--cache", cache.path, "--root", Self.root.path], timeLimit: 120)
        let peak = watcher.stop()
        #expect(run.status == 1, "\(run.errors)")
        #expect((run.output + run.errors).contains("bob/Padding.swift in the zip unpacks to more than a submission may hold (4 MiB of Swift files)"),
                "\(run.output)\(run.errors)")
        #expect(peak < 4 << 20, "the cache held \(peak) bytes while the zip was read")
        #expect(FolderSizeWatcher.size(of: cache) < 4 << 20, "the cache keeps \(FolderSizeWatcher.size(of: cache)) bytes")
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path).sorted() == ["bob.zip", "cache"])
    }

    @Test("`check` given the whole disk says what is wrong in words, not with the system's error")
    func wholeDisk() throws {
        let run = try workbook(arguments: ["check", "hypnonerd", "/", "--cache", Self.cache, "--root", Self.root.path], timeLimit: 120)
        #expect(run.status == 1)
        let said = run.output + run.errors
        #expect(!said.contains("Error Domain") && !said.contains("UserInfo") && !said.contains("permission"), "\(said)")
        // The walk stays out of /proc and /sys, and stops at a submission's limits.
        #expect(said.contains("Your submission could not be read: /: it is larger than a submission may be")
                || said.contains("Your submission could not be read: /: / holds more than 20000 files and folders"), "\(said)")
    }

    @Test("`grade` and `export` with a hidden check that tests no restoration stop before anyone is graded or anything written, saying which and why")
    func unsoundChecksStopGradeAndExport() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("unsound-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let checks = folder.appendingPathComponent("hidden")
        try FileManager.default.createDirectory(at: checks, withIntermediateDirectories: true)
        try Data("scenario \"The first tab comes back\"\ntags tab-bar\nlaunch\npress home\nkill\nlaunch\nexpect selected tab is \"Hypnotize\"\n".utf8)
            .write(to: checks.appendingPathComponent("first-tab.scenario"))
        let sentence = "Error: the checks and rubric cannot grade hypnonerd: its reference solution HypnoNerdSolution earns 8 of 10 points with them, "
            + "so every student would lose those points too; nothing was graded or written. Fix or remove each check below, then try again:\n"
            + "  - hidden check first-tab.scenario (\"The first tab comes back\") passes even with the restoration archive taken away before the relaunch, "
            + "so it tests no restoration (it expects what a fresh launch shows): line 7, expect selected tab is \"Hypnotize\"\n"
        let graded = try workbook("grade", "hypnonerd", "Tests/Fixtures/Submissions/correct", "--checks", checks.path, "--cache", Self.cache,
                                  "--root", Self.root.path)
        #expect(graded.status == 1)
        #expect(graded.errors.hasSuffix(sentence), "\(graded.errors)")
        #expect(!graded.output.contains("correct"), "no student was graded: \(graded.output)")

        let output = folder.appendingPathComponent("template")
        let exported = try workbook("export", "github-classroom", "hypnonerd", "--checks", checks.path, "--output", output.path, "--cache", Self.cache,
                                    "--root", Self.root.path)
        #expect(exported.status == 1)
        #expect(exported.errors.hasSuffix(sentence), "\(exported.errors)")
        #expect(!FileManager.default.fileExists(atPath: output.path), "nothing was written")
    }

    static func python(_ script: String, _ arguments: String...) throws {
        let run = try ToolRun.run("python3", ["-c", script] + arguments)
        #expect(run.status == 0, "\(run.said)")
    }
}

/// Adds up a folder's files again and again on a thread of its own, and keeps the largest total
/// seen: what a command had on disk at its peak, give or take what lived between two looks.
final class FolderSizeWatcher: @unchecked Sendable {
    private let condition = NSCondition()
    private var peak = 0
    private var stopped = false
    private var finished = false

    init(_ folder: URL) {
        Thread.detachNewThread { [self] in
            while true {
                let size = Self.size(of: folder)
                condition.lock()
                peak = max(peak, size)
                let done = stopped
                if done { finished = true; condition.broadcast() }
                condition.unlock()
                if done { return }
            }
        }
    }

    /// Stops watching after one more look, and gives the peak.
    func stop() -> Int {
        condition.lock()
        defer { condition.unlock() }
        stopped = true
        let deadline = Date().addingTimeInterval(30)
        while !finished, condition.wait(until: deadline) {}
        return peak
    }

    static func size(of folder: URL) -> Int {
        guard let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.fileSizeKey]) else { return 0 }
        var total = 0
        for case let file as URL in files {
            total += (try? file.resourceValues(forKeys: [.fileSizeKey]).fileSize ?? 0) ?? 0
        }
        return total
    }
}

/// What a student whose iOS code the checker changed for Linux reads on the terminal.
extension CheckCommandTests {
    @Test("A mistake inside an override the checker moved: the terminal says what was moved, and the compiler's errors at the student's lines, without the engine's notes or the grader's cache")
    func movedOverrideError() throws {
        let run = try workbook("check", "hypnonerd", "Tests/Fixtures/Submissions/moved-override-error", "--cache", Self.cache, "--root", Self.root.path)
        #expect(run.status == 1)
        let student = "Tests/Fixtures/Submissions/moved-override-error"
        #expect(run.output.contains("Changed for the build on Linux (the files themselves stay as written):\n"), "\(run.output)")
        #expect(run.output.contains("  \(student)/ReminderViewController.swift:54: override func encodeRestorableState(with:) moved into the body of class ReminderViewController (line 4)"))
        #expect(run.output.contains("\(student)/ReminderViewController.swift:57:33: error: value of type 'UIDatePicker' has no member 'dat'\n        coder.encode(datePicker.dat, forKey: Key.pickedDate)\n"))
        #expect(run.output.contains("\(student)/ReminderViewController.swift:63:36: error: missing argument for parameter 'animated' in call"))
        #expect(!run.output.contains("declared here"), "the engine's declaration is not the student's code")
        #expect(!run.output.contains("Engine/") && !run.output.contains(".build/checker") && !run.output.contains("#sourceLocation"), "\(run.output)")
        #expect(run.output.contains("Score: 0 of 10"))
    }
}
