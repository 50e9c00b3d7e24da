import Foundation
import Testing
import TestSupport
import WorkbookSupport

/// Zips the workbook writes open with the usual tools (Info-ZIP's unzip, Python's zipfile),
/// hold what was put in, byte for byte and with scripts executable, and come out the same for
/// the same files.
@Suite struct ZipArchiveTests {
    static let files: [(path: String, data: Data)] = [
        ("App/AppDelegate.swift", Data("import UIKit\n".utf8)),
        ("Shared/Model/Ünïcode name.swift", Data("let x = \"é\"\n".utf8)),
        ("empty.txt", Data()),
        ("bytes.bin", Data((0..<1_000).map { UInt8($0 % 251) })),
    ]

    func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zip-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("A zip made in memory tests clean with unzip and reads back the same files with Python")
    func opensWithTheUsualTools() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let zip = folder.appendingPathComponent("files.zip")
        try ZipArchive.make(Self.files).write(to: zip)
        let tested = try ToolRun.run("unzip", ["-t", zip.path])
        #expect(tested.status == 0, "\(tested.said)")
        #expect(tested.output.contains("No errors detected"))
        let read = try ToolRun.run("python3", ["-c", """
            import sys, zipfile
            with zipfile.ZipFile(sys.argv[1]) as z:
                assert z.testzip() is None
                for info in z.infolist():
                    print(info.filename, len(z.read(info)), oct(info.external_attr >> 16))
            """, zip.path])
        #expect(read.status == 0, "\(read.said)")
        #expect(read.output == Self.files.map { "\($0.path) \($0.data.count) 0o100644\n" }.joined())
    }

    @Test("The same files make the same bytes")
    func reproducible() throws {
        #expect(try ZipArchive.make(Self.files) == ZipArchive.make(Self.files))
    }

    @Test("A zip written to a file as entries come is the zip made in memory, and keeps scripts executable once unzipped")
    func fileWriter() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let zip = folder.appendingPathComponent("streamed.zip")
        let writer = try ZipArchive.FileWriter(creating: zip)
        for file in Self.files { try writer.add(ZipArchive.Entry(path: file.path, data: file.data)) }
        try writer.finish()
        #expect(try Data(contentsOf: zip) == ZipArchive.make(Self.files))

        let scripts = folder.appendingPathComponent("scripts.zip")
        let second = try ZipArchive.FileWriter(creating: scripts)
        try second.add(ZipArchive.Entry(path: "run_autograder", data: Data("#!/bin/sh\necho hi\n".utf8), executable: true))
        try second.add(ZipArchive.Entry(path: "notes.txt", data: Data("notes\n".utf8)))
        try second.finish()
        let unzipped = folder.appendingPathComponent("out")
        #expect(try ToolRun.run("unzip", ["-q", scripts.path, "-d", unzipped.path]).status == 0)
        #expect(FileManager.default.isExecutableFile(atPath: unzipped.appendingPathComponent("run_autograder").path))
        #expect(!FileManager.default.isExecutableFile(atPath: unzipped.appendingPathComponent("notes.txt").path))
        #expect(try ToolRun.run(unzipped.appendingPathComponent("run_autograder").path, []).output == "hi\n")
    }

    @Test("More files than a zip without Zip64 can list are refused, not written wrong")
    func tooManyFiles() {
        let files = (0...65_535).map { (path: "f\($0)", data: Data()) }
        #expect(throws: ZipArchive.Failure.self) { try ZipArchive.make(files) }
        #expect(throws: Never.self) { try ZipArchive.make(Array(files.dropLast())) }
    }
}
