import Foundation
import Testing
@testable import Checker

/// The Gradescope autograder zip: both scripts at its root, executable and valid bash, names
/// quoted whatever they hold, and a run that leaves a results.json even when the grader fails.
@Suite struct GradescopeBundleTests {
    static let hostileExercise = #"it's "x"; rm -rf ~ $(id) `id`"#

    func zipListing(_ zip: URL) throws -> [String] {
        let run = try Tool.run("unzip", ["-Z1", zip.path])
        #expect(run.status == 0, "\(run.errors)")
        return run.output.split(separator: "\n").map(String.init)
    }

    @Test func theZipHoldsBothScriptsAtItsRoot() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let bundle = GradescopeBundle(exercise: "hypnonerd", workbookRepository: "https://example.com/workbook.git", revision: "v1.2")
        let written = try bundle.write(to: folder.url)
        #expect(written.map(\.lastPathComponent) == ["setup.sh", "run_autograder", "autograder.zip"])
        let listing = try Tool.run("unzip", ["-l", folder.url.appendingPathComponent("autograder.zip").path])
        #expect(listing.status == 0)
        let names = listing.output.split(separator: "\n").compactMap { $0.split(separator: " ").last.map(String.init) }
        #expect(names.contains("setup.sh"))
        #expect(names.contains("run_autograder"))
        #expect(try zipListing(folder.url.appendingPathComponent("autograder.zip")) == ["setup.sh", "run_autograder"])
        for script in ["setup.sh", "run_autograder"] {
            let path = folder.url.appendingPathComponent(script).path
            let mode = try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
            #expect(mode == 0o755, "\(script) has mode \(String(mode, radix: 8))")
            let syntax = try Tool.run("bash", ["-n", path])
            #expect(syntax.status == 0, "bash -n \(script): \(syntax.errors)")
        }
        // The zip keeps run_autograder executable: Gradescope runs it as it is.
        let unzipped = folder.url.appendingPathComponent("unzipped")
        #expect(try Tool.run("unzip", ["-q", folder.url.appendingPathComponent("autograder.zip").path, "-d", unzipped.path]).status == 0)
        #expect(FileManager.default.isExecutableFile(atPath: unzipped.appendingPathComponent("run_autograder").path))

