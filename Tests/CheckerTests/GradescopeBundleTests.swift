@testable import Checker
import Foundation
import Runner
import Testing

/// The Gradescope autograder zip: both scripts at its root, executable and valid bash; the
/// workbook as it is on disk, the grader's own manifest and the grading files (hidden checks,
/// rubric) inside; names quoted whatever they hold; and a grader that fails leaves no grade.
@Suite struct GradescopeBundleTests {
    static let hostileExercise = #"it's "x"; rm -rf ~ $(id) `id`"#

    func zipListing(_ zip: URL) throws -> [String] {
        let run = try Tool.run("unzip", ["-Z1", zip.path])
        #expect(run.status == 0, "\(run.errors)")
        return run.output.split(separator: "\n").map(String.init)
    }

    static func exercise(named name: String = "hypnonerd") -> Exercise {
        Exercise(name: name, title: "HypnoNerd", chapter: "chapter24", starter: "HypnoNerdStarter", solution: "HypnoNerdSolution",
                 task: "", criteria: [Criterion(name: "Reminder date", tag: "date-picker", points: 3)],
                 file: URL(fileURLWithPath: "/x/hypnonerd.exercise"))
    }

    /// A small git checkout shaped like the workbook, with a commit never pushed anywhere.
    static func workbook(in folder: URL) throws -> URL {
        let root = folder.appendingPathComponent("workbook")
        for (path, text) in [("Package.swift", "// swift-tools-version:6.0\n"), ("Chapters/chapter24/chapter.md", "# Restoration\n"),
                             ("Sources/Checker/Checker.swift", "// checker\n"), ("Sources/RestorationKit/Engine.swift", "// engine\n"),
                             (".gitignore", ".build/\n")] {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        // The bundle's scripts, which it reads from the workbook it carries.
        let scripts = root.appendingPathComponent("Sources/Checker/Export/Scripts")
        try FileManager.default.copyItem(at: GradedClass.packageRoot.appendingPathComponent("Sources/Checker/Export/Scripts"), to: scripts)
        // The parser the bundle carries, where `swift package resolve` leaves swift-syntax.
        for target in AutograderPackage.syntaxTargets {
            let url = AutograderPackage.syntaxCheckout(in: root).appendingPathComponent("Sources/\(target.folder)/Source.swift")
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("// \(target.name)\n".utf8).write(to: url)
        }
        for command in [["init", "--quiet"], ["add", "-A"],
                        ["-c", "user.name=Test", "-c", "user.email=test@example.com", "commit", "--quiet", "-m", "Workbook"]] {
            let run = try Tool.run("git", ["-C", root.path] + command)
            try #require(run.status == 0, "git \(command): \(run.errors)")
        }
        return root
    }

    /// Hidden checks and a rubric, as an instructor keeps them.
    static func gradingFiles(in folder: URL) throws -> (checks: URL, rubric: URL) {
        let checks = folder.appendingPathComponent("hidden")
        try FileManager.default.createDirectory(at: checks, withIntermediateDirectories: true)
        try Data("scenario \"Secret\"\ntags date-picker\nlaunch\n".utf8).write(to: checks.appendingPathComponent("secret.scenario"))
        let rubric = folder.appendingPathComponent("rubric.txt")
        try Data("criterion \"Reminder date\" tag date-picker points 3 hidden\n".utf8).write(to: rubric)
        return (checks, rubric)
    }

    @Test func theZipCarriesTheWorkingTreeTheGraderAndTheGradingFiles() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let root = try Self.workbook(in: folder.url)
        // Work not committed: an edit, a new file, and what git ignores.
        try Data("// checker, edited\n".utf8).write(to: root.appendingPathComponent("Sources/Checker/Checker.swift"))
        try Data("new".utf8).write(to: root.appendingPathComponent("Chapters/chapter24/notes.md"))
        try FileManager.default.createDirectory(at: root.appendingPathComponent(".build"), withIntermediateDirectories: true)
        try Data("junk".utf8).write(to: root.appendingPathComponent(".build/junk.o"))
        let (checks, rubric) = try Self.gradingFiles(in: folder.url)
        let grading = GradingDefinition(exercise: Self.exercise(), criteria: nil, hiddenChecks: checks, rubricFile: rubric)

        let output = folder.url.appendingPathComponent("bundle")
        let written = try GradescopeBundle(grading: grading, workbookRoot: root).write(to: output)
        #expect(written.files.map(\.lastPathComponent) == ["setup.sh", "run_autograder", "autograder.zip"])
        #expect(written.uncommitted == ["M Sources/Checker/Checker.swift", "?? Chapters/chapter24/notes.md"])

        let zip = output.appendingPathComponent("autograder.zip")
        let names = try zipListing(zip)
        #expect(names.prefix(2) == ["setup.sh", "run_autograder"])
        for name in ["workbook/Package.swift", "workbook/Sources/Checker/Checker.swift", "workbook/Chapters/chapter24/notes.md",
                     "grader/Package.swift", "grader/swift-syntax/Package.swift", "grader/swift-syntax/Sources/SwiftParser/Source.swift",
                     "grading/rubric.txt", "grading/checks/secret.scenario"] {
            #expect(names.contains(name), "\(name) is not in the zip: \(names)")
        }
        #expect(!names.contains { $0.contains(".build") || $0.contains(".git") })
        // Written by the workbook itself: every unzip and Python's zipfile read it whole.
        let tested = try Tool.run("unzip", ["-t", zip.path])
        #expect(tested.status == 0 && tested.output.contains("No errors detected"), "\(tested.output)\(tested.errors)")
        let read = try Tool.python("""
            import sys, zipfile
            with zipfile.ZipFile(sys.argv[1]) as z:
                print(z.testzip() is None and len(z.namelist()))
            """, [zip.path])
        #expect(read as? Int == names.count)
        let unzipped = folder.url.appendingPathComponent("unzipped")
        #expect(try Tool.run("unzip", ["-q", zip.path, "-d", unzipped.path]).status == 0)
        // What is on disk goes in, not the last commit.
        #expect(try String(contentsOf: unzipped.appendingPathComponent("workbook/Sources/Checker/Checker.swift"), encoding: .utf8) == "// checker, edited\n")
        #expect(FileManager.default.isExecutableFile(atPath: unzipped.appendingPathComponent("run_autograder").path))

        for script in ["setup.sh", "run_autograder"] {
            let path = output.appendingPathComponent(script).path
            let mode = try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
            #expect(mode == 0o755, "\(script) has mode \(String(mode, radix: 8))")
            let syntax = try Tool.run("bash", ["-n", path])
            #expect(syntax.status == 0, "bash -n \(script): \(syntax.errors)")
            let text = try String(contentsOfFile: path, encoding: .utf8)
            // Graded as locally: the hidden checks and the rubric are passed on.
            #expect(text.contains(#"GRADING=(--checks "$ROOT/grading/checks" --rubric "$ROOT/grading/rubric.txt")"#), "\(script)")
        }
        let setup = try String(contentsOf: output.appendingPathComponent("setup.sh"), encoding: .utf8)
        #expect(setup.contains("chmod -R go-rwx \"$ROOT/grading\""), "students' apps cannot read the hidden checks")
        #expect(setup.contains("--reference-solution"), "the engine is built at set-up")
        #expect(!setup.contains("git clone"), "nothing is fetched but Swift")
    }

