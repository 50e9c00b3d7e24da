@testable import Checker
import Foundation
import Testing

/// Each export's grading commands run as its platform runs them, in fresh folders, and give each
/// student the grade and feedback of the local run (`GradedClass.whole`): Gradescope's
/// `run_autograder` in a simulated /autograder, PrairieLearn's entrypoint in a simulated /grade,
/// and the GitHub Classroom workflow's steps in a fresh checkout, with the command grader's and
/// the reporter's own rules. Every export carries the same payload and set-up script, so the
/// grader is set up in one home folder (`.build/platform-grading-tests/home/.workbook-autograder`,
/// kept between test runs as a self-hosted runner keeps it): the first set-up builds it, each
/// platform's own set-up then finds it built.
@Suite(.serialized) struct PlatformGradingTests {
    static let folder = GradedClass.packageRoot.appendingPathComponent(".build/platform-grading-tests")
    static let home = folder.appendingPathComponent("home")
    /// Where the Gradescope set-up, the PrairieLearn image's and the Classroom workflow's put the grader.
    static let root = home.appendingPathComponent(".workbook-autograder")
    /// A few students whose grades cover a pass, a lost criterion (a hidden check), a build that
    /// fails and a crash; Gradescope's test grades the whole class.
    static let sample = ["correct", "forgot-date-picker", "compile-error", "crash-while-decoding"]

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

    /// A student's result as another place graded it, to compare with the local run's: graded
    /// under the name `submission` there, so the paths that name the student's folder name that;
    /// without the seconds, what the app printed, and the line a hang was stopped on, which vary
    /// from one run to the next (FixtureClassTests.shards says why).
    static func comparable(_ student: StudentResult) -> StudentResult {
        func paths(_ text: String) -> String { Self.paths(text, student: student.student) }
        var results = ClassResults(exercise: "", title: "", criteria: student.criteria.map(\.criterion), students: [student])
        results = FixtureClassTests.withoutOutput(FixtureClassTests.withoutHangLines(results))
        var comparable = results.students[0]
        comparable.student = "submission"
        comparable.source = ""
        comparable.seconds = 0
        if case .failed(let diagnostics) = comparable.build { comparable.build = .failed(diagnostics: paths(diagnostics)) }
        for criterion in comparable.criteria.indices {
            for check in comparable.criteria[criterion].checks.indices {
                comparable.criteria[criterion].checks[check].messages = comparable.criteria[criterion].checks[check].messages.map(paths)
                comparable.criteria[criterion].checks[check].why = comparable.criteria[criterion].checks[check].why.map(paths)
            }
        }
        return comparable
    }

