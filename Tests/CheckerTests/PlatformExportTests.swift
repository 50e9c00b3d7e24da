@testable import Checker
import Foundation
import Testing

/// What `workbook export github-classroom`, `prairielearn` and `github-actions` write, checked
/// against the platforms' published formats without grading anyone (PlatformGradingTests runs
/// their grading commands): GitHub's workflow syntax and the Classroom actions' documented inputs,
/// PrairieLearn's info.json, and hidden checks kept out of what students can read.
@Suite struct PlatformExportTests {
    static let root = GradedClass.packageRoot

    static func template(_ grading: GradingDefinition, in folder: URL) throws -> GitHubClassroomTemplate.Written {
        try GitHubClassroomTemplate(grading: grading, workbookRoot: root).write(to: folder.appendingPathComponent("classroom"))
    }

    /// Every file below a folder, relative to it.
    static func files(below folder: URL) -> [String] {
        AutograderPayload.regularFiles(below: folder)
    }

    static func zipListing(_ zip: URL) throws -> [String] {
        let run = try Tool.run("unzip", ["-Z1", zip.path])
        try #require(run.status == 0, "\(run.errors)")
        return run.output.split(separator: "\n").map(String.init)
    }

    @Test("The template is the starter, the workflow and the grader; the hidden checks are not in it, nor in its zip")
    func classroomTemplateKeepsHiddenChecksOut() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let written = try Self.template(GradedClass.grading(), in: folder.url)
        let starter = try ExerciseCatalog(packageRoot: Self.root).app("HypnoNerdStarter", of: GradedClass.exercise())
        let starterFiles = try FileManager.default.contentsOfDirectory(atPath: starter.sources.path).filter { $0.hasSuffix(".swift") }.sorted()
        let files = Self.files(below: written.template)
        #expect(files.filter { !$0.contains("/") && $0.hasSuffix(".swift") } == starterFiles, "the student's project is the starter")
        for file in [".github/workflows/classroom.yml", ".workbook/autograder.zip", ".workbook/classroom.sh", ".workbook/install-swift.sh",
                     ".workbook/rubric.txt", "README.md"] {
            #expect(files.contains(file), "\(file) is not in the template: \(files)")
        }
        let zip = try Self.zipListing(written.template.appendingPathComponent(".workbook/autograder.zip"))
        #expect(!zip.contains { $0.hasPrefix("grading/") }, "the template's payload carries no grading files")
        #expect(zip.contains("workbook/Package.swift") && zip.contains("grader/Package.swift") && zip.contains("setup.sh"))
        // Nothing of the hidden check, its file's name or its steps, anywhere a student can read.
        for file in files {
            let data = try Data(contentsOf: written.template.appendingPathComponent(file))
            for secret in ["secret-two-kills", "Secret: the date survives two kills", "pick 2026-11-22 10:45 in reminder"] {
                #expect(data.range(of: Data(secret.utf8)) == nil, "\(file) holds \"\(secret)\"")
            }
        }
        let hidden = try #require(written.hiddenChecks)
        #expect(Self.files(below: hidden) == ["README.md", "checks/secret-two-kills.scenario"])
        let guide = try String(contentsOf: written.guide, encoding: .utf8)
        for said in ["cannot hold hidden checks", "WORKBOOK_CHECKS_REPOSITORY", "WORKBOOK_CHECKS_TOKEN", "a student who means to can read the token"] {
            #expect(guide.contains(said), "the guide does not say \"\(said)\"")
        }
        let script = try String(contentsOf: written.template.appendingPathComponent(".workbook/classroom.sh"), encoding: .utf8)
        #expect(script.contains("HIDDEN_CHECKS=yes"))
        #expect(FileManager.default.isExecutableFile(atPath: written.template.appendingPathComponent(".workbook/classroom.sh").path))
        let checked = try Tool.run("shellcheck", ["--severity=warning", written.template.appendingPathComponent(".workbook/classroom.sh").path])
        #expect(checked.status == 0, "shellcheck:\n\(checked.output)\(checked.errors)")
    }

    @Test("The workflow fetches the hidden checks from the repository or the archive the secrets name, and grades nobody without them")
    func classroomFetchesHiddenChecks() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let written = try Self.template(GradedClass.grading(), in: folder.url)
        let hidden = try #require(written.hiddenChecks)
        let home = folder.url.appendingPathComponent("home")
        let fetched = home.appendingPathComponent(".workbook-autograder/hidden-checks/secret-two-kills.scenario")
        let original = try Data(contentsOf: hidden.appendingPathComponent("checks/secret-two-kills.scenario"))
        func classroom(_ step: String, _ secrets: [String: String] = [:]) throws -> Tool.Run {
            let environment = ["HOME": home.path, "WORKBOOK_CHECKS_REPOSITORY": "", "WORKBOOK_CHECKS_URL": "", "WORKBOOK_CHECKS_TOKEN": ""]
            return try Tool.run("bash", [".workbook/classroom.sh", step], environment: environment.merging(secrets) { $1 }, in: written.template)
        }

        let unset = try classroom("fetch-checks")
        #expect(unset.status == 1)
        #expect(unset.errors.contains("the instructor sets the secret WORKBOOK_CHECKS_REPOSITORY (or WORKBOOK_CHECKS_URL) and WORKBOOK_CHECKS_TOKEN"), "\(unset.errors)")
        let ungraded = try classroom("grade")
        #expect(ungraded.status == 1)
        #expect(ungraded.errors.contains("The hidden checks were not fetched, so this repository is not graded"), "\(ungraded.errors)")

        // GitHub's archive links hold the repository in a folder of its own: owner-name-commit/checks/….
        let archives = folder.url.appendingPathComponent("archives")
        try FileManager.default.copyItem(at: hidden, to: archives.appendingPathComponent("me-hidden-0a1b2c"))
        try #require(try Tool.run("tar", ["-czf", "checks.tar.gz", "me-hidden-0a1b2c"], in: archives).status == 0)
        try #require(try Tool.run("zip", ["-q", "-r", "checks.zip", "me-hidden-0a1b2c"], in: archives).status == 0)
        for archive in ["checks.tar.gz", "checks.zip"] {
            try? FileManager.default.removeItem(at: fetched)
            let run = try classroom("fetch-checks", ["WORKBOOK_CHECKS_URL": archives.appendingPathComponent(archive).absoluteString,
                                                      "WORKBOOK_CHECKS_TOKEN": "a-token"])
            #expect(run.status == 0, "\(archive): \(run.errors)")
            #expect(run.output.contains("Hidden checks fetched: 1."), "\(archive): \(run.output)")
            #expect(try Data(contentsOf: fetched) == original, "\(archive)")
        }
        try Data("not an archive".utf8).write(to: archives.appendingPathComponent("checks.txt"))
        let junk = try classroom("fetch-checks", ["WORKBOOK_CHECKS_URL": archives.appendingPathComponent("checks.txt").absoluteString])
        #expect(junk.status == 1)
        #expect(junk.errors.contains("neither a .tar.gz nor a .zip"), "\(junk.errors)")
        #expect(!FileManager.default.fileExists(atPath: fetched.path), "no checks are left from an earlier fetch")
    }

    @Test("Set up again from a later export, the grader's copy of the workbook gets each changed file anew, with a new time, and keeps the others")
    func aSecondSetUpBuildsWhatChanged() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let sync = Self.root.appendingPathComponent("Sources/Checker/Export/Scripts/sync-folder.sh").path
        let from = folder.url.appendingPathComponent("source/workbook"), to = folder.url.appendingPathComponent("workbook")
        /// Writes a file as unzip leaves it: every file of the export's zip has the same fixed time.
        func unzipped(_ path: String, _ text: String) throws {
            let url = from.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 315_532_800)], ofItemAtPath: url.path)
        }
        func modified(_ path: String) throws -> Date? {
            try FileManager.default.attributesOfItem(atPath: to.appendingPathComponent(path).path)[.modificationDate] as? Date
        }
        for (path, text) in [("Sources/A.swift", "let a = 1\n"), ("Sources/B.swift", "let b = 2\n"), ("Sources/C.swift", "let c = 3\n")] {
            try unzipped(path, text)
        }
        #expect(try Tool.run("bash", [sync, from.path, to.path]).status == 0)
        let untouched = Date(timeIntervalSince1970: 946_684_800)
        for path in ["Sources/A.swift", "Sources/B.swift"] {
            try FileManager.default.setAttributes([.modificationDate: untouched], ofItemAtPath: to.appendingPathComponent(path).path)
        }

        // The next export: B changed (same time, same size, as the zip gives it), C gone, D new.
        try unzipped("Sources/B.swift", "let b = 5\n")
        try FileManager.default.removeItem(at: from.appendingPathComponent("Sources/C.swift"))
        try unzipped("Sources/New/D.swift", "let d = 4\n")
        let run = try Tool.run("bash", [sync, from.path, to.path])
        #expect(run.status == 0, "\(run.errors)")
        #expect(PlatformExportTests.files(below: to) == ["Sources/A.swift", "Sources/B.swift", "Sources/New/D.swift"])
        #expect(try String(contentsOf: to.appendingPathComponent("Sources/B.swift"), encoding: .utf8) == "let b = 5\n")
        #expect(try modified("Sources/A.swift") == untouched, "an unchanged file keeps its time: nothing to compile")
        #expect(try modified("Sources/B.swift").map { $0 > untouched } == true, "a changed file is newer than the build that read it")
        let setup = try String(contentsOf: Self.root.appendingPathComponent("Sources/Checker/Export/Scripts/setup.sh"), encoding: .utf8)
        #expect(setup.contains(#"bash "$SOURCE/sync-folder.sh" "$SOURCE/workbook" "$ROOT/workbook""#))
        #expect(setup.contains(#"bash "$SOURCE/sync-folder.sh" "$SOURCE/grader/swift-syntax" "$ROOT/grader/swift-syntax""#))
    }

    @Test("The workflow follows GitHub's workflow syntax and the autograding actions' documented inputs: a test per criterion, with its points")
    func classroomWorkflowIsWhatTheActionsRead() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let grading = try GradedClass.grading()
        let written = try Self.template(grading, in: folder.url)
        let checked = try WorkflowCheck.check(written.template.appendingPathComponent(".github/workflows/classroom.yml"))
        #expect(checked.problems.isEmpty, "\(checked.problems.joined(separator: "\n"))")
        let classroomProblems = try WorkflowCheck.classroomProblems(checked)
        #expect(classroomProblems.isEmpty, "\(classroomProblems)")
        let steps = checked.steps(of: "run-autograding-tests")
        let graders = steps.filter { ($0["uses"] as? String)?.contains("autograding-command-grader") == true }
        #expect(graders.map { ($0["with"] as? [String: Any])?["test-name"] as? String } == grading.criteria.map(\.name))
        #expect(graders.map { ($0["with"] as? [String: Any])?["max-score"] as? Int } == grading.criteria.map { Int($0.points) })
        #expect(graders.map { ($0["with"] as? [String: Any])?["command"] as? String }
            == grading.criteria.map { "bash .workbook/classroom.sh criterion \($0.tag)" })
        // Built and graded once, before the criteria; the hidden checks fetched before that, from the secrets.
        let names = steps.compactMap { $0["name"] as? String }
        #expect(Array(names.prefix(4)) == ["Check out the submission", "Set up Swift 6.3 and the grader", "Fetch the hidden checks", "Build and grade"])
        let environment = checked.jobs["run-autograding-tests"]?["env"] as? [String: String]
        #expect(environment?["WORKBOOK_CHECKS_TOKEN"] == "${{ secrets.WORKBOOK_CHECKS_TOKEN }}")
        #expect(checked.workflow["on"] as? [String] == ["push", "repository_dispatch", "workflow_dispatch"])
    }

    @Test("A workflow that breaks GitHub's syntax or an action's inputs is found out: the checks above can fail")
    func brokenWorkflowsAreFoundOut() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let written = try Self.template(GradingDefinition(exercise: GradedClass.exercise()), in: folder.url)
        let file = written.template.appendingPathComponent(".github/workflows/classroom.yml")
        let text = try String(contentsOf: file, encoding: .utf8)
        for (broken, expected) in [
            (text.replacingOccurrences(of: "max-score: 3", with: "max-score: 2.5"), "2.5 is not of type 'integer'"),
            (text.replacingOccurrences(of: "          timeout: 1\n", with: "          time-limit: 1\n"), "time-limit"),
            (text.replacingOccurrences(of: "        run: \"bash .workbook/classroom.sh grade\"", with: "        run: \"bash .workbook/classroom.sh grade\"\n        uses: \"actions/checkout@v4\""), "steps"),
            (text.replacingOccurrences(of: "runs-on:", with: "runs_on:"), "runs"),
            (text.replacingOccurrences(of: "id: \"date-picker\"", with: "id: \"date picker\""), "date picker"),
        ] {
            try Data(broken.utf8).write(to: file)
            let checked = try WorkflowCheck.check(file)
            #expect(checked.problems.contains { $0.contains(expected) }, "not found out (\(expected)): \(checked.problems)")
        }
        try Data(text.replacingOccurrences(of: "DATE-PICKER_RESULTS", with: "DATE_PICKER_RESULTS").utf8).write(to: file)
        #expect(try WorkflowCheck.classroomProblems(WorkflowCheck.check(file)).contains("DATE-PICKER_RESULTS does not carry steps.date-picker.outputs.result"))
        try Data(text.replacingOccurrences(of: "name: \"Autograding Tests\"", with: "name: \"Grading\"").utf8).write(to: file)
        #expect(try WorkflowCheck.classroomProblems(WorkflowCheck.check(file)).contains("the workflow is not named Autograding Tests"))
    }

    @Test("Criteria's names stay what they are through YAML, and points the command grader cannot hold are refused")
    func namesAndPointsAsTheActionsReadThem() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let rubric = folder.url.appendingPathComponent("rubric.txt")
        let tricky = #"Tab: "one" # two, {three} & ${{ four }} ünï"#
        try Data("""
            criterion "\(tricky.replacingOccurrences(of: "\"", with: "\\\""))" tag tab-bar points 2
            criterion "yes" tag date-picker points 3

            """.utf8).write(to: rubric)
        let grading = try GradingDefinition.load(exercise: GradedClass.exercise(), rubric: rubric.path, checks: nil)
        let written = try Self.template(grading, in: folder.url)
        let checked = try WorkflowCheck.check(written.template.appendingPathComponent(".github/workflows/classroom.yml"))
        #expect(checked.problems.isEmpty, "\(checked.problems)")
        let names = checked.steps(of: "run-autograding-tests").compactMap { ($0["with"] as? [String: Any])?["test-name"] as? String }
        #expect(names == [tricky, "yes"])
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("classroom/hidden-checks").path))

        try Data("criterion \"Selected tab\" tag tab-bar points 2.5\n".utf8).write(to: rubric)
        let fractional = try GradingDefinition.load(exercise: GradedClass.exercise(), rubric: rubric.path, checks: nil)
        #expect(ShardMergeTests.error { try Self.template(fractional, in: folder.url.appendingPathComponent("again")) }
            == "the criterion \"Selected tab\" is worth 2.5 points, and GitHub Classroom's command grader reads points as whole numbers: "
            + "give every criterion whole points in the rubric (--rubric) to export it there")
    }

    @Test("The PrairieLearn question's info.json follows PrairieLearn's documented options; the image carries no hidden check, the question's tests/ does")
    func prairieLearnQuestion() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let grading = try GradedClass.grading()
        let written = try PrairieLearnQuestion(grading: grading, workbookRoot: Self.root, image: "me/hypnonerd-grader")
            .write(to: folder.url.appendingPathComponent("pl"))
        let info = written.question.appendingPathComponent("info.json")
        let problems = try #require(Tool.python("""
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[2], encoding='utf-8'))
            document = json.load(open(sys.argv[1], encoding='utf-8'))
            print(json.dumps([f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in jsonschema.Draft202012Validator(schema).iter_errors(document)]))
            """, [info.path, FormatSchemaTests.schemas.appendingPathComponent("prairielearn-question-info.schema.json").path]) as? [String])
        #expect(problems.isEmpty, "\(problems)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: info)) as? [String: Any])
        let options = try #require(object["externalGradingOptions"] as? [String: Any])
        #expect(options["image"] as? String == written.imageName && written.imageName.hasPrefix("me/hypnonerd-grader:"))
        #expect(options["entrypoint"] as? String == "/grade/serverFilesCourse/restoration-workbook/grade.sh hypnonerd")
        #expect(options["serverFilesCourse"] as? [String] == ["restoration-workbook/"])
        #expect(options["timeout"] as? Int == 600 && options["enabled"] as? Bool == true)
        // The entrypoint is where PrairieLearn copies serverFilesCourse: /grade/serverFilesCourse/<what info.json lists>.
        let course = folder.url.appendingPathComponent("pl")
        #expect(FileManager.default.isExecutableFile(atPath: course.appendingPathComponent("serverFilesCourse/restoration-workbook/grade.sh").path))
        #expect(Self.files(below: written.question.appendingPathComponent("tests")) == ["checks/secret-two-kills.scenario", "rubric.txt"])
        #expect(!(try Self.zipListing(written.image.appendingPathComponent("autograder.zip"))).contains { $0.hasPrefix("grading/") })
        let html = try String(contentsOf: written.question.appendingPathComponent("question.html"), encoding: .utf8)
        #expect(html.contains("<pl-file-upload file-names=\"submission.zip\"></pl-file-upload>") && html.contains("<pl-external-grader-results>"))
        // Exported again, the question keeps its id, so PrairieLearn knows it for the same question.
        let again = try PrairieLearnQuestion(grading: grading, workbookRoot: Self.root).write(to: folder.url.appendingPathComponent("again"))
        let againInfo = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: again.question.appendingPathComponent("info.json"))) as? [String: Any])
        #expect(againInfo["uuid"] as? String == object["uuid"] as? String)
        #expect(again.imageName == "restoration-workbook-hypnonerd:" + written.imageName.split(separator: ":")[1])
        let shellchecked = try Tool.run("shellcheck", ["--severity=warning", course.appendingPathComponent("serverFilesCourse/restoration-workbook/grade.sh").path])
        #expect(shellchecked.status == 0, "\(shellchecked.output)")
    }

    @Test("The Actions matrix: a valid workflow, one job per shard grading `--shard I/N`, their uploads what the merge downloads")
    func actionsMatrix() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let written = try ActionsMatrix(grading: GradedClass.grading(), workbookRoot: Self.root, shards: 3).write(to: folder.url)
        let checked = try WorkflowCheck.check(written.workflow)
        #expect(checked.problems.isEmpty, "\(checked.problems.joined(separator: "\n"))")
        #expect(checked.jobs.keys.sorted() == ["build", "grade", "report"])
        let grade = try #require(checked.jobs["grade"])
        #expect(((grade["strategy"] as? [String: Any])?["matrix"] as? [String: Any])?["shard"] as? [Int] == [1, 2, 3])
        #expect(grade["needs"] as? String == "build" && checked.jobs["report"]?["needs"] as? String == "grade")
        let gradeRuns = checked.steps(of: "grade").compactMap { $0["run"] as? String }.joined(separator: "\n")
        #expect(gradeRuns.contains("grade 'hypnonerd' submissions/* --root \"$WORKBOOK_ROOT\" --cache \"$WORKBOOK_CACHE\" \"${grading[@]}\" \\\n  --shard \"${{ matrix.shard }}/3\" --json > \"shard-${{ matrix.shard }}.json\""))
        let upload = try #require(checked.steps(of: "grade").first { ($0["uses"] as? String)?.hasPrefix("actions/upload-artifact@") == true }?["with"] as? [String: Any])
        #expect(upload["name"] as? String == "shard-${{ matrix.shard }}")
        let download = try #require(checked.steps(of: "report").first { (($0["with"] as? [String: Any])?["pattern"]) != nil }?["with"] as? [String: Any])
        #expect(download["pattern"] as? String == "shard-*" && download["merge-multiple"] as? Bool == true)
        let merge = checked.steps(of: "report").compactMap { $0["run"] as? String }.joined(separator: "\n")
        #expect(merge.contains("grade 'hypnonerd' --merge shards/shard-*.json --root \"$WORKBOOK_ROOT\" --report report \"${roster[@]}\""))
        #expect(Self.files(below: folder.url).contains("grading/checks/secret-two-kills.scenario"))
        #expect(ShardMergeTests.error { try ActionsMatrix(grading: GradedClass.grading(), workbookRoot: Self.root, shards: 1).write(to: folder.url) }
            == "--shards 1: a class is graded in 2 to 256 shards (one job each)")
    }
}