    @Test func withoutHiddenChecksOrRubricTheExercisesOwnAreUsed() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let root = try Self.workbook(in: folder.url)
        let output = folder.url.appendingPathComponent("bundle")
        let written = try GradescopeBundle(grading: GradingDefinition(exercise: Self.exercise()), workbookRoot: root).write(to: output)
        #expect(written.uncommitted.isEmpty)
        #expect(!(try zipListing(output.appendingPathComponent("autograder.zip"))).contains { $0.hasPrefix("grading/") })
        let run = try String(contentsOf: output.appendingPathComponent("run_autograder"), encoding: .utf8)
        #expect(run.contains("GRADING=()"))
    }

    @Test func namesStayOneShellWordWhateverTheyHold() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let root = try Self.workbook(in: folder.url)
        let (checks, rubric) = try Self.gradingFiles(in: folder.url)
        let grading = GradingDefinition(exercise: Self.exercise(named: Self.hostileExercise + " @GRADING@"), hiddenChecks: checks, rubricFile: rubric)
        let bundle = GradescopeBundle(grading: grading, workbookRoot: root)
        try bundle.write(to: folder.url.appendingPathComponent("bundle"))
        // bash itself reads the assignments back.
        for script in ["setup.sh", "run_autograder"] {
            let path = folder.url.appendingPathComponent("bundle/\(script)").path
            let read = try Tool.run("bash", ["-c", #"eval "$(grep -E '^EXERCISE=' "$1")"; printf '%s' "$EXERCISE""#, "bash", path])
            #expect(read.status == 0, "\(read.errors)")
            #expect(read.output == Self.hostileExercise + " @GRADING@")
            #expect(try Tool.run("bash", ["-n", path]).status == 0)
            // Warnings and errors: the info that `$(id)` does not expand in single quotes is
            // the point of quoting it.
            let checked = try Tool.run("shellcheck", ["--severity=warning", path])
            #expect(checked.status == 0, "shellcheck \(script):\n\(checked.output)\(checked.errors)")
        }
    }

    /// Runs run_autograder in a folder laid out like /autograder, with a stand-in for the grader.
    func runAutograder(grader: String) throws -> (status: Int32, results: [String: Any]?, arguments: String, said: String) {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let (checks, _) = try Self.gradingFiles(in: folder.url)
        let root = try Self.workbook(in: folder.url)
        try GradescopeBundle(grading: GradingDefinition(exercise: Self.exercise(named: Self.hostileExercise), hiddenChecks: checks),
                             workbookRoot: root).write(to: folder.url.appendingPathComponent("bundle"))
        let autograder = folder.url.appendingPathComponent("autograder")
        let debug = autograder.appendingPathComponent("grader/.build/debug")
        try FileManager.default.createDirectory(at: debug, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: autograder.appendingPathComponent("submission"), withIntermediateDirectories: true)
        // A results.json left from an earlier run must not pass for this one's.
        try FileManager.default.createDirectory(at: autograder.appendingPathComponent("results"), withIntermediateDirectories: true)
        try Data(#"{"score": 10}"#.utf8).write(to: autograder.appendingPathComponent("results/results.json"))
        let fake = debug.appendingPathComponent("WorkbookAutograder")
        // Close-on-exec, as the bundle's own scripts: a build another test spawns meanwhile must
        // not hold it open for writing ("text file busy").
        try ExecutableFile.write(Data(("#!/usr/bin/env bash\nprintf '%s\\n' \"$@\" > \"$AUTOGRADER_ROOT/arguments\"\n" + grader).utf8), to: fake)
        let run = try Tool.run(folder.url.appendingPathComponent("bundle/run_autograder").path, [], environment: ["AUTOGRADER_ROOT": autograder.path])
        let resultsFile = autograder.appendingPathComponent("results/results.json")
        let results = FileManager.default.fileExists(atPath: resultsFile.path)
            ? try Tool.python("import json, sys; print(json.dumps(json.load(open(sys.argv[1], encoding='utf-8'))))", [resultsFile.path]) as? [String: Any]
            : nil
        let arguments = (try? String(contentsOf: autograder.appendingPathComponent("arguments"), encoding: .utf8)) ?? ""
        return (run.status, results, arguments, run.output + run.errors)
    }

    @Test func aRunGradesWithTheBundlesChecksAndCopiesTheResults() throws {
        let run = try runAutograder(grader: """
            mkdir -p "$8/students/submission"
            printf '{"score": 5, "tests": []}' > "$8/students/submission/gradescope-results.json"
            """)
        #expect(run.status == 0, "\(run.said)")
        let lines = run.arguments.split(separator: "\n").map(String.init)
        try #require(lines.count >= 4, "the grader was given too few arguments: \(lines)")
        #expect(lines.first == Self.hostileExercise)
        #expect(lines.dropFirst().first?.hasSuffix("/autograder/submission") == true)
        #expect(lines.dropFirst(2).prefix(2) == ["--root", lines[3]] && lines[3].hasSuffix("/autograder/workbook"))
        #expect(lines.contains("--checks") && lines.last?.hasSuffix("/autograder/grading/checks") == true, "\(lines)")
        #expect(run.results?["score"] as? Double == 5)
    }

    @Test func aGraderThatFailsLeavesAFailedRunNotAZero() throws {
        let run = try runAutograder(grader: "echo 'Fatal error' >&2\nexit 3\n")
        // No results.json: Gradescope shows "The autograder failed to execute correctly" and records no score.
        #expect(run.results == nil, "a results.json was left: \(String(describing: run.results))")
        #expect(run.status != 0)
        #expect(run.said.contains("The grader failed: it stopped with status 3"))
    }

    @Test func theGradersPackageDeclaresTargetsAsTheWorkbooksManifestDoes() throws {
        let manifest = try String(contentsOf: GradedClass.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        for target in AutograderPackage.targets {
            let declared = AutograderPackage.declaration(target)
            #expect(manifest.contains(declared), "Package.swift no longer declares \(declared): update AutograderPackage.targets")
        }
        #expect(AutograderPackage.manifest.contains(".executableTarget(name: \"WorkbookAutograder\", dependencies: [\"Checker\"])"))
    }

    @Test func whatCannotBeBundledIsSaid() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let root = try Self.workbook(in: folder.url)
        let scripts = root.appendingPathComponent("Sources/Checker/Export/Scripts")
        try FileManager.default.removeItem(at: scripts.appendingPathComponent("run_autograder"))
        let withoutScript = GradescopeBundle(grading: GradingDefinition(exercise: Self.exercise()), workbookRoot: root)
        #expect(ShardMergeTests.error { try withoutScript.write(to: folder.url.appendingPathComponent("a")) }
            == "\(scripts.path)/run_autograder: cannot be read, and the bundle's run_autograder is made from it (is this the workbook's folder?)")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("a/autograder.zip").path))
        let empty = folder.url.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let notTheWorkbook = GradescopeBundle(grading: GradingDefinition(exercise: Self.exercise()), workbookRoot: empty)
        #expect(ShardMergeTests.error { try notTheWorkbook.write(to: folder.url.appendingPathComponent("b")) }
            == "\(empty.path) does not look like the workbook: expected Chapters/ and Sources/Checker/ in it")
        let nowhere = GradescopeBundle(grading: GradingDefinition(exercise: Self.exercise()), workbookRoot: URL(fileURLWithPath: "/nonexistent/workbook"))
        #expect(ShardMergeTests.error { try nowhere.write(to: folder.url.appendingPathComponent("c")) }
            == "/nonexistent/workbook: expected the workbook's folder (the one with Chapters/), found nothing there")
    }
}
