@testable import Checker
import Foundation
import Runner
import TestSupport

/// The fixture class (`Tests/Fixtures/Submissions`, one known defect each) built once and graded
/// once with the hidden checks of `Tests/Fixtures/HiddenChecks`, shared by the tests that read the
/// results; the shards are graded from the same build. The build cache lives in
/// `.build/checker-tests` (with the other exercises' classes, `ExerciseClass`), so a second test
/// run builds nothing.
enum GradedClass {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let submissions = packageRoot.appendingPathComponent("Tests/Fixtures/Submissions")
    static let hiddenChecks = packageRoot.appendingPathComponent("Tests/Fixtures/HiddenChecks")
    /// The exercise's criteria, and the policy rules `hostile` needs to reach the sandbox.
    static let rubric = packageRoot.appendingPathComponent("Tests/Fixtures/Rubrics/hypnonerd-sandbox-trial.txt")
    static let cache = packageRoot.appendingPathComponent(".build/checker-tests")

    static let names = ["compile-error", "correct", "crash-while-decoding", "forgot-date-picker", "forgot-super",
                        "hostile", "infinite-loop-while-encoding", "ios-extension-overrides", "ios-import-uikit", "labels-not-restored",
                        "memory-hog", "moved-override-error", "protocol-imitation", "replaying-entry-point", "side-file-replay",
                        "uiapplicationmain"]

    /// Students whose file names a build cannot take as they are, made afresh for each test run
    /// (such names have no place in a repository): each a fixture above with its files renamed.
    static let oddNames = packageRoot.appendingPathComponent(".build/checker-tests-odd-names")
    static let oddlyNamed: [(student: String, from: String, names: [String: String])] = [
        // `ios-import-uikit`, which earns every point, with a quote, a backslash, a line break and
        // terminal escapes in its file and folder names.
        ("odd-file-names", "ios-import-uikit", [
            "HypnosisView.swift": "Hypnosis\"View\".swift",
            "ReminderSchedule.swift": "Reminder\\Schedule.swift",
            "ReminderViewController.swift": "Reminder\nViewController.swift",
            "HypnosisViewController.swift": "Views\u{1B}[1m/\u{1B}[31mHypnosisViewController.swift",
        ]),
        // `compile-error`, whose misspelt property is in a file named so.
        ("odd-file-name-error", "compile-error", ["ReminderViewController.swift": "Reminder\"View\\Controller\n\u{1B}[31m.swift"]),
    ]

    /// Writes the oddly named students' folders, and returns their paths.
    static func writeOddlyNamed() throws -> [String] {
        try? FileManager.default.removeItem(at: oddNames)
        return try oddlyNamed.map { student in
            let folder = oddNames.appendingPathComponent(student.student)
            let original = submissions.appendingPathComponent(student.from)
            for file in try FileManager.default.contentsOfDirectory(atPath: original.path) {
                let destination = folder.appendingPathComponent(student.names[file] ?? file)
                try FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
                try FileManager.default.copyItem(at: original.appendingPathComponent(file), to: destination)
            }
            return folder.path
        }
    }

    static func exercise() throws -> Exercise {
        try ExerciseCatalog(packageRoot: packageRoot).exercise(named: "hypnonerd")
    }

    /// What the class is graded against: the hidden checks and the fixtures' rubric, read as
    /// `--checks` and `--rubric` are.
    static func grading() throws -> GradingDefinition {
        try GradingDefinition.load(exercise: try exercise(), rubric: rubric.path, checks: hiddenChecks.path)
    }

    /// As `workbook grade` grades with `--checks` and `--rubric`: the reference solution is built
    /// with the class and proves the checks first (and the Actions matrix's shards, graded in the
    /// same cache, find it built).
    static func options(shard: Shard? = nil) throws -> ClassGrader.Options {
        var options = ClassGrader.Options(grading: try grading(), packageRoot: packageRoot, cacheFolder: cache)
        options.shard = shard
        options.validatesChecks = true
        return options
    }

    static var paths: [String] { names.map { submissions.appendingPathComponent($0).path } }

    /// Where the hostile app's links point (`Mischief.canaryFolder`): outside the workbook.
    static let canaryFolder = URL(fileURLWithPath: "/tmp/restoration-workbook-canary")
    /// Folders the hostile app writes to when nothing stops it.
    static let sharedFolders = ["/tmp", "/run/lock", "/dev/shm", "/var/tmp"]

    /// What a listener the tests open on 127.0.0.1 received while the class was graded.
    nonisolated(unsafe) static var received: [String] = []
    /// The hostile app's daemons still running the moment the class was graded, taken then:
    /// the export tests grade the hostile app again meanwhile, in their own folders.
    nonisolated(unsafe) static var daemonsLeft: [String] = []

    /// The whole class read and built, once per test run.
    static let built: Result<ClassGrader.BuiltClass, Error> = Result {
        try ClassGrader(options: options()).build(paths + writeOddlyNamed())
    }

    /// The whole class, graded once per test run, with a canary beside it and a listener open.
    static let whole: Result<ClassResults, Error> = Result {
        // What an earlier run's hostile app may have left, so that the tests see only this run.
        for folder in sharedFolders { try? FileManager.default.removeItem(atPath: folder + "/HOSTILE-WAS-HERE") }
        try FileManager.default.createDirectory(at: canaryFolder, withIntermediateDirectories: true)
        try Data("alive".utf8).write(to: canaryFolder.appendingPathComponent("canary"))
        let listener = try LoopbackListener()
        defer { received = listener.stop() }
        let results = try ClassGrader(options: options()).grade(built.get())
        daemonsLeft = ProcessCensus.processIDs().compactMap { ProcessCensus.commandLine(of: $0) }.filter { $0.contains("hostile-daemon") }
        return results
    }

    static func student(_ name: String) throws -> StudentResult {
        let results = try whole.get()
        guard let student = results.students.first(where: { $0.student == name }) else {
            throw TestFailure("no result for \(name); graded: \(results.students.map(\.student))")
        }
        return student
    }

    static func criterion(_ tag: String, of name: String) throws -> CriterionResult {
        guard let result = try student(name).criteria.first(where: { $0.criterion.tag == tag }) else {
            throw TestFailure("no criterion \(tag)")
        }
        return result
    }
}
