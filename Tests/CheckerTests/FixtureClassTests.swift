import Foundation
import TestSupport
import Runner
import Testing
@testable import Checker

/// The fixture class graded as an instructor would: each known defect costs exactly the
/// criteria it breaks, and nothing one student does touches another's grade.
@Suite(.serialized) struct FixtureClassTests {
    @Test("Each submission gets the score its defect deserves", arguments: [
        ("correct", 10.0), ("ios-import-uikit", 10), ("ios-extension-overrides", 10), ("hostile", 10), ("odd-file-names", 10),
        ("forgot-date-picker", 7), ("labels-not-restored", 7), ("infinite-loop-while-encoding", 7),
        ("forgot-super", 0), ("crash-while-decoding", 0), ("compile-error", 0), ("uiapplicationmain", 0), ("memory-hog", 0),
        ("replaying-entry-point", 0), ("side-file-replay", 0), ("protocol-imitation", 7), ("moved-override-error", 0),
        ("odd-file-name-error", 0),
    ])
    func scores(student: String, expected: Double) throws {
        #expect(try GradedClass.student(student).score == expected)
    }

    @Test("Forgetting the date picker costs that criterion only, and says what the user lost")
    func forgotDatePicker() throws {
        let date = try GradedClass.criterion("date-picker", of: "forgot-date-picker")
        #expect(date.status == .failed && date.score == 0)
        let lost = date.checks.flatMap(\.lost).map(\.description).joined(separator: "\n")
        #expect(lost.contains("\"2026-11-22 09:30\" → \"2026-11-22 09:00\""), "what was lost names the date the user picked: \(lost)")
        for tag in ["tab-bar", "text-field", "hypnosis-view"] {
            #expect(try GradedClass.criterion(tag, of: "forgot-date-picker").status == .passed)
        }
    }

    @Test("A crash while decoding is reported as a crash, with the runtime's message at the student's own line")
    func crashWhileDecoding() throws {
        let student = try GradedClass.student("crash-while-decoding")
        #expect(student.build == .built)
        #expect(student.criteria.allSatisfy { $0.status == .crashed })
        let message = student.criteria[0].checks[0].messages.joined()
        #expect(message.contains("crash-while-decoding/ReminderViewController.swift:58: Fatal error: Unexpectedly found nil"), "\(message)")
        #expect(!message.contains("0x0000"), "no stack trace of raw addresses")
    }

    @Test("An infinite loop while encoding times out that criterion and keeps the points already earned")
    func infiniteLoop() throws {
        let labels = try GradedClass.criterion("hypnosis-view", of: "infinite-loop-while-encoding")
        #expect(labels.status == .timedOut)
        // The loop spans lines 49 to 51; the app is stopped on one of them. Whether its stack can
        // be read while the whole suite runs beside the class depends on the machine's load (the
        // sandbox test "a hung app's stack names its line too" asserts that it is, alone), so here
        // only a place that is named must be the loop's, never another.
        let why = labels.checks.flatMap(\.why)
        let loopLines = (49...51).map { "The app hung in HypnosisView.encodeRestorableState(with:) at HypnosisView.swift:\($0)." }
        let hangs = why.filter { $0.hasPrefix("The app hung") }
        #expect(hangs.allSatisfy { loopLines.contains($0) }, "the feedback names the loop's line: \(why)")
        if !hangs.isEmpty {
            #expect(ReportText.details(labels).contains("  Why: The app hung in HypnosisView.encodeRestorableState(with:) at HypnosisView.swift:"))
        }
        #expect(try GradedClass.criterion("date-picker", of: "infinite-loop-while-encoding").score == 3)
    }