        let setup = try String(contentsOf: folder.url.appendingPathComponent("setup.sh"), encoding: .utf8)
        #expect(setup.contains("WORKBOOK_REPOSITORY='https://example.com/workbook.git'"))
        #expect(setup.contains("WORKBOOK_REVISION='v1.2'"))
        #expect(setup.contains("libcmark-dev python3 zip unzip"))
        #expect(setup.contains("swift build -c release --product workbook"))
        #expect(setup.contains("https://download.swift.org/swift-$SWIFT_VERSION-release/"))
    }

    @Test func namesStayOneShellWordWhateverTheyHold() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let bundle = GradescopeBundle(exercise: Self.hostileExercise, workbookRepository: "https://example.com/it's.git", revision: "a'b")
        try bundle.write(to: folder.url)
        // bash itself reads the assignments back.
        let setup = folder.url.appendingPathComponent("setup.sh").path
        let run = folder.url.appendingPathComponent("run_autograder").path
        let read = try Tool.run("bash", ["-c", """
            eval "$(grep -E '^(EXERCISE)=' "$1")"; eval "$(grep -E '^(WORKBOOK_REPOSITORY|WORKBOOK_REVISION)=' "$2")"
            printf '%s\\n%s\\n%s' "$EXERCISE" "$WORKBOOK_REPOSITORY" "$WORKBOOK_REVISION"
            """, "bash", run, setup])
        #expect(read.status == 0, "\(read.errors)")
        #expect(read.output == "\(Self.hostileExercise)\nhttps://example.com/it's.git\na'b")
        #expect(try Tool.run("bash", ["-n", run]).status == 0)
    }

    /// Runs run_autograder in a folder laid out like /autograder, with a stand-in for the workbook.
    func runAutograder(workbook: String) throws -> (results: [String: Any], arguments: String) {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try GradescopeBundle(exercise: Self.hostileExercise, workbookRepository: "https://example.com/w.git", revision: nil)
            .write(to: folder.url)
        let root = folder.url.appendingPathComponent("autograder")
        let release = root.appendingPathComponent("workbook/.build/release")
        try FileManager.default.createDirectory(at: release, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("submission"), withIntermediateDirectories: true)
        let fake = release.appendingPathComponent("workbook")
        try Data(("#!/usr/bin/env bash\nprintf '%s\\n' \"$@\" > \"$AUTOGRADER_ROOT/arguments\"\n" + workbook).utf8).write(to: fake)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake.path)
        let run = try Tool.run(folder.url.appendingPathComponent("run_autograder").path, [], environment: ["AUTOGRADER_ROOT": root.path])
        #expect(run.status == 0, "run_autograder exited with \(run.status): \(run.errors)")
        let results = try #require(Tool.python("""
            import json, sys
            print(json.dumps(json.load(open(sys.argv[1], encoding='utf-8'))))
            """, [root.appendingPathComponent("results/results.json").path]) as? [String: Any])
        let arguments = (try? String(contentsOf: root.appendingPathComponent("arguments"), encoding: .utf8)) ?? ""
        return (results, arguments)
    }

    @Test func aRunCopiesTheStudentsGradescopeResults() throws {
        let (results, arguments) = try runAutograder(workbook: """
            mkdir -p "$5/students/submission"
            printf '{"score": 5, "tests": []}' > "$5/students/submission/gradescope-results.json"
            """)
        let lines = arguments.split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        #expect(lines.first == "check")
        #expect(lines.dropFirst().first == Self.hostileExercise)
        #expect(lines.dropFirst(2).first?.hasSuffix("/autograder/submission") == true)
        #expect(lines.dropFirst(3).first == "--report")
        #expect(results["score"] as? Double == 5)
    }

    @Test func aGraderThatFailsStillLeavesResultsSayingSo() throws {
        let (results, _) = try runAutograder(workbook: "echo 'Fatal error' >&2\nexit 3\n")
        #expect(results["score"] as? Double == 0)
        let output = try #require(results["output"] as? String)
        #expect(output.contains("The grader failed"))
        #expect(output.contains("status 3"))
    }

    @Test func aLocalWorkbookGoesIntoTheZipPinnedToItsCommit() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let repository = folder.url.appendingPathComponent("repository")
        try FileManager.default.createDirectory(at: repository, withIntermediateDirectories: true)
        try Data("// swift-tools-version:6.0\n".utf8).write(to: repository.appendingPathComponent("Package.swift"))
        for command in [["init", "--quiet"], ["add", "Package.swift"],
                        ["-c", "user.name=Test", "-c", "user.email=test@example.com", "commit", "--quiet", "-m", "Workbook"]] {
            let run = try Tool.run("git", ["-C", repository.path] + command)
            try #require(run.status == 0, "git \(command): \(run.errors)")
        }
        let commit = try Tool.run("git", ["-C", repository.path, "rev-parse", "HEAD"]).output.trimmingCharacters(in: .whitespacesAndNewlines)
        // Uncommitted files stay out: the bundle is what the commit holds.
        try Data("scratch".utf8).write(to: repository.appendingPathComponent("notes.txt"))
        let output = folder.url.appendingPathComponent("bundle")
        try GradescopeBundle(exercise: "hypnonerd", workbookRepository: repository.path, revision: nil).write(to: output)
        let names = try zipListing(output.appendingPathComponent("autograder.zip"))
        #expect(names.prefix(2) == ["setup.sh", "run_autograder"])
        #expect(names.contains("workbook/Package.swift"))
        #expect(!names.contains("workbook/notes.txt"))
        let setup = try String(contentsOf: output.appendingPathComponent("setup.sh"), encoding: .utf8)
        #expect(setup.contains("WORKBOOK_REPOSITORY='/autograder/source/workbook'"))
        #expect(setup.contains("WORKBOOK_REVISION='\(commit)'"))
    }

    @Test func whatCannotBeBundledIsSaid() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var bundle = GradescopeBundle(exercise: "hypnonerd", workbookRepository: "https://example.com/w.git", revision: nil)
        bundle.zipTool = URL(fileURLWithPath: "/nonexistent/zip")
        #expect(ShardMergeTests.error { try bundle.write(to: folder.url) }.contains("install zip"))
        let notARepository = GradescopeBundle(exercise: "hypnonerd", workbookRepository: folder.url.path, revision: nil)
        #expect(ShardMergeTests.error { try notARepository.write(to: folder.url.appendingPathComponent("out")) }
            .contains("is not a git repository"))
        let nowhere = GradescopeBundle(exercise: "hypnonerd", workbookRepository: "/nonexistent/workbook", revision: nil)
        #expect(ShardMergeTests.error { try nowhere.write(to: folder.url) } == "/nonexistent/workbook is neither a git URL nor a folder")
    }
}
