import Captures
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
import RestorationKit
@testable import Runner
import Scenarios
import TestSupport

/// The runner against a real app process (`RuleBookApp`: Navigation > List, plus a Note whose
/// label, identified `note`, shows its text; `RULEBOOK_NOTE` pushes one at a fresh launch).
@Suite(.serialized) struct ScenarioRunTests {
    /// Runs a scenario written inline against RuleBookApp in a fresh container.
    func run(_ text: String, environment: [String: String] = ["RULEBOOK_NOTE": "Rusty Spork"],
             executable: URL? = nil, container: URL? = nil, sandbox: LaunchSandbox? = nil) throws -> (ScenarioResult, Capture) {
        let scenario = try ScenarioParser.parse(text, file: "inline.scenario")
        var settings = ScenarioRun.Settings()
        settings.environment = environment
        settings.sandbox = sandbox
        let container = container ?? FileManager.default.temporaryDirectory.appendingPathComponent("runner-test-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: container) }
        let run = ScenarioRun(scenario: scenario, appName: "RuleBookApp", executable: try executable ?? BuiltProducts.executable("RuleBookApp"), containerURL: container, settings: settings)
        let result = run.run()
        return (result, run.capture)
    }

    @Test("The control run takes the saved state away before each relaunch after Home, so nothing is restored; a force quit needed no withholding")
    func controlRunWithholdsSavedState() throws {
        func run(_ text: String, withholding: Bool) throws -> (ScenarioResult, withheld: Int) {
            var settings = ScenarioRun.Settings()
            settings.environment = ["RULEBOOK_NOTE": "Rusty Spork"]
            settings.withholdSavedState = withholding
            let container = FileManager.default.temporaryDirectory.appendingPathComponent("runner-control-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: container) }
            let run = ScenarioRun(scenario: try ScenarioParser.parse(text, file: "inline.scenario"), appName: "RuleBookApp",
                                  executable: try BuiltProducts.executable("RuleBookApp"), containerURL: container, settings: settings)
            return (run.run(), run.withheldRelaunches)
        }
        let killed = """
            launch
            expect note is "Rusty Spork"
            press home
            kill
            launch
            expect fresh launch
            """
        let graded = try run(killed, withholding: false)
        #expect(!graded.0.passed, "as graded, the relaunch restores the note")
        let control = try run(killed, withholding: true)
        #expect(control.0.passed, "\(control.0.failures)")
        #expect(control.withheld == 1)
        let forceQuit = try run("launch\npress home\nforce quit\nlaunch\nexpect fresh launch\n", withholding: true)
        #expect(forceQuit.0.passed && forceQuit.withheld == 0, "a force quit throws the state away itself: nothing was withheld")
    }

    /// The text of the error a call throws, or "" when it throws none.
    static func thrownMessage(_ body: () throws -> Void) -> String {
        do {
            try body()
            return ""
        } catch {
            return "\(error)"
        }
    }

    @Test("A launch that says it restored a path its archive does not hold is refused: that state did not come from the archive")
    func restoredPathsMustBeInTheArchive() throws {
        let report = try JSONDecoder().decode(RestorationReport.self, from: Data(#"{"outcome":"restored","restoredPaths":["Navigation","Navigation/Note"],"dropped":[]}"#.utf8))
        let entry = { (path: String) in StateArchive.Entry(path: RestorationPath(parsing: path)!, kind: .viewController, className: "X", state: [:]) }
        let whole = StateArchive(topLevel: [:], entries: [entry("Navigation"), entry("Navigation/Note")])
        #expect(throws: Never.self) { try ScenarioRun.checkRestoredPaths(report, against: whole) }
        let partial = StateArchive(topLevel: [:], entries: [entry("Navigation")])
        #expect(Self.thrownMessage { try ScenarioRun.checkRestoredPaths(report, against: partial) }
            == "the app says it restored Navigation/Note, which the restoration archive in its container does not hold: that state did not come back through state restoration")
        #expect(Self.thrownMessage { try ScenarioRun.checkRestoredPaths(report, against: nil) }
            == "the app says it restored Navigation, Navigation/Note, but its container held no restoration archive at launch: nothing came back through state restoration")
    }

    @Test("A round trip through real processes restores the note, and the capture has every moment")
    func roundTrip() throws {
        let (result, capture) = try run("""
            launch
            expect note is "Rusty Spork"
            press home
            kill
            launch
            expect restored
            expect no flicker
            expect note is "Rusty Spork"
            expect archive has "note" at "Navigation/:[1]:/Note"
            """)
        #expect(result.passed, "\(result.failures)")
        #expect(result.launches == 2)
        #expect(result.lost.isEmpty)
        #expect(capture.screens.map(\.moment) == [.launchScreen, .afterLaunch, .beforeHome, .snapshot, .launchScreen, .afterLaunch])
        #expect(capture.archives.count == 1)
        #expect(capture.log.contains { $0.contains("State restoration archive was saved with major version 2") })
    }

    @Test("A failed expectation is reported with its line and the run goes on; an impossible action stops it")
    func failuresAreReported() throws {
        let (result, _) = try run("""
            launch
            expect note is "Something else"
            expect screen shows "Rusty Spork"
            tap "No such button"
            expect screen shows "Rusty Spork"
            """)
        #expect(!result.passed)
        #expect(result.steps.map(\.status) == [.passed, .failed, .passed, .failed, .skipped])
        #expect(result.steps[1].message?.contains("is \"Rusty Spork\", not \"Something else\"") == true)
        #expect(result.steps[3].message?.contains("nothing on this screen is \"No such button\"; it offers:") == true)
    }

    @Test("Killing the app after any step: what comes back depends only on whether Home saved state before", arguments: 1...4)
    func killAtEveryStep(cut: Int) throws {
        let steps = ["launch", "press home", "return to the app", "press home"]
        let homeBefore = steps.prefix(cut).contains("press home")
        let scenario = steps.prefix(cut).joined(separator: "\n") + "\nkill\nlaunch\n" + (homeBefore ? "expect note is \"Rusty Spork\"\nexpect restored" : "expect fresh launch")
        let (result, _) = try run(scenario, environment: [:].merging(["RULEBOOK_NOTE": "Rusty Spork"]) { $1 })
        #expect(result.passed, "cut after step \(cut): \(result.failures)")
    }

    @Test("Two crashes during restoration use up the tries; the third launch throws the state away and starts fresh")
    func crashesDuringRestoration() throws {
        let (result, capture) = try run("""
            launch
            press home
            kill
            crash during restoration
            crash during restoration
            launch
            expect fresh launch
            expect no archive
            expect cause contains "kRestorationTriesLeft reached 0"
            expect log does not contain "kRestorationTriesLeft"
            """, environment: ["RULEBOOK_NOTE": "kept?"])
        #expect(result.passed, "\(result.failures)")
        #expect(result.causes.map(\.kind) == [.restorationAbandoned], "the result keeps the workbook's explanation: \(result.causes)")
        #expect(capture.events.filter { $0.contains("crashed while restoring, as asked") }.count == 2)
    }

    @Test("With developer mode, a force quit keeps the saved state, and the next launch restores it; without, it is deleted")
    func developerModeSurvivesForceQuit() throws {
        let steps = """
            launch
            press home
            force quit
            launch
            """
        // Only the second launch can restore: the log's root set shows that it did.
        let (developer, _) = try run("developer mode\n" + steps + "\nexpect log contains \"Object in root set\"")
        #expect(developer.passed, "\(developer.failures)")
        let (user, _) = try run(steps + "\nexpect fresh launch\nexpect log does not contain \"Object in root set\"")
        #expect(user.passed, "\(user.failures)")
    }

    @Test("On a full disk, UIKit's log says it could not write its marker and restoration goes on; Home writes nothing new, sandboxed or not",
          arguments: [false, true])
    func fullDisk(sandboxed: Bool) throws {
        if sandboxed { try #require(LaunchSandbox.isAvailable, "\(LaunchSandbox.unavailableReason ?? "")") }
        let parent = URL(fileURLWithPath: "/var/tmp").appendingPathComponent("full-disk-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: parent.appendingPathComponent("container"), withIntermediateDirectories: true)
        defer { try? FolderTree.remove(parent) }
        let (result, _) = try run("""
            launch
            press home
            kill
            fill the disk
            launch
            expect log contains "Warning: Unable to create restoration in progress marker file"
            expect note is "Rusty Spork"
            go back
            press home
            kill
            launch
            expect cause contains "The restoration archive could not be written"
            expect note is "Rusty Spork"
            """, container: parent.appendingPathComponent("container"), sandbox: sandboxed ? LaunchSandbox() : nil)
        #expect(result.passed, "\(result.failures)")
        let (plenty, _) = try run("launch\npress home\nkill\nlaunch\nexpect log does not contain \"marker file\"")
        #expect(plenty.passed, "\(plenty.failures)")
    }

    /// The line of RuleBookApp's endless loop (`RULEBOOK_HANG_ON_HOME`), read from its source.
    static let loopLine: Int = {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/RuleBookApp/RuleBookApp.swift")
        let lines = (try? String(contentsOf: source, encoding: .utf8))?.components(separatedBy: "\n") ?? []
        return (lines.firstIndex { $0.contains("while turns >= 0") } ?? -1) + 1
    }()

    @Test("A hung app is killed at the time limit, and the run says where it hung")
    func hungApp() throws {
        // The runner's own limit for a command: a shorter one would fail the healthy commands
        // before the hang on a busy machine. The message says which limit the kill was made at.
        let (result, _) = try run("""
            launch
            press home
            return to the app
            """, environment: ["RULEBOOK_HANG_ON_HOME": "1"])
        #expect(result.steps.map(\.status) == [.passed, .failed, .skipped])
        #expect(result.steps[1].message?.contains("did not answer within 10 s during press home, so it was killed; it hung in RuleBookAppDelegate.applicationDidEnterBackground(_:) at RuleBookApp.swift:\(Self.loopLine)") == true,
                "\(result.steps[1].message ?? "")")
        #expect(result.hang == HangLocation(function: "RuleBookAppDelegate.applicationDidEnterBackground(_:)", file: "RuleBookApp.swift", line: Self.loopLine))
        #expect(result.why == ["The app hung in RuleBookAppDelegate.applicationDidEnterBackground(_:) at RuleBookApp.swift:\(Self.loopLine)."])
    }

    @Test("In the sandbox, as a student's app runs, a hung app's stack names its line too")
    func hungAppInSandbox() throws {
        try #require(LaunchSandbox.isAvailable, "\(LaunchSandbox.unavailableReason ?? "")")
        // As the checker lays out a submission: a folder only its user can enter, the app copied in.
        let folder = URL(fileURLWithPath: "/var/tmp").appendingPathComponent("hang-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        chmod(folder.path, 0o711)
        defer { try? FolderTree.remove(folder) }
        let app = folder.appendingPathComponent("app")
        try ExecutableFile.copy(try BuiltProducts.executable("RuleBookApp"), to: app)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("container"), withIntermediateDirectories: true)
        let user = geteuid() == 0 ? try SandboxUser.lease() : nil
        defer { user?.killEveryProcess() }
        let (result, _) = try run("""
            launch
            press home
            """, environment: ["RULEBOOK_HANG_ON_HOME": "1"], executable: app,
            container: folder.appendingPathComponent("container"), sandbox: LaunchSandbox(userID: user?.id))
        #expect(result.stop == .hung, "\(result.steps.compactMap(\.message))")
        #expect(result.hang == HangLocation(function: "RuleBookAppDelegate.applicationDidEnterBackground(_:)", file: "RuleBookApp.swift", line: Self.loopLine))
    }

    @Test("An app reads the version it is installed at from Bundle.main, as on a device, sandboxed or not; an update installs the next, and nothing is left behind",
          arguments: [false, true])
    func bundleVersionFromBundleMain(sandboxed: Bool) throws {
        if sandboxed { try #require(LaunchSandbox.isAvailable, "\(LaunchSandbox.unavailableReason ?? "")") }
        let parent = URL(fileURLWithPath: "/var/tmp").appendingPathComponent("install-test-\(UUID().uuidString)")
        // The sandbox binds the container, which the checker makes before the first launch.
        try FileManager.default.createDirectory(at: parent.appendingPathComponent("container"), withIntermediateDirectories: true)
        defer { try? FolderTree.remove(parent) }
        let (result, _) = try run("""
            launch
            expect note is "installed at version 1"
            force quit
            update to version 3
            launch
            expect note is "installed at version 3"
            """, environment: ["RULEBOOK_NOTE": "installed at version {version}"],
            container: parent.appendingPathComponent("container"), sandbox: sandboxed ? LaunchSandbox() : nil)
        #expect(result.passed, "\(result.failures)")
        let left = try FileManager.default.contentsOfDirectory(atPath: parent.path)
        #expect(!left.contains("container.app"), "the installed app is removed with the run: \(left)")
    }

    @Test("What an app queues on the main queue at launch runs before the first frame, blocks it queues in turn included, as on a device")
    func mainQueueRunsBeforeTheFirstFrame() throws {
        let (result, _) = try run("""
            launch
            expect note is "Rusty Spork (late)"
            """, environment: ["RULEBOOK_NOTE": "Rusty Spork", "RULEBOOK_LATE_EDIT": "Rusty Spork"])
        #expect(result.passed, "\(result.failures)")
    }

    @Test("The run carries the causes the engine saw: a root without an identifier, and what was skipped below it")
    func causesOfARun() throws {
        let (result, _) = try run("""
            launch
            press home
            kill
            launch
            expect restored
            """, environment: ["RULEBOOK_NOTE": "Rusty Spork", "RULEBOOK_ANONYMOUS": "1"])
        #expect(result.why == [
            "UINavigationController (the window's root view controller) has no restoration identifier, so it was not saved, nor was anything below it: RuleBookListViewController \"List\", RuleBookNoteViewController \"Note\".",
        ])
        #expect(result.causes.first?.kind == .noRestorationIdentifier)
    }

    @Test("A restored root nobody puts into the window is named in the run's result")
    func rootNotInWindowInARun() throws {
        let (result, _) = try run("""
            launch
            press home
            kill
            launch
            """, environment: ["RULEBOOK_NOTE": "Rusty Spork", "RULEBOOK_RECREATE_ROOT": "forget"])
        #expect(result.why.contains(
            "UINavigationController at Navigation was recreated by restoration but never put into the window, so it is not shown: the window shows UINavigationController instead."),
            "\(result.why)")
    }

