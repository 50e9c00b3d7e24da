import Foundation
import Testing
@testable import Checker

/// What an instructor hands over is read as untrusted: zips cannot write outside their folder,
/// links are not followed, and a submission that cannot be read costs only its student.
struct SubmissionIntakeTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("intake-\(UUID().uuidString)")

    func write(_ text: String, to relative: String) throws {
        let url = folder.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func zip(_ arguments: [String], in directory: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/zip")
        process.arguments = ["-q"] + arguments
        process.currentDirectoryURL = directory
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    @Test("A folder gives its Swift files by path, without Package.swift, build or hidden folders, or links")
    func folderSubmission() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try write("// app", to: "alice/AppDelegate.swift")
        try write("// view", to: "alice/Views/HypnosisView.swift")
        try write("// manifest", to: "alice/Package.swift")
        try write("// built", to: "alice/.build/debug/Old.swift")
        try write("secret", to: "outside/secret.swift")
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("alice/Linked.swift").path,
                                                   withDestinationPath: folder.appendingPathComponent("outside/secret.swift").path)
        let intake = SubmissionIntake(scratch: folder.appendingPathComponent("scratch"))
        let submission = intake.read([folder.appendingPathComponent("alice/").path])[0]
        #expect(submission.student == "alice")
        #expect(submission.refusal == nil)
        #expect(Set(submission.files.keys) == ["AppDelegate.swift", "Views/HypnosisView.swift"])
    }

    @Test("A zip is read from inside its one folder, and an entry that climbs out is not written")
    func zipSubmission() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try write("// app", to: "work/bob/AppDelegate.swift")
        try zip(["-r", "../bob.zip", "bob"], in: folder.appendingPathComponent("work"))
        // A hostile zip: beside a file of its own, an entry named ../../escaped.swift.
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        python.arguments = ["python3", "-c", """
            import zipfile, sys
            with zipfile.ZipFile(sys.argv[1], "w") as z:
                z.writestr("App.swift", "// app")
                z.writestr("../../escaped.swift", "// escaped")
            """, folder.appendingPathComponent("hostile.zip").path]
        try python.run()
        python.waitUntilExit()
        #expect(python.terminationStatus == 0)
        let intake = SubmissionIntake(scratch: folder.appendingPathComponent("scratch"))
        let submissions = intake.read([folder.appendingPathComponent("bob.zip").path, folder.appendingPathComponent("hostile.zip").path])
        #expect(submissions[0].student == "bob")
        #expect(Set(submissions[0].files.keys) == ["AppDelegate.swift"])
        #expect(submissions[1].student == "hostile")
        #expect(submissions[1].files.keys.contains("App.swift"))
        // Unpacked in scratch/unzipped/<id>/, the entry would land in scratch/ if it climbed out.
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("scratch/escaped.swift").path))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("escaped.swift").path))
    }

    @Test("What cannot be read is refused with the reason; two students of one name are told apart")
    func refusals() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try write("no code here", to: "empty/notes.txt")
        try write("not a zip", to: "broken.zip")
        try write("// a", to: "one/carol/App.swift")
        try write("// b", to: "two/carol/App.swift")
        let intake = SubmissionIntake(scratch: folder.appendingPathComponent("scratch"))
        let submissions = intake.read(["empty", "broken.zip", "missing", "one/carol", "two/carol"].map { folder.appendingPathComponent($0).path })
        #expect(submissions[0].refusal?.contains("holds no .swift files") == true)
        #expect(submissions[1].refusal?.contains("not a zip file") == true)
        #expect(submissions[2].refusal?.contains("does not exist") == true)
        #expect(submissions[3].student == "carol" && submissions[4].student == "carol-2")
    }
}
