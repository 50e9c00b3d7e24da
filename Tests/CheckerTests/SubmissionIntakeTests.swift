import Foundation
import Testing
import TestSupport
@testable import Checker

/// What an instructor hands over is read as untrusted: zips cannot write outside their folder,
/// links are not followed, and a submission that cannot be read costs only its student.
struct SubmissionIntakeTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("intake-\(UUID().uuidString)")

    /// A zip that lies: `App.swift` as it is, and `Padding.swift`, `mebibytes` of zeros deflated to
    /// a thousandth of that, whose headers claim 1,000 bytes.
    static func lyingZip(at url: URL, mebibytes: Int) throws {
        try python("""
            import struct, sys, zipfile
            path, size = sys.argv[1], int(sys.argv[2]) << 20
            with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
                z.writestr("bob/App.swift", "// app")
                z.writestr("bob/Padding.swift", bytes(size))
            data = bytearray(open(path, "rb").read())
            for signature, name_at, size_at in ((b"PK\\x03\\x04", 26, 22), (b"PK\\x01\\x02", 28, 24)):
                at = data.find(signature)
                while at >= 0:
                    length = struct.unpack_from("<H", data, at + name_at)[0]
                    name = data[at + name_at + (4 if signature == b"PK\\x03\\x04" else 18):][:length]
                    if name.endswith(b"Padding.swift"):
                        struct.pack_into("<I", data, at + size_at, 1000)
                    at = data.find(signature, at + 4)
            open(path, "wb").write(data)
            """, arguments: [url.path, String(mebibytes)])
    }

    static func python(_ script: String, arguments: [String]) throws {
        let run = try ToolRun.run("python3", ["-c", script] + arguments)
        #expect(run.status == 0, "\(run.said)")
    }

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
        let intake = SubmissionIntake()
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
        let intake = SubmissionIntake()
        let submissions = intake.read([folder.appendingPathComponent("bob.zip").path, folder.appendingPathComponent("hostile.zip").path])
        #expect(submissions[0].student == "bob")
        #expect(Set(submissions[0].files.keys) == ["AppDelegate.swift"])
        #expect(submissions[1].student == "hostile")
        #expect(Set(submissions[1].files.keys) == ["App.swift"])
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("escaped.swift").path))
    }

    @Test("What cannot be read is refused with the reason; two students of one name are told apart")
    func refusals() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try write("no code here", to: "empty/notes.txt")
        try write("not a zip", to: "broken.zip")
        try write("// a", to: "one/carol/App.swift")
        try write("// b", to: "two/carol/App.swift")
        let intake = SubmissionIntake()
        let submissions = intake.read(["empty", "broken.zip", "missing", "one/carol", "two/carol"].map { folder.appendingPathComponent($0).path })
        #expect(submissions[0].refusal?.contains("holds no .swift files") == true)
        #expect(submissions[1].refusal?.contains("not a zip file") == true)
        #expect(submissions[2].refusal?.contains("does not exist") == true)
        #expect(submissions[3].student == "carol" && submissions[4].student == "carol-2")
    }

    @Test("A zip whose sizes lie is refused in words, naming the file and the limit, after no more than the limit's work")
    func lyingZip() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let zip = folder.appendingPathComponent("bob.zip")
        try Self.lyingZip(at: zip, mebibytes: 64)
        // What the zip says of itself: 1,006 bytes in all.
        let listing = try Self.listing(of: zip)
        #expect(listing.contains("1006 bytes uncompressed"), "\(listing)")

        var intake = SubmissionIntake()
        intake.maximumBytes = 1 << 20
        let submission = intake.read([zip.path])[0]
        #expect(submission.files.isEmpty)
        #expect(submission.refusal == "\(zip.path): bob/Padding.swift in the zip unpacks to more than a submission may hold (1 MiB of Swift files), "
            + "whatever size the zip claims for it; the zip was refused and nothing of it was kept")
        // Nothing was unpacked beside it, nor anywhere the intake could write.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["bob.zip"])
    }

    @Test("Stored and deflated zips of every kind the usual tools make are read whole, a file not of the app left unread")
    func zipsOfTheUsualTools() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = (0..<2_000).map { "let value\($0) = \"\(String(repeating: "é", count: $0 % 40))\"\n" }.joined()
        try write(source, to: "work/carol/Sources/App.swift")
        try write("// stored", to: "work/carol/Tiny.swift")
        try write(String(repeating: "not the app ", count: 10_000), to: "work/carol/notes.txt")
        try zip(["-r", "-0", "../stored.zip", "carol"], in: folder.appendingPathComponent("work"))
        try zip(["-r", "-9", "../deflated.zip", "carol"], in: folder.appendingPathComponent("work"))
        try zip(["-r", "-1", "../fast.zip", "carol"], in: folder.appendingPathComponent("work"))
        for name in ["stored", "deflated", "fast"] {
            let submission = SubmissionIntake().read([folder.appendingPathComponent("\(name).zip").path])[0]
            #expect(submission.refusal == nil, "\(name): \(submission.refusal ?? "")")
            #expect(submission.files["Sources/App.swift"] == Data(source.utf8), "\(name)")
            #expect(submission.files["Tiny.swift"] == Data("// stored".utf8), "\(name)")
            #expect(submission.files.count == 2, "\(name)")
        }
    }

    @Test("A Swift file that is not text is refused, naming the file, the line and the byte")
    func binaryJunk() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try write("// app", to: "dave/AppDelegate.swift")
        let junk = Data("import UIKit\n\nclass View {}\n".utf8) + Data([0x7F, 0x45, 0x4C, 0x46, 0xFF, 0xFE, 0x00, 0x01])
        try junk.write(to: folder.appendingPathComponent("dave/View.swift"))
        try write("// app", to: "erin/AppDelegate.swift")
        try Data("class A {}\n\0\0\0".utf8).write(to: folder.appendingPathComponent("erin/Nul.swift"))
        try write("// app", to: "frank/AppDelegate.swift")
        try Data([0xFF, 0xFE] + Array("c\0l\0".utf8)).write(to: folder.appendingPathComponent("frank/Wide.swift"))
        let submissions = SubmissionIntake().read(["dave", "erin", "frank"].map { folder.appendingPathComponent($0).path })
        #expect(submissions[0].refusal == "\(folder.path)/dave: View.swift is not Swift source text: "
            + "at line 4, column 5 (byte 32): the byte 0xFF, which is not UTF-8. Save it as UTF-8 text, or take it out of the submission")
        #expect(submissions[1].refusal?.contains("Nul.swift is not Swift source text: at line 2, column 1 (byte 11): a NUL byte") == true)
        #expect(submissions[2].refusal?.contains("Wide.swift is not Swift source text: at line 1, column 1 (byte 0): the file is UTF-16") == true)
    }

    @Test("A folder nested thousands deep, or the whole disk, is refused in words, not with the system's error")
    func folderWalksAreBounded() throws {
        defer {
            // `rm` takes a tree too deep for one path; FileManager does not.
            _ = try? ToolRun.run("rm", ["-rf", folder.path])
        }
        try write("// app", to: "deep/AppDelegate.swift")
        // 3,000 levels: past the longest path the system takes, so made one level at a time.
        try Self.python("""
            import os, sys
            os.chdir(sys.argv[1])
            for _ in range(3000):
                os.mkdir("d")
                os.chdir("d")
            open("Hidden.swift", "w").write("// found")
            """, arguments: [folder.appendingPathComponent("deep").path])
        let deep = SubmissionIntake().read([folder.appendingPathComponent("deep").path])[0]
        #expect(deep.refusal == "\(folder.path)/deep: its folders nest deeper than 32 levels (d/d/d/…), deeper than any app's sources; "
            + "is this the solution's folder?")

        let root = SubmissionIntake().read(["/"])[0]
        let refusal = try #require(root.refusal)
        #expect(!refusal.contains("Error Domain") && !refusal.contains("NSCocoaErrorDomain") && !refusal.contains("UserInfo"), "\(refusal)")
        #expect(refusal.hasPrefix("/: "), "\(refusal)")
    }

    static func listing(of zip: URL) throws -> String {
        try ToolRun.run("unzip", ["-Z", "-t", zip.path]).output
    }
}