    @Test("A compile error is shown as the compiler gave it, with the student's own path, and nothing runs")
    func compileError() throws {
        let student = try GradedClass.student("compile-error")
        guard case .failed(let diagnostics) = student.build else {
            Issue.record("expected a failed build, got \(student.build)")
            return
        }
        #expect(diagnostics.contains("compile-error/ReminderViewController.swift:52:33: error: value of type 'UIDatePicker' has no member 'dat'"))
        #expect(!diagnostics.contains(".build/checker"), "the class's build folder is not the student's business")
        #expect(student.criteria.allSatisfy { $0.status == .notRun })
        // The other students were built again without it and graded.
        #expect(try GradedClass.student("correct").build == .built)
    }

    @Test("Code written for iOS, with `import UIKit`, builds unchanged")
    func importUIKit() throws {
        #expect(try GradedClass.student("ios-import-uikit").build == .built)
    }

    @Test("Code written as for iOS, with overrides in extensions, outlets, actions and @objc, builds, restores, and its build says what it changed")
    func iosExtensionOverrides() throws {
        let student = try GradedClass.student("ios-extension-overrides")
        #expect(student.build == .built)
        #expect(student.score == 10)
        let source = GradedClass.submissions.appendingPathComponent("ios-extension-overrides").path
        let moved = "moved into the body of class"
        for expected in [
            "\(source)/HypnosisViewController+Restoration.swift:5: override func encodeRestorableState(with:) \(moved) HypnosisViewController (\(source)/HypnosisViewController.swift:4)",
            "\(source)/ReminderViewController.swift:54: override func encodeRestorableState(with:) \(moved) ReminderViewController (line 4)",
            "\(source)/ReminderViewController.swift: @IBOutlet removed at lines 5, 6; @IBAction at line 32; @objc at line 37",
            "\(source)/AppDelegate.swift: @objc removed at lines 36, 40",
        ] {
            #expect(student.buildNotes.contains { $0.hasPrefix(expected) }, "no note \(expected) in \(student.buildNotes)")
        }
        // Every report a student reads says it.
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try ReportWriter(folder: folder.url).write(try GradedClass.whole.get())
        for report in ["students/ios-extension-overrides/index.html", "students/ios-extension-overrides/gradescope-results.json"] {
            let text = String(decoding: try Data(contentsOf: folder.url.appendingPathComponent(report)), as: UTF8.self)
            #expect(text.contains("Changed for the build on Linux") && text.contains("ReminderViewController.swift:54: override func encodeRestorableState(with:)"),
                    "\(report) does not say what the build changed")
        }
        #expect(try GradedClass.student("ios-import-uikit").buildNotes.isEmpty, "code with nothing to change is said to have none")
    }

    @Test("Mistakes inside a moved override and after it are reported at the student's own file and line, without the engine's notes, in every report")
    func movedOverrideError() throws {
        let student = try GradedClass.student("moved-override-error")
        guard case .failed(let diagnostics) = student.build else {
            Issue.record("expected a failed build, got \(student.build)")
            return
        }
        let file = GradedClass.submissions.appendingPathComponent("moved-override-error/ReminderViewController.swift").path
        for error in [
            "\(file):57:33: error: value of type 'UIDatePicker' has no member 'dat'",
            "\(file):63:36: error: missing argument for parameter 'animated' in call",
            "\(file):67:37: error: cannot convert return expression of type 'Date' to return type 'Int'",
        ] {
            #expect(diagnostics.contains(error), "missing \(error) in:\n\(diagnostics)")
        }
        // Under each error, the student's line as written, never the copy's directives.
        #expect(diagnostics.contains(":57:33: error: value of type 'UIDatePicker' has no member 'dat'\n        coder.encode(datePicker.dat, forKey: Key.pickedDate)\n"))
        for foreign in ["Engine/", ".build/checker", "declared here", "#sourceLocation", "Students/"] {
            #expect(!diagnostics.contains(foreign), "the diagnostics show \(foreign):\n\(diagnostics)")
        }
        #expect(student.buildNotes.contains { $0.hasPrefix("\(file):54: override func encodeRestorableState(with:) moved into the body of class ReminderViewController") })
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try ReportWriter(folder: folder.url).write(try GradedClass.whole.get())
        for report in ["students/moved-override-error/index.html", "students/moved-override-error/gradescope-results.json",
                       "students/moved-override-error/exercism-results.json"] {
            let text = String(decoding: try Data(contentsOf: folder.url.appendingPathComponent(report)), as: UTF8.self)
            #expect(text.contains("ReminderViewController.swift:57:33: error: value of type"), "\(report) does not show the error at the student's line")
            #expect(text.contains("moved into the body of class ReminderViewController"), "\(report) does not say what was moved")
            #expect(!text.contains("Engine/") && !text.contains("declared here"), "\(report) shows the engine's notes")
        }
    }

    @Test("File names with a quote, a backslash, a line break or a terminal escape cost no point, and are shown escaped")
    func oddFileNames() throws {
        let student = try GradedClass.student("odd-file-names")
        #expect(student.build == .built)
        #expect(student.score == 10)
        let source = GradedClass.oddNames.appendingPathComponent("odd-file-names").path
        for shown in [#"Hypnosis\"View\".swift"#, #"Reminder\\Schedule.swift"#, #"Reminder\nViewController.swift"#,
                      #"Views\u{1b}[1m/\u{1b}[31mHypnosisViewController.swift"#] {
            #expect(student.buildNotes.contains { $0.hasPrefix("\(source)/\(shown): built as Renamed-") }, "\(shown) is not said: \(student.buildNotes)")
        }
        #expect(!student.buildNotes.joined().contains("\u{1B}") && !student.buildNotes.contains { $0.contains("\n") }, "a name printed raw")

        let error = try GradedClass.student("odd-file-name-error")
        guard case .failed(let diagnostics) = error.build else {
            Issue.record("expected the misspelt property to fail the build, got \(error.build)")
            return
        }
        let file = GradedClass.oddNames.appendingPathComponent("odd-file-name-error").path + #"/Reminder\"View\\Controller\n\u{1b}[31m.swift"#
        #expect(diagnostics.hasPrefix("\(file):52:33: error: value of type 'UIDatePicker' has no member 'dat'"), "\(diagnostics)")
        #expect(!diagnostics.contains("\u{1B}") && !diagnostics.contains("output file map"), "\(diagnostics)")
    }

    @Test("`@UIApplicationMain`, which crashes the compiler on Linux, fails that student's build with what to write instead; the class is built")
    func uiApplicationMain() throws {
        let student = try GradedClass.student("uiapplicationmain")
        guard case .failed(let diagnostics) = student.build else {
            Issue.record("expected a failed build, got \(student.build)")
            return
        }
        #expect(diagnostics.hasSuffix("uiapplicationmain/AppDelegate.swift:8:1: error: " + UIApplicationMainCheck.advice), "\(diagnostics)")
        #expect(student.criteria.allSatisfy { $0.status == .notRun })
        #expect(try GradedClass.student("ios-import-uikit").build == .built, "the same code with `@main` builds")
    }

    @Test("A hand-written entry point that replays the screen is refused before the build, at its file and line, in every report")
    func replayingEntryPoint() throws {
        let student = try GradedClass.student("replaying-entry-point")
        guard case .failed(let diagnostics) = student.build else {
            Issue.record("expected a build refused by the policy, got \(student.build)")
            return
        }
        #expect(diagnostics.hasPrefix(BatchBuild.policyHeading), "\(diagnostics)")
        #expect(diagnostics.contains("replaying-entry-point/main.swift:1:1: error: a file named main.swift (the program's own entry point) is not allowed"))
        #expect(diagnostics.contains("replaying-entry-point/main.swift:8:1: error: code at the top level of a file (an entry point of its own) is not allowed"), "\(diagnostics)")
        // No forged point: nothing of it ran.
        #expect(student.score == 0)
        #expect(student.criteria.allSatisfy { $0.status == .notRun })
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try ReportWriter(folder: folder.url).write(try GradedClass.whole.get())
        for report in ["junit.xml", "students/replaying-entry-point/index.html", "students/replaying-entry-point/gradescope-results.json",
                       "students/replaying-entry-point/exercism-results.json"] {
            let text = String(decoding: try Data(contentsOf: folder.url.appendingPathComponent(report)), as: UTF8.self)
            #expect(text.contains("[policy: entry-point]"), "\(report) does not say why the submission was refused")
        }
    }

    @Test("A replay from a file of the app's own earns no restoration point: each pass held without the restoration archive")
    func sideFileReplay() throws {
        let student = try GradedClass.student("side-file-replay")
        #expect(student.build == .built)
        #expect(student.score == 0)
        for criterion in student.criteria {
            #expect(criterion.status == .failed && criterion.score == 0, "\(criterion.criterion.name): \(criterion.status)")
            for check in criterion.checks {
                #expect(check.cameBackWithoutRestoration, "marked, so each report says it came back another way")
                #expect(check.why.first == SubmissionGrader.cameBackWithoutRestorationWhy, "the why says the control run showed it, and why that earns nothing: \(check.why)")
                // Said only after the check passed as graded: the replay worked, and did not count.
                if check.hidden {
                    #expect(check.messages == [SubmissionGrader.hiddenNotRestoredMessage], "\(check.messages)")
                } else {
                    #expect(!check.messages.isEmpty && check.messages.allSatisfy { $0.contains("held even with the restoration archive taken away before the relaunch") },
                            "\(criterion.criterion.name): \(check.messages)")
                }
            }
        }
        let date = try GradedClass.criterion("date-picker", of: "side-file-replay")
        #expect(date.checks.contains { $0.messages.contains { $0.hasPrefix("line 11, expect reminder is 2026-11-22 09:30: held even") } },
                "the reminder's date is named as what came back without restoration: \(date.checks.map(\.messages))")
    }

    @Test("Lines imitating the protocol, printed to standard output and standard error, earn nothing: the app gets what it restores")
    func protocolImitation() throws {
        let student = try GradedClass.student("protocol-imitation")
        #expect(student.build == .built)
        let outputs = student.criteria.flatMap(\.checks).map(\.output).joined(separator: "\n")
        #expect(outputs.contains("launched restored") && outputs.contains("screen {"), "the imitation was printed, and shown as output")
        let date = try GradedClass.criterion("date-picker", of: "protocol-imitation")
        #expect(date.status == .failed && date.score == 0, "the forged date picker screen was not taken for the app's")
        #expect(date.checks.flatMap(\.lost).map(\.description).joined(separator: "\n").contains("\"2026-11-22 09:30\" → \"2026-11-22 09:00\""))
        for tag in ["tab-bar", "text-field", "hypnosis-view"] {
            #expect(try GradedClass.criterion(tag, of: "protocol-imitation").status == .passed, "what it does restore still counts")
        }
    }

    @Test("A tab bar controller subclass that forgets super loses the whole tree, as on a device")
    func forgotSuper() throws {
        let tab = try GradedClass.criterion("tab-bar", of: "forgot-super")
        #expect(tab.status == .failed)
        #expect(!tab.checks.flatMap(\.lost).isEmpty)
        // The cause is named, in a line of its own after what was lost.
        let cause = "HypnoTabBarController at UITabBarController does not call super.encodeRestorableState(with:), so UIKit's own state for it (its children, the selected tab, what it presented) was not saved."
        #expect(tab.checks.allSatisfy { $0.why == [cause] }, "\(tab.checks.map(\.why))")
        #expect(ReportText.details(tab).contains("  Why: " + cause))
    }

    @Test("A hidden check counts for its criterion, and no report shows its name or its steps")
    func hiddenCheck() throws {
        let date = try GradedClass.criterion("date-picker", of: "forgot-date-picker")
        let hidden = try #require(date.checks.first { $0.hidden })
        #expect(hidden.name == "Reminder date")
        #expect(hidden.status == .failed)
        // The kind of state its failed expectation was about, without its steps or values.
        #expect(hidden.messages == ["a hidden check found that the date picked did not come back"], "said without its steps")
        // Only the kind of state lost, never the date the hidden scenario picked.
        #expect(hidden.lost.allSatisfy { $0.concealed == true && $0.location.isEmpty && $0.before == nil && $0.after == nil })
        #expect(!hidden.lost.contains { $0.description.contains("10:45") })
        #expect(try GradedClass.criterion("date-picker", of: "correct").checks.contains { $0.hidden && $0.status == .passed })

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hidden-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let written = try ReportWriter(folder: folder).write(try GradedClass.whole.get())
        for url in written {
            let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
            #expect(!text.contains("Secret"), "\(url.lastPathComponent) names the hidden scenario")
            #expect(!text.contains("two kills"), "\(url.lastPathComponent) tells the hidden scenario's name")
            #expect(!text.contains("pick 2026-11-22 10:45"), "\(url.lastPathComponent) shows a hidden step")
        }
    }

    @Test("A hostile app is graded without harm: no file outside its container, its markup escaped")
    func hostile() throws {
        let results = try GradedClass.whole.get()
        let hostile = try GradedClass.student("hostile")
        #expect(hostile.score == 10)
        #expect(hostile.criteria.flatMap(\.checks).contains { $0.output.contains("the system refused more processes") },
                "the process limit stopped its fork bomb")
        // Its processes were limited and killed; its neighbours were graded as usual.
        #expect(try GradedClass.student("correct").score == 10)
        // Every folder from the class's cache up to the workbook itself stays untouched, and so do
        // the machine's shared folders.
        var folder = GradedClass.cache
        while folder.path.hasPrefix(GradedClass.packageRoot.path) {
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("HOSTILE-WAS-HERE").path), "planted in \(folder.path)")
            folder.deleteLastPathComponent()
        }
        for shared in GradedClass.sharedFolders {
            #expect(!FileManager.default.fileExists(atPath: shared + "/HOSTILE-WAS-HERE"), "planted in the machine's \(shared)")
        }
        let page = StudentPage.render(try GradedClass.student("hostile"), title: results.title)
        #expect(!page.contains("<script>alert"))
        #expect(!page.contains("<img src=x"))
        #expect(page.contains("&lt;script&gt;"))
    }

    @Test("The hostile app's daemon (setsid, forked twice) and every process it started are gone once the class is graded")
    func noProcessOutlivesGrading() throws {
        _ = try GradedClass.whole.get()
        #expect(GradedClass.daemonsLeft.isEmpty, "still running: \(GradedClass.daemonsLeft)")
    }

    @Test("The canary outside the workbook survives the links the hostile app left in its container and swapped in during clean-up")
    func canarySurvivesCleanUp() throws {
        _ = try GradedClass.whole.get()
        let canary = GradedClass.canaryFolder.appendingPathComponent("canary")
        #expect(FileManager.default.contents(atPath: canary.path) == Data("alive".utf8), "the canary was deleted through a link")
    }

    @Test("The hostile app stole nothing: no other process's command line, no other student's folder, no checks, no workbook, in any report")
    func nothingStolen() throws {
        let results = try GradedClass.whole.get()
        let outputs = try GradedClass.student("hostile").criteria.flatMap(\.checks).map(\.output)
        #expect(outputs.contains { $0.contains("the system refused more processes") }, "the hostile app ran as far as its spying")
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        for url in try ReportWriter(folder: folder.url).write(results) {
            let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
            #expect(!text.contains("STOLEN"), "\(url.lastPathComponent) shows what the hostile app stole")
            #expect(!text.contains("secret-two-kills"), "\(url.lastPathComponent) names the hidden checks' file")
        }
    }

    @Test("The listener the tests opened on 127.0.0.1 received nothing: launches have no network")
    func noNetwork() throws {
        _ = try GradedClass.whole.get()
        #expect(GradedClass.received.isEmpty, "received: \(GradedClass.received.joined(separator: "\n").prefix(2_000))")
    }

    @Test("A gibibyte taken at launch is reported in words, as the memory limit, not as a signal")
    func memoryBlowUp() throws {
        let checks = try GradedClass.student("memory-hog").criteria.flatMap(\.checks).filter { !$0.hidden }
        #expect(!checks.isEmpty)
        for check in checks {
            let said = check.messages.joined(separator: "\n")
            #expect(check.status == .crashed)
            #expect(said.contains("used more than 512 MiB of memory"), "\(check.name): \(said)")
            #expect(!said.contains("signal"), "\(check.name): \(said)")
        }
    }

    /// Checks an instructor might write: one the reference solution passes on a fresh launch as
    /// well (the first tab is selected anyway), and one it fails.
    static let unsoundChecks = [
        ("first-tab.scenario", "scenario \"The first tab comes back\"\ntags tab-bar\nlaunch\npress home\nkill\nlaunch\nexpect selected tab is \"Hypnotize\"\n"),
        ("wrong-date.scenario", "scenario \"A date that never was\"\ntags date-picker\nlaunch\nchoose tab \"Reminder\"\npress home\nkill\nlaunch\n"
            + "choose tab \"Reminder\"\nexpect reminder is 2001-01-01 00:00\n"),
    ]

    static let unsoundSentence = "the checks and rubric cannot grade hypnonerd: its reference solution HypnoNerdSolution earns 5 of 10 points with them, "
        + "so every student would lose those points too; nothing was graded or written. Fix or remove each check below, then try again:\n"
        + "  - hidden check first-tab.scenario (\"The first tab comes back\") passes even with the restoration archive taken away before the relaunch, "
        + "so it tests no restoration (it expects what a fresh launch shows): line 7, expect selected tab is \"Hypnotize\"\n"
        + "  - hidden check wrong-date.scenario (\"A date that never was\") fails on the reference solution: line 9, expect reminder is 2001-01-01 00:00: "
        + "reminder is 2026-11-22 09:00, not 2001-01-01 00:00"

    @Test("Hidden checks the reference solution fails, or passes without its archive, stop grading before any student is graded, each named with why")
    func unsoundChecksStopGrading() throws {
        let built = try GradedClass.built.get()
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        for (name, text) in Self.unsoundChecks { try Data(text.utf8).write(to: folder.url.appendingPathComponent(name)) }
        let exercise = try GradedClass.exercise()
        let solution = try ExerciseCatalog(packageRoot: GradedClass.packageRoot).app(exercise.solution, of: exercise)
        let checks = try CheckSet.load(exercise: exercise, criteria: GradedClass.grading().criteria, solution: solution, hiddenFolder: folder.url)
        let unsound = ClassGrader.BuiltClass(submissions: built.submissions, built: built.built, checks: checks, exerciseCache: built.exerciseCache,
                                             sandboxed: built.sandboxed, reference: built.reference)
        let graded = GradedCount()
        #expect(ShardMergeTests.error {
            try ClassGrader(options: GradedClass.options()).grade(unsound) { event in
                if case .graded = event { graded.add() }
            }
        } == Self.unsoundSentence)
        #expect(graded.value == 0, "no student was graded with them")
    }

    /// How many students a grading said it graded.
    final class GradedCount: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func add() { lock.lock(); count += 1; lock.unlock() }
        var value: Int { lock.lock(); defer { lock.unlock() }; return count }
    }

    @Test("Every report of the graded class validates against its platform's schema")
    func gradedClassReportsValidate() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try ReportWriter(folder: folder.url).write(try GradedClass.whole.get())
        let problems = try FormatSchemaTests.problems(in: folder.url)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test("The Actions matrix's commands, run as its shard jobs and its merge job run them, merge into the class graded at once")
    func actionsMatrixMergesIntoTheWholeClass() throws {
        let whole = try GradedClass.whole.get()
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let exported = folder.url.appendingPathComponent("class")
        let written = try ActionsMatrix(grading: GradedClass.grading(), workbookRoot: GradedClass.packageRoot, shards: 2).write(to: exported)
        let workflow = try WorkflowCheck.check(written.workflow)
        #expect(workflow.problems.isEmpty, "\(workflow.problems)")
        let environment = workflow.workflow["env"] as? [String: String] ?? [:]
        // The build job's artifact is the tests' own `workbook` and workbook, and the runner keeps
        // the fixture class's build: a shard compiles nothing it was not given.
        let overrides = ["WORKBOOK": try BuiltProducts.executable("workbook").path, "WORKBOOK_ROOT": GradedClass.packageRoot.path,
                         "WORKBOOK_CACHE": GradedClass.cache.path]
        let artifacts = folder.url.appendingPathComponent("artifacts")
        try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
        // A class of four whose grades cover a pass, a hidden check's loss, a failed build (the
        // others built again) and a crash: the students that hang or flood, graded again, would
        // double this test's time and show nothing more of the shards and their merge.
        let students = PlatformGradingTests.sample.sorted()
        /// A job's fresh checkout: the exported repository, the class in submissions/.
        func checkout(_ name: String) throws -> URL {
            let workspace = folder.url.appendingPathComponent(name)
            try FileManager.default.copyItem(at: exported, to: workspace)
            for student in students {
                try FileManager.default.copyItem(at: GradedClass.submissions.appendingPathComponent(student),
                                                 to: workspace.appendingPathComponent("submissions/\(student)"))
            }
            return workspace
        }
        // Software the jobs install on GitHub's runner is here already; the rest runs as written.
        let installing: Set<String> = ["Install Swift 6.3 and the sandbox", "Install cmark", "Download the workbook built for this run"]
        let shards = ((workflow.jobs["grade"]?["strategy"] as? [String: Any])?["matrix"] as? [String: Any])?["shard"] as? [Int] ?? []
        #expect(shards == [1, 2])
        for shard in shards {
            let run = try ActionsRunner(workspace: checkout("shard-\(shard)"), home: folder.url, temporary: folder.url.appendingPathComponent("temp-\(shard)"),
                                        contexts: ["matrix.shard": String(shard)], environmentOverrides: overrides, artifacts: artifacts,
                                        skipping: installing)
                .run(workflow.steps(of: "grade"), environment: environment)
            #expect(run.failedSteps.isEmpty, "shard \(shard): \(run.failedSteps)")
        }
        let merging = try ActionsRunner(workspace: checkout("report"), home: folder.url, temporary: folder.url.appendingPathComponent("temp-report"),
                                        environmentOverrides: overrides, artifacts: artifacts, skipping: installing)
            .run(workflow.steps(of: "report"), environment: environment)
        #expect(merging.failedSteps.isEmpty, "\(merging.failedSteps)")
        #expect(FileManager.default.fileExists(atPath: artifacts.appendingPathComponent("report/index.html").path), "the reports are the run's artifact")

        var merged = try ClassJSON.decode(Data(contentsOf: artifacts.appendingPathComponent("report/results.json")), file: "results.json")
        var expected = whole
        expected.students = whole.students.filter { students.contains($0.student) }
        #expect(expected.students.map(\.student) == students)
        // Seconds differ from one run to the next, and so does the line of an endless loop that
        // spans several lines the app is stopped on. The jobs read the class from their checkout
        // (`submissions/correct`), the local run from the fixtures' folder, and paths say so.
        for index in merged.students.indices { merged.students[index].seconds = 0 }
        for index in expected.students.indices { expected.students[index].seconds = 0 }
        merged = Self.withoutSourceFolders(merged)
        expected = Self.withoutSourceFolders(expected)
        merged = Self.withoutHangLines(merged)
        expected = Self.withoutHangLines(expected)
        // What an app printed is kept as it arrived on two streams, whose interleaving (and, for
        // the hostile app's flood, where the cut falls) depends on timing; grades and feedback
        // must agree, the raw output need not.
        merged = Self.withoutOutput(merged)
        expected = Self.withoutOutput(expected)
        #expect(merged == expected, "differ: \(Self.differences(merged, expected))")
    }

    /// Where two results of the same class differ, student by student and check by check: the
    /// whole values are too long to read in a failure.
    static func differences(_ first: ClassResults, _ second: ClassResults) -> [String] {
        var found: [String] = []
        if first.students.map(\.student) != second.students.map(\.student) { found.append("students: \(first.students.map(\.student)) / \(second.students.map(\.student))") }
        for (one, other) in zip(first.students, second.students) where one != other {
            if one.build != other.build { found.append("\(one.student) build: \(one.build) / \(other.build)") }
            for (a, b) in zip(one.criteria, other.criteria) where a != b {
                found.append("\(one.student) › \(a.criterion.name): \(a.status) \(a.score) / \(b.status) \(b.score)")
                for (x, y) in zip(a.checks, b.checks) where x != y {
                    found.append("  \(x.name): messages \(x.messages) / \(y.messages); why \(x.why) / \(y.why); lost \(x.lost) / \(y.lost)"
                        + (x.output == y.output ? "" : "; output differs") + (x.screens == y.screens ? "" : "; screens differ"))
                }
            }
        }
        if found.isEmpty { found.append("elsewhere: rubric, checks or policy") }
        return found
    }

    /// The results with each submission's folder, as the compiler's and the app's paths name it
    /// (`/…/Submissions/correct/X.swift`, `submissions/correct/X.swift`), written as its name
    /// (`correct/X.swift`): the same class graded from another folder then reads the same.
    static func withoutSourceFolders(_ results: ClassResults) -> ClassResults {
        var results = results
        for student in results.students.indices {
            let folder = results.students[student].source + "/"
            let name = results.students[student].student + "/"
            func rename(_ text: String) -> String { text.replacingOccurrences(of: folder, with: name) }
            results.students[student].source = ""
            if case .failed(let diagnostics) = results.students[student].build { results.students[student].build = .failed(diagnostics: rename(diagnostics)) }
            for criterion in results.students[student].criteria.indices {
                for check in results.students[student].criteria[criterion].checks.indices {
                    results.students[student].criteria[criterion].checks[check].messages = results.students[student].criteria[criterion].checks[check].messages.map(rename)
                    results.students[student].criteria[criterion].checks[check].why = results.students[student].criteria[criterion].checks[check].why.map(rename)
                }
            }
        }
        return results
    }

    /// The results with what each app printed left out.
    static func withoutOutput(_ results: ClassResults) -> ClassResults {
        var results = results
        for student in results.students.indices {
            for criterion in results.students[student].criteria.indices {
                for check in results.students[student].criteria[criterion].checks.indices {
                    results.students[student].criteria[criterion].checks[check].output = ""
                }
            }
        }
        return results
    }

    /// The results with the line of each hang (`HypnosisView.swift:50`) left out.
    /// Whether a hang's stack could be read before the kill depends on how busy the machine is
    /// (the infinite-loop test asserts that it names the line); two gradings of one class
    /// must agree on everything else.
    static func withoutHangLines(_ results: ClassResults) -> ClassResults {
        func clean(_ text: String) -> String {
            text.replacingOccurrences(of: #"; it hung in .* at [^ :;]+\.swift(:[0-9]+)?"#, with: "", options: .regularExpression)
        }
        var results = results
        for student in results.students.indices {
            for criterion in results.students[student].criteria.indices {
                for check in results.students[student].criteria[criterion].checks.indices {
                    results.students[student].criteria[criterion].checks[check].why.removeAll { $0.hasPrefix("The app hung in ") }
                    results.students[student].criteria[criterion].checks[check].messages = results.students[student].criteria[criterion].checks[check].messages.map(clean)
                }
            }
        }
        return results
    }
}