    /// Paths to the student's files as the report says them (`/…/Submissions/crash-while-decoding/X.swift`
    /// locally, `/tmp/…/submission.zip/X.swift` on a platform), as `submission/X.swift`.
    static func paths(_ text: String, student: String) -> String {
        let name = NSRegularExpression.escapedPattern(for: student)
        return text.replacingOccurrences(of: #"(?:[^\s:'"]*/)?(?:\#(name)|submission(?:\.zip)?)/"#, with: "submission/", options: .regularExpression)
    }

    @Test("The Gradescope bundle, set up and run in a simulated /autograder, gives each student the local run's score")
    func gradescope() throws {
        // The grader is set up before the local run's results are asked for: its build (swift-syntax's
        // parser, the checker, the engine) runs while the class is built and graded for the other
        // suites, not after them, when this suite would be the last one running.
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
        let whole = try GradedClass.whole.get()
        let environment = ["AUTOGRADER_ROOT": Self.root.path]
        let submission = Self.root.appendingPathComponent("submission")
        for student in whole.students {
            try? FileManager.default.removeItem(at: submission)
            try FileManager.default.copyItem(at: URL(fileURLWithPath: student.source), to: submission)
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

    @Test("PrairieLearn: the image built from the question's Dockerfile, the entrypoint run in a fresh /grade for each upload, results.json as the local run grades it")
    func prairieLearn() throws {
        let whole = try GradedClass.whole.get()
        let work = try TemporaryFolder()
        defer { work.remove() }
        let written = try PrairieLearnQuestion(grading: GradedClass.grading(), workbookRoot: GradedClass.packageRoot)
            .write(to: work.url.appendingPathComponent("course"))
        // The image: Docker's COPY and RUN lines of the Dockerfile, run here with its folder in ours.
        let dockerfile = try String(contentsOf: written.image.appendingPathComponent("Dockerfile"), encoding: .utf8)
        let image = PrairieLearnQuestion.graderRoot
        #expect(dockerfile.contains("ENV AUTOGRADER_ROOT=\(image)\nCOPY autograder.zip \(image)/autograder.zip\n"))
        let runs = dockerfile.split(separator: "\n").filter { $0.hasPrefix("RUN ") && $0.contains(image) }
        #expect(runs == ["RUN unzip -q \(image)/autograder.zip -d \(image)/source", "RUN bash \(image)/source/setup.sh"])
        try? FileManager.default.removeItem(at: Self.root.appendingPathComponent("source"))
        try? FileManager.default.removeItem(at: Self.root.appendingPathComponent("autograder.zip"))
        try FileManager.default.copyItem(at: written.image.appendingPathComponent("autograder.zip"), to: Self.root.appendingPathComponent("autograder.zip"))
        for line in runs {
            let command = String(line.dropFirst(4)).replacingOccurrences(of: image, with: Self.root.path)
            let run = try Tool.run("bash", ["-c", command], environment: ["AUTOGRADER_ROOT": Self.root.path, "HOME": Self.home.path])
            try #require(run.status == 0, "\(command):\n\(run.output.suffix(2_000))\n\(run.errors.suffix(2_000))")
        }
        let info = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: written.question.appendingPathComponent("info.json"))) as? [String: Any])
        let entrypoint = try #require((info["externalGradingOptions"] as? [String: Any])?["entrypoint"] as? String).split(separator: " ").map(String.init)
        #expect(entrypoint.first?.hasPrefix("/grade/serverFilesCourse/") == true)

        for name in Self.sample {
            let local = try GradedClass.student(name)
            // The job's /grade: serverFilesCourse, the question's tests/, the student's upload.
            let grade = work.url.appendingPathComponent("grade-\(name)")
            let course = work.url.appendingPathComponent("course/serverFilesCourse")
            try FileManager.default.copyItem(at: course, to: grade.appendingPathComponent("serverFilesCourse"))
            try FileManager.default.copyItem(at: written.question.appendingPathComponent("tests"), to: grade.appendingPathComponent("tests"))
            try FileManager.default.createDirectory(at: grade.appendingPathComponent("student"), withIntermediateDirectories: true)
            let zipped = try Tool.run("zip", ["-q", "-r", grade.appendingPathComponent("student/submission.zip").path, "."],
                                      in: GradedClass.submissions.appendingPathComponent(name))
            try #require(zipped.status == 0, "\(zipped.errors)")
            let script = grade.appendingPathComponent(String(entrypoint[0].dropFirst("/grade/".count))).path
            let run = try Tool.run("bash", [script] + entrypoint.dropFirst(), environment: ["AUTOGRADER_ROOT": Self.root.path, "GRADE_ROOT": grade.path])
            #expect(run.status == 0, "\(name): the entrypoint failed:\n\(run.output)\n\(run.errors)")
            let resultsFile = grade.appendingPathComponent("results/results.json")
            let problems = try #require(Tool.python("""
                import json, sys, jsonschema
                schema = json.load(open(sys.argv[2], encoding='utf-8'))
                print(json.dumps([e.message for e in jsonschema.Draft202012Validator(schema).iter_errors(json.load(open(sys.argv[1], encoding='utf-8')))]))
                """, [resultsFile.path, FormatSchemaTests.schemas.appendingPathComponent("prairielearn-results.schema.json").path]) as? [String])
            #expect(problems.isEmpty, "\(name): \(problems)")
            let document = try JSONDecoder().decode(PrairieLearnResults.Document.self, from: Data(contentsOf: resultsFile))
            #expect(abs(document.score * local.maxScore - local.score) < 1e-9, "\(name): \(document.score) of 1 on PrairieLearn, \(local.score) of \(local.maxScore) locally")
            // The same feedback, criterion by criterion, as the local run's reports give it.
            let expected = PrairieLearnResults.document(for: Self.comparable(local), title: whole.title)
            #expect(document.tests.map(\.points) == expected.tests.map(\.points), "\(name)")
            #expect(document.tests.map { Self.paths($0.message, student: "submission") } == expected.tests.map(\.message), "\(name)")
            #expect(Self.paths(document.message, student: "submission") == expected.message, "\(name)")
        }
        _ = whole
    }

    @Test("GitHub Classroom: the workflow's steps run in a fresh checkout of each student's repository as the runner and the autograding actions run them; each criterion's test passes, scores and says what `workbook check` says")
    func gitHubClassroom() throws {
        let whole = try GradedClass.whole.get()
        let work = try TemporaryFolder()
        defer { work.remove() }
        let grading = try GradedClass.grading()
        let written = try GitHubClassroomTemplate(grading: grading, workbookRoot: GradedClass.packageRoot).write(to: work.url.appendingPathComponent("export"))
        // The instructor's private repository of hidden checks, which the workflow clones.
        let checksRepository = work.url.appendingPathComponent("private-checks")
        try FileManager.default.copyItem(at: try #require(written.hiddenChecks), to: checksRepository)
        for command in [["init", "--quiet"], ["add", "-A"], ["-c", "user.name=T", "-c", "user.email=t@example.com", "commit", "--quiet", "-m", "Checks"]] {
            try #require(try Tool.run("git", ["-C", checksRepository.path] + command).status == 0)
        }
        let workflow = try WorkflowCheck.check(written.template.appendingPathComponent(".github/workflows/classroom.yml"))
        let steps = workflow.steps(of: GitHubClassroomTemplate.jobName)
        let job = try #require(workflow.jobs[GitHubClassroomTemplate.jobName])
        let starterFiles = try FileManager.default.contentsOfDirectory(atPath: written.template.path).filter { $0.hasSuffix(".swift") }

        for name in Self.sample {
            let local = try GradedClass.student(name)
            // actions/checkout: the student's repository, made from the template, their work in place of the starter.
            let workspace = work.url.appendingPathComponent("workspace-\(name)")
            try FileManager.default.copyItem(at: written.template, to: workspace)
            for file in starterFiles { try FileManager.default.removeItem(at: workspace.appendingPathComponent(file)) }
            for file in try FileManager.default.contentsOfDirectory(atPath: GradedClass.submissions.appendingPathComponent(name).path) {
                try FileManager.default.copyItem(at: GradedClass.submissions.appendingPathComponent(name).appendingPathComponent(file),
                                                 to: workspace.appendingPathComponent(file))
            }
            let run = try ActionsRunner(workspace: workspace, home: Self.home, temporary: work.url.appendingPathComponent("runner-\(name)"),
                                        secrets: ["WORKBOOK_CHECKS_REPOSITORY": checksRepository.path, "WORKBOOK_CHECKS_TOKEN": "a-token"])
                .run(steps, environment: job["env"] as? [String: String] ?? [:])
            #expect(run.failedSteps.isEmpty, "\(name): \(run.failedSteps)")

            // What the grader found, as the grade step left it, is what the local run found.
            let graded = try ClassJSON.decode(Data(contentsOf: Self.root.appendingPathComponent("report/results.json")), file: "results.json")
            let platform = try #require(graded.students.first)
            #expect(Self.comparable(platform) == Self.comparable(local), "\(name): differ: \(FixtureClassTests.differences(ClassResults(exercise: "", title: "", criteria: [], students: [Self.comparable(platform)]), ClassResults(exercise: "", title: "", criteria: [], students: [Self.comparable(local)])))")
            // One test per criterion, passed when its points were earned, with the criterion's
            // part of `workbook check`'s feedback in its log; the reporter adds the points up.
            #expect(run.tests.map(\.name) == local.criteria.map(\.criterion.name))
            for (test, criterion) in zip(run.tests, local.criteria) {
                #expect(test.status == (criterion.score == criterion.criterion.points ? "pass" : "fail"), "\(name) › \(test.name)")
                #expect(Double(test.score) == criterion.score && Double(test.maxScore) == criterion.criterion.points, "\(name) › \(test.name)")
                let shown = try #require(platform.criteria.first { $0.criterion.tag == criterion.criterion.tag })
                let expected = (CheckFeedback.build(platform.build, style: PlainTextStyle()) + CheckFeedback.criterion(shown, style: PlainTextStyle()))
                    .joined(separator: "\n") + "\n"
                #expect(test.log == expected, "\(name) › \(test.name): the log shows\n\(test.log)")
            }
            #expect(Double(run.reportedTotal ?? -1) == local.score, "\(name): the reporter adds up \(run.reportedTotal ?? -1), locally \(local.score)")
            #expect(run.log.contains("Hidden checks fetched: 1."), "\(name): the hidden checks were cloned from the private repository")
        }
        _ = whole
    }
}
