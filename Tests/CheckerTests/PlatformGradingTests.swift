@testable import Checker
import Foundation
import Testing

/// Each export's grading commands run as its platform runs them, in fresh folders, and give each
/// student the grade of the local run (`GradedClass.whole`): Gradescope's `run_autograder` in a
/// simulated /autograder. Every export carries the same payload and set-up script, so the
/// grader is set up in one home folder (`.build/platform-grading-tests/home/.workbook-autograder`,
/// kept between test runs as a self-hosted runner keeps it): the first set-up builds it, each
/// platform's own set-up then finds it built.
@Suite(.serialized) struct PlatformGradingTests {
    static let folder = GradedClass.packageRoot.appendingPathComponent(".build/platform-grading-tests")
    static let home = folder.appendingPathComponent("home")
    /// Where the Gradescope set-up puts the grader.
    static let root = home.appendingPathComponent(".workbook-autograder")

    /// Sets the grader up from an export's payload, as every platform does: the zip unpacked in
    /// `source/`, then its setup.sh.
    @discardableResult
    static func setUp(_ zip: URL) throws -> Tool.Run {
        try? FileManager.default.removeItem(at: root.appendingPathComponent("source"))
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let unzipped = try Tool.run("unzip", ["-q", zip.path, "-d", root.appendingPathComponent("source").path])
        try #require(unzipped.status == 0, "\(unzipped.errors)")
        let run = try Tool.run("bash", [root.appendingPathComponent("source/setup.sh").path],
                               environment: ["AUTOGRADER_ROOT": root.path, "HOME": home.path], in: root)
        try #require(run.status == 0, "setup.sh failed:\n\(run.output.suffix(3_000))\n\(run.errors.suffix(3_000))")
        return run
    }

    @Test("The Gradescope bundle, set up and run in a simulated /autograder, gives each student the local run's score")
    func gradescope() throws {
        let whole = try GradedClass.whole.get()
        let output = Self.folder.appendingPathComponent("gradescope")
        try GradescopeBundle(grading: GradedClass.grading(), workbookRoot: GradedClass.packageRoot).write(to: output)
        let setUp = try Self.setUp(output.appendingPathComponent("autograder.zip"))
        #expect(setUp.output.contains("The reference solution HypnoNerdSolution earns every point (10) with these checks and rubric."),
                "set-up proves the checks on the reference solution: \(setUp.output.suffix(500))")
        try? FileManager.default.removeItem(at: Self.root.appendingPathComponent("run_autograder"))
        try FileManager.default.copyItem(at: Self.root.appendingPathComponent("source/run_autograder"), to: Self.root.appendingPathComponent("run_autograder"))

        // The engine, built at set-up: a graded submission compiles only the student's code.
        let builtAtSetup = try #require(Self.modificationDate(ofFileNamed: "RestorationKit.swiftmodule", under: Self.root.appendingPathComponent("cache")),
                                        "set-up left no built engine in the cache")
        let environment = ["AUTOGRADER_ROOT": Self.root.path]
        let submission = Self.root.appendingPathComponent("submission")
        for student in whole.students {
            try? FileManager.default.removeItem(at: submission)
            try FileManager.default.copyItem(at: GradedClass.submissions.appendingPathComponent(student.student), to: submission)
            let run = try Tool.run(Self.root.appendingPathComponent("run_autograder").path, [], environment: environment, in: Self.root)
            #expect(run.status == 0, "\(student.student): run_autograder failed:\n\(run.output)\n\(run.errors)")
            let results = try #require(Tool.python("import json, sys; print(json.dumps(json.load(open(sys.argv[1], encoding='utf-8'))))",
                                                   [Self.root.appendingPathComponent("results/results.json").path]) as? [String: Any])
            #expect(results["score"] as? Double == student.score, "\(student.student): \(results["score"] ?? "no score") on Gradescope, \(student.score) locally")
        }
        #expect(Self.modificationDate(ofFileNamed: "RestorationKit.swiftmodule", under: Self.root.appendingPathComponent("cache")) == builtAtSetup,
                "grading a submission built the engine again")
    }

    static func modificationDate(ofFileNamed name: String, under folder: URL) -> Date? {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.contentModificationDateKey]) else { return nil }
        for case let url as URL in walker where url.lastPathComponent == name {
            return try? url.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate
        }
        return nil
    }

}