    @Test("A key read back under another spelling: the note comes back empty, and the run says which key and the closest saved")
    func misspeltKeyInARun() throws {
        let (result, _) = try run("""
            launch
            press home
            kill
            launch
            expect note is "Rusty Spork"
            """, environment: ["RULEBOOK_NOTE": "Rusty Spork", "RULEBOOK_READ_KEY": "Note"])
        #expect(!result.passed)
        #expect(result.why == [
            "RuleBookNoteViewController at Navigation/:[1]:/Note read the key \"Note\" in decodeRestorableState(with:), but nothing was saved under it; the keys it saved: \"note\"; the closest is \"note\".",
        ])
        #expect(result.causes.first?.path == "Navigation/:[1]:/Note")
    }

    @Test("An object registered only after the relaunch (here at Home) is explained, at the end of the run, as registered too late rather than never registered again")
    func registeredAfterTheRelaunch() throws {
        let (result, _) = try run("""
            launch
            press home
            kill
            launch
            press home
            """, environment: ["RULEBOOK_NOTE": "Rusty Spork", "RULEBOOK_VISITS": "1"])
        let visits = result.causes.filter { $0.path == "Visits" }
        #expect(visits.map(\.kind) == [.registeredAfterRestoration], "\(result.causes)")
        #expect(visits.first?.sentence.contains("once the app had launched, after restoration had run") == true, "\(visits)")
    }

    @Test("A delegate that answers false to restoring: the run says which method")
    func notOptedInToRestoringInARun() throws {
        let (result, _) = try run("""
            launch
            press home
            kill
            launch
            expect fresh launch
            """, environment: ["RULEBOOK_NOTE": "Rusty Spork", "RULEBOOK_RESTORES": "0"])
        #expect(result.passed, "\(result.failures)")
        #expect(result.why == [
            "The app delegate (RuleBookAppDelegate) returned false from application(_:shouldRestoreSecureApplicationState:), so the saved state was not restored and the app launched fresh.",
        ])
    }

    @Test("A result.json of this shape without causes or a hang reads, with none; one of the first shape says so by its schema")
    func resultsWithoutCauses() throws {
        let current = #"{"schema":2,"scenario":"s","file":"f.scenario","app":"A","steps":[],"lost":[],"flicker":false,"launches":2}"#
        let result = try JSONDecoder().decode(ScenarioResult.self, from: Data(current.utf8))
        #expect(result.causes.isEmpty && result.hang == nil && result.snapshotHides.isEmpty)
        let first = #"{"scenario":"s","file":"f.scenario","app":"A","steps":[],"lost":[],"launches":2}"#
        #expect(try JSONDecoder().decode(ScenarioResult.self, from: Data(first.utf8)).schema == 1)
    }

    @Test("A crash in app code is reported with how the process ended, and the runner goes on")
    func crashInAppCode() throws {
        let (result, capture) = try run("""
            launch
            press home
            return to the app
            crash
            launch
            expect note is "Rusty Spork"
            """)
        #expect(result.passed, "\(result.failures)")
        #expect(capture.events.contains { $0.contains("the app was killed by signal") || $0.contains("the app exited") })
        #expect(capture.output.contains { $0.contains("the app crashed") })
    }

    @Test("A run records each step's kind as it ran it, and its result.json keeps it: verdicts never read a step's text again")
    func stepKindsAreRecorded() throws {
        let (result, _) = try run("""
            launch
            press home
            force quit
            launch
            press home
            kill
            launch
            expect crash
            """, environment: ["RULEBOOK_NOTE": "Rusty Spork", "RULEBOOK_CRASH_DURING_DECODE": "1"])
        let kinds: [ScenarioResult.StepOutcome.Kind] = [.launch, .action, .forceQuit, .launch, .action, .action, .launch, .expectCrash]
        #expect(result.steps.map(\.kind) == kinds)
        #expect(result.endsCrashed)
        let written = try JSONEncoder().encode(result)
        #expect(String(decoding: written, as: UTF8.self).contains(#""kind":"forceQuit""#))
        #expect(try JSONDecoder().decode(ScenarioResult.self, from: written).steps.map(\.kind) == kinds)
    }

    @Test("A relaunch that crashes is summed up as a crash, never as keeping everything")
    func crashIsNotKeepingEverything() throws {
        let (result, capture) = try run("""
            launch
            press home
            kill
            launch
            """, environment: ["RULEBOOK_NOTE": "Rusty Spork", "RULEBOOK_CRASH_DURING_DECODE": "1"])
        #expect(result.stop == .crashed)
        #expect(result.lost.isEmpty, "no screen came back to compare, so nothing is counted as lost")
        #expect(StateVerdict([result]) == .crashed(scenarios: [result.scenario]))
        // What the dying launch logged before the crash is kept, as a device's console keeps it.
        let relaunch = capture.log.drop { !$0.hasPrefix("── launch 2") }
        #expect(relaunch.contains { $0.contains("State restoration archive was saved with major version 2") }, "\(capture.log)")
    }

    @Test("Steps can be carried out one at a time, as `workbook play` does, and a refused step does not end the session")
    func oneStepAtATime() throws {
        let container = FileManager.default.temporaryDirectory.appendingPathComponent("runner-play-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: container) }
        var settings = ScenarioRun.Settings()
        settings.environment = ["RULEBOOK_NOTE": "Rusty Spork"]
        let session = ScenarioRun(scenario: Scenario(name: "play", steps: [], file: "<play>"), appName: "RuleBookApp",
                                  executable: try BuiltProducts.executable("RuleBookApp"), containerURL: container, settings: settings)
        defer { session.finish() }
        func step(_ line: String) throws -> ScenarioResult.StepOutcome {
            session.execute(try #require(try ScenarioParser.parseStep(line))).outcome
        }
        #expect(try step("launch").status == .passed)
        #expect(session.screenNow()?.element(identifiedBy: "note")?[property: "text"] == "Rusty Spork")
        #expect(try step("tap \"Nowhere\"").status == .failed)
        #expect(try step("go back").status == .passed)
        #expect(session.screenNow()?.element(identifiedBy: "note") == nil)
        #expect(try step("kill").status == .passed)
        #expect(!session.isRunning && session.screenNow() == nil)
    }

    @Test("The same scenario run twice writes byte-identical captures")
    func capturesAreReproducible() throws {
        let text = """
            launch
            press home
            kill
            launch
            expect restored
            """
        var folders: [URL] = []
        for _ in 0..<2 {
            let (result, capture) = try run(text)
            #expect(result.passed, "\(result.failures)")
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("capture-\(UUID().uuidString)")
            try CaptureWriter.write(capture, result: result, fingerprint: "test", to: folder)
            folders.append(folder)
        }
        defer { folders.forEach { try? FileManager.default.removeItem(at: $0) } }
        let files = try #require(FileManager.default.subpaths(atPath: folders[0].path)).sorted()
        #expect(files == FileManager.default.subpaths(atPath: folders[1].path)?.sorted())
        #expect(files.contains("archives/01-data.data") && files.contains("screens/03-before-home.json"))
        for file in files {
            let first = FileManager.default.contents(atPath: folders[0].appendingPathComponent(file).path)
            #expect(first == FileManager.default.contents(atPath: folders[1].appendingPathComponent(file).path), "\(file) differs between runs")
        }
    }

    @Test("A malformed scenario is refused with file, line, column and what was expected")
    func malformedScenario() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("broken-\(UUID().uuidString).scenario")
        try Data("launch\ntpa \"Save\"\nslide to lots\n".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect {
            try ChapterRunner.parse(file)
        } throws: { error in
            let text = "\(error)"
            return text.contains("\(file.path):2:1") && text.contains("did you mean 'tap'?") && text.contains(":3:")
        }
    }
}
