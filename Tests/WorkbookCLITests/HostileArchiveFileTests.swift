import BinaryPropertyList
import Foundation
import RestorationKit
import Testing
import TestSupport

/// `workbook archive dump` and `diff` given what a careless or hostile user hands them: a file
/// far larger than any archive, a device, a FIFO, and values made to act on the terminal.
@MainActor struct HostileArchiveFileTests {
    /// A sparse file of 3 GiB: no disk, and no time to make.
    func sparseFile(gibibytes: Int) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("huge-\(UUID().uuidString).data")
        _ = FileManager.default.createFile(atPath: url.path, contents: Data("bplist00".utf8))
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: UInt64(gibibytes) << 30)
        try handle.close()
        return url
    }

    /// The workbook run under `prlimit --as`: it may map at most `limit` bytes of memory, far
    /// less than reading the whole file would take.
    func workbookUnderMemoryLimit(_ limit: Int, _ arguments: String...) throws -> ToolRun {
        try ToolRun.run("prlimit", ["--as=\(limit)", "--", try BuiltProducts.executable("workbook").path] + arguments)
    }

    @Test("A 3 GiB file is refused in words, before it is read, within a memory limit reading it would break; by dump and by diff")
    func hugeFile() throws {
        let huge = try sparseFile(gibibytes: 3)
        defer { try? FileManager.default.removeItem(at: huge) }
        let good = try RealArchives.first.path
        let sentence = "Error: \(huge.path) is not a restoration archive: it is 3 GiB, larger than any archive is (64 MiB at most). Expected the data.data"
        let limit = 1 << 30
        // The limit leaves room for a real archive: it is the size that is refused, not the command.
        let fine = try workbookUnderMemoryLimit(limit, "archive", "dump", good)
        #expect(fine.status == 0, "\(fine.said)")

        let dump = try workbookUnderMemoryLimit(limit, "archive", "dump", huge.path)
        #expect(dump.status == 2)
        #expect(dump.output.isEmpty)
        #expect(dump.errors.hasPrefix(sentence), "\(dump.errors)")
        #expect(dump.errors.split(separator: "\n").count == 1)
        for arguments in [[good, huge.path], [huge.path, good]] {
            let diff = try workbookUnderMemoryLimit(limit, "archive", "diff", arguments[0], arguments[1])
            #expect(diff.status == 2)
            #expect(diff.errors.hasPrefix(sentence), "\(diff.errors)")
        }
    }

    @Test("A device or a FIFO is said to be no regular file, never waited on, never 'permission'")
    func notRegularFiles() throws {
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("fifo-\(UUID().uuidString)")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        defer { try? FileManager.default.removeItem(at: fifo) }
        let zero = try workbook(arguments: ["archive", "dump", "/dev/zero"], timeLimit: 60)
        #expect(zero.status == 2)
        #expect(zero.errors.hasPrefix("Error: /dev/zero is not a restoration archive: it is not a regular file but a character device"), "\(zero.errors)")
        #expect(!zero.errors.contains("permission"))
        // Nobody ever writes to the FIFO: a command that opened it to read would wait forever.
        let pipe = try workbook(arguments: ["archive", "diff", try RealArchives.first.path, fifo.path], timeLimit: 60)
        #expect(pipe.status == 2)
        #expect(pipe.errors.hasPrefix("Error: \(fifo.path) is not a restoration archive: it is not a regular file but a FIFO (a named pipe)"),
                "\(pipe.errors)")
    }

    @Test("Right-to-left overrides and escape sequences in keys, values and class names are shown escaped, never sent to the terminal")
    func terminalControls() throws {
        func archive(_ text: String) -> StateArchive {
            StateArchive(topLevel: Archives.topLevel(), entries: [
                .init(path: Archives.nav, kind: .viewController, className: "Evil.\u{202E}rellortnoC", state: [
                    "file": .string("invoice\u{202E}fdp.exe"),
                    "bell\u{07}\u{1B}[2J": .string(text),
                    "list": .array([.string("a\u{2066}b")]),
                ]),
            ])
        }
        let old = try Archives.write(archive("old")), new = try Archives.write(archive("new\u{1B}]0;title\u{07}"))
        defer { [old, new].forEach { try? FileManager.default.removeItem(at: $0) } }
        let dump = try workbook("archive", "dump", old.path)
        let diff = try workbook("archive", "diff", old.path, new.path)
        #expect(dump.status == 0 && diff.status == 1)
        for said in [dump.output, diff.output] {
            let raw = said.unicodeScalars.filter { ($0.properties.generalCategory == .control && $0 != "\n") || $0.properties.isBidiControl }
            #expect(raw.isEmpty, "raw: \(raw.map { String(format: "U+%04X", $0.value) }) in \(said)")
        }
        #expect(dump.output.contains(#"file...................."invoice\U202efdp.exe""#), "\(dump.output)")
        #expect(dump.output.contains(#"(Class: "Evil.\U202erellortnoC")"#), "\(dump.output)")
        #expect(dump.output.contains(#""a\U2066b""#))
        #expect(diff.output.contains(#"~ Nav  "bell\U0007\U001b[2J": "old" → "new\U001b]0;title\U0007""#), "\(diff.output)")
    }

    @Test("A file name holding an escape sequence or a newline is shown escaped in errors and in the diff's header")
    func terminalControlsInFileNames() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("names-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func archive(_ value: String) -> StateArchive {
            StateArchive(topLevel: Archives.topLevel(), entries: [.init(path: Archives.nav, kind: .viewController, className: "App.Nav", state: ["title": .string(value)])])
        }
        let odd = folder.appendingPathComponent("old\u{1B}[2J\ndata.data"), other = folder.appendingPathComponent("new\u{202E}atad.data")
        try archive("old").encoded().write(to: odd)
        try Data("bplist00".utf8).write(to: other)
        let missing = try workbook("archive", "dump", folder.appendingPathComponent("gone\u{07}.data").path)
        let broken = try workbook("archive", "diff", odd.path, other.path)
        try archive("new").encoded().write(to: other)
        let diff = try workbook("archive", "diff", odd.path, other.path)
        #expect(missing.status == 2 && broken.status == 2 && diff.status == 1, "\(missing.errors) \(broken.errors) \(diff.errors)")
        for said in [missing.errors, broken.errors, diff.output] {
            let raw = said.unicodeScalars.filter { ($0.properties.generalCategory == .control && $0 != "\n") || $0.properties.isBidiControl }
            #expect(raw.isEmpty, "raw: \(raw.map { String(format: "U+%04X", $0.value) }) in \(said)")
        }
        #expect(missing.errors.contains(#"gone\U0007.data""#), "\(missing.errors)")
        #expect(broken.errors.contains(#"new\U202eatad.data" is not a restoration archive"#), "\(broken.errors)")
        #expect(diff.output.hasPrefix("--- \""), "\(diff.output)")
        #expect(diff.output.contains(#"old\U001b[2J\ndata.data""#), "\(diff.output)")
    }
}
