import BinaryPropertyList
import Foundation
import Testing
@testable import RestorationKit

/// `workbook archive dump` and `diff`, and the command line's manners, run as a user runs them.
struct ArchiveCommandTests {
    /// An archive of a navigation controller with a note pushed onto it.
    static func archive(note: String, pushed: Bool = true) -> StateArchive {
        var archive = StateArchive()
        archive.topLevel = [ReservedKey.bundleVersion: .string("1"), ReservedKey.userInterfaceIdiom: .integer(0)]
        archive.append(.init(path: RestorationPath(root: "Nav"), kind: .viewController, className: "UIKit.UINavigationController",
                             state: [ReservedKey.viewWasLoaded: .boolean(true)]))
        if pushed {
            let path = RestorationPath(root: "Nav").appending("Note", atIndex: 1)
            archive.append(.init(path: path, kind: .viewController, className: "App.NoteViewController", state: ["note": .string(note)]))
            archive.restorationClassMap[path] = "App.NoteViewController"
        }
        return archive
    }

    static func write(_ archive: StateArchive) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("cli-\(UUID().uuidString).data")
        try archive.write(to: url)
        return url
    }

    @Test("The difference lists added objects, changed keys and class map changes, parents first")
    func difference() {
        let difference = ArchiveDifference(from: Self.archive(note: "", pushed: false), to: Self.archive(note: "Rusty"))
        #expect(difference.changes.map(\.description) == [
            "~ Nav/:[1]:/Note  restoration class: none → NoteViewController",
            "+ [View Controller] Nav/:[1]:/Note (Class: NoteViewController)",
        ])
        let edited = ArchiveDifference(from: Self.archive(note: "Rusty"), to: Self.archive(note: "Spork"))
        #expect(edited.changes.map(\.description) == ["~ Nav/:[1]:/Note  note: Rusty → Spork"])
        #expect(ArchiveDifference(from: Self.archive(note: "x"), to: Self.archive(note: "x")).isEmpty)
    }

    @Test("archive dump prints the archive tool's view, and JSON with --json")
    func dump() throws {
        let file = try Self.write(Self.archive(note: "Rusty"))
        defer { try? FileManager.default.removeItem(at: file) }
        let text = try Workbook.run(["archive", "dump", file.path])
        #expect(text.status == 0)
        #expect(text.output.contains("Top Level"))
        #expect(text.output.contains("[View Controller] Nav/:[1]:/Note (Class: NoteViewController)"))
        #expect(text.output.contains("UIApplicationStateRestorationUserInterfaceIdiom...iPhone"))
        let json = try Workbook.run(["archive", "dump", "--json", file.path])
        let document = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
        #expect((document?["objects"] as? [[String: Any]])?.count == 2)
    }

    @Test("A file that is not an archive ends with status 2 and a sentence naming it")
    func malformed() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("garbage-\(UUID().uuidString).data")
        try Data("bplist00 but not really".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        for arguments in [["archive", "dump", file.path], ["archive", "diff", file.path, file.path], ["archive", "dump", "/no/such/data.data"]] {
            let result = try Workbook.run(arguments)
            #expect(result.status == 2)
            #expect(result.errors.contains(arguments.last!) || result.errors.contains(file.path))
            #expect(!result.errors.contains("Fatal error") && !result.errors.contains("Backtrac"))
        }
    }

    @Test("archive diff exits like diff: 1 with the changed key listed, 0 for the same state")
    func diff() throws {
        let old = try Self.write(Self.archive(note: "Rusty")), new = try Self.write(Self.archive(note: "Spork"))
        defer { [old, new].forEach { try? FileManager.default.removeItem(at: $0) } }
        let changed = try Workbook.run(["archive", "diff", old.path, new.path])
        #expect(changed.status == 1)
        #expect(changed.output.contains("~ Nav/:[1]:/Note  note: Rusty → Spork"))
        #expect(!changed.output.contains("\u{1B}["), "no colour when not writing to a terminal")
        let same = try Workbook.run(["archive", "diff", old.path, old.path])
        #expect(same.status == 0)
    }

    @Test("A chapter, step or scenario that does not exist fails with status 1 and says what exists")
    func unknownNames() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        let chapter = try Workbook.run(["run", "chapter2", "--root", root])
        #expect(chapter.status == 1)
        #expect(chapter.errors.contains("there is no chapter \"chapter2\". Did you mean chapter24?"))
        let scenario = try Workbook.run(["run", "tour", "--scenario", "nope", "--root", root])
        #expect(scenario.status == 1)
        #expect(scenario.errors.contains("scenarios: force-quit, leave-and-come-back"))
        #expect(try Workbook.run(["list", "--root", "/nonexistent"]).status == 1)
    }

    @Test("Help, version and shell completions are there for a person and a shell")
    func manners() throws {
        #expect(try Workbook.run(["--version"]).output.trimmingCharacters(in: .whitespacesAndNewlines) == "0.1.0")
        let help = try Workbook.run(["--help"]).output
        for command in ["run", "list", "play", "archive"] { #expect(help.contains(command)) }
        #expect(try Workbook.run(["archive", "diff", "--help"]).output.contains("Exit status as diff's"))
        #expect(try Workbook.run(["--generate-completion-script", "bash"]).output.contains("_workbook"))
        let unknown = try Workbook.run(["runn"])
        #expect(unknown.status != 0 && unknown.errors.contains("run"))
    }
}

/// Runs the built `workbook` binary as a user would.
enum Workbook {
    struct Result {
        let status: Int32
        let output: String
        let errors: String
    }

    static func run(_ arguments: [String]) throws -> Result {
        let process = Process()
        process.executableURL = try binary()
        process.arguments = arguments
        process.environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin", "NO_COLOR": "1"]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile(), err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: String(decoding: out, as: UTF8.self), errors: String(decoding: err, as: UTF8.self))
    }

    static func binary() throws -> URL {
        let folders = [Bundle.main.executableURL?.deletingLastPathComponent(), URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
                       URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(".build/debug")].compactMap { $0 }
        guard let found = folders.map({ $0.appendingPathComponent("workbook") }).first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "workbook was not built; looked in \(folders.map(\.path))"])
        }
        return found
    }
}
