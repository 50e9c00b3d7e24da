import Foundation
import RestorationKit
import Runner
import Scenarios

/// Runs one student's app through the checks and grades each criterion: all of its points when
/// every check for it passed, none otherwise. Checks run one after another, each on a fresh
/// container, so a check that crashes or hangs costs only the criteria it counts for, and the
/// points already earned stay.
struct SubmissionGrader {
    let checks: CheckSet
    /// The student's target in the class's package, and their submission as given.
    let target: String
    let source: String
    /// Where this student's app and containers live while it is graded.
    let folder: URL
    var settings: ScenarioRun.Settings
    /// How much of the app's output a report keeps, per check.
    var outputShown = 4_000

    /// Grades an app `install` put in place. `progress` hears of each check as it starts.
    func grade(student: String, source: String, app: URL, progress: (String) -> Void = { _ in }) throws -> StudentResult {
        let started = Date()
        var resultsByScenario: [String: CheckResult] = [:]
        var criteria: [CriterionResult] = []
        for criterion in checks.criteria {
            var results: [CheckResult] = []
            for check in checks.checks(for: criterion) {
                let key = check.scenario.file
                if let done = resultsByScenario[key] {
                    results.append(done) // a check that counts for two criteria runs once
                    continue
                }
                progress(check.hidden ? "\(criterion.name) (hidden)" : check.scenario.name)
                let result = try run(check, app: app, criterion: criterion)
                resultsByScenario[key] = result
                results.append(result)
            }
            let status = results.first { $0.status != .passed }?.status ?? .passed
            criteria.append(CriterionResult(criterion: criterion, status: status,
                                            score: status == .passed ? criterion.points : 0, checks: results))
        }
        return StudentResult(student: student, source: source, build: .built, criteria: criteria,
                             seconds: Date().timeIntervalSince(started))
    }

    /// The result of a student whose app could not be built: every criterion not run.
    static func notBuilt(student: String, source: String, build: BuildOutcome, criteria: [Criterion], seconds: Double = 0) -> StudentResult {
        StudentResult(student: student, source: source, build: build, criteria: criteria.map {
            CriterionResult(criterion: $0, status: .notRun, score: 0, checks: [])
        }, seconds: seconds)
    }

    /// A copy of the app in the student's own folder, where the user it runs as can reach it
    /// (the class's build folder stays closed to every student). Copy every app before any runs:
    /// a process started while another thread still has a copy open for writing inherits that
    /// descriptor, and the copy then cannot be executed ("text file busy").
    func install(_ executable: URL) throws -> URL {
        let manager = FileManager.default
        try FolderTree.remove(folder)
        try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        chmod(folder.path, 0o711)
        let app = folder.appendingPathComponent("app")
        try manager.copyItem(at: executable, to: app)
        chmod(app.path, 0o755)
        return app
    }

    /// Removes the student's folder once none of their processes is left: a process still running
    /// could swap a folder for a link while it is removed. Then the user can be lent again.
    func removeFolder(after user: SandboxUser?) {
        user?.killEveryProcess()
        try? FolderTree.remove(folder)
    }

    private func run(_ check: CheckSet.Check, app: URL, criterion: Criterion) throws -> CheckResult {
        let container = try Self.newContainer(in: folder)
        let run = ScenarioRun(scenario: check.scenario, appName: "Submission", executable: app,
                              containerURL: container, settings: settings)
        let result = run.run()
        var status: CriterionResult.Status = switch (result.passed, result.stop) {
        case (true, _): .passed
        case (false, .crashed?): .crashed
        case (false, .hung?): .timedOut
        default: .failed
        }
        // A pass that holds without the restoration archive was not earned by restoring.
        let unrestored = status == .passed ? try controlRun(check, app: app) : nil
        if unrestored != nil { status = .failed }
        let output = Self.cut(studentPaths(StackTraceFilter.removingTraces(run.output).joined(separator: "\n")), to: outputShown)
        if check.hidden {
            // Say what happened and what was lost, never how the check got there.
            let message = unrestored != nil ? Self.hiddenNotRestoredMessage : Self.hiddenMessage(status)
            return CheckResult(name: criterion.name, hidden: true, status: status, lost: result.lost,
                               messages: status == .passed ? [] : [message])
        }
        let messages = unrestored ?? result.failures.map { studentPaths("line \($0.line), \($0.step): \($0.message ?? "failed")") }
        // The last screen the user left, and the first frame of the launch after it (none when
        // that launch crashed).
        let captured = run.screens
        let left = captured.lastIndex { $0.moment == "before-home" }
        let relaunched = left.flatMap { index in captured[(index + 1)...].first { $0.moment == "after-launch" } }
        let screens = (left.map { ["Before Home\n" + captured[$0].screen.drawing()] } ?? [])
            + (relaunched.map { ["After relaunch\n" + $0.screen.drawing()] } ?? [])
        return CheckResult(name: check.scenario.name, hidden: false, status: status, lost: result.lost,
                           messages: messages, screens: status == .passed ? [] : screens, output: output,
                           code: ScenarioPrinter.format(check.scenario))
    }

    /// The control run: the check again on a fresh container, with the saved state taken away
    /// by the runner before every relaunch. An app that restores through state restoration then
    /// comes back fresh and fails; one that passes all the same kept the screen some other way
    /// (a file of its own, a replay). Returns why its pass does not count, or `nil` when it does.
    /// Checks with a single launch restore nothing and are not run again.
    private func controlRun(_ check: CheckSet.Check, app: URL) throws -> [String]? {
        let launches = check.scenario.steps.filter { $0.kind == .perform(.launch) }
        guard launches.count > 1 else { return nil }
        let container = try Self.newContainer(in: folder)
        var control = settings
        control.withholdSavedState = true
        let run = ScenarioRun(scenario: check.scenario, appName: "Submission", executable: app,
                              containerURL: container, settings: control)
        let result = run.run()
        guard result.passed, run.withheldRelaunches > 0 else { return nil }
        // What held after the relaunch: what the check expects of the screen that came back (not
        // of the snapshot, the log or the archive, which the runner took away itself).
        let relaunch = launches[1].location.line
        let stateLines = Set(check.scenario.steps.filter { Self.expectsState($0.kind) }.map(\.location.line))
        let held = result.steps.filter { stateLines.contains($0.line) && $0.line > relaunch && $0.status == .passed }
        let messages = held.map {
            "line \($0.line), \($0.step): held even with the restoration archive taken away before the relaunch, so it was not restored through state restoration"
        }
        return messages.isEmpty ? ["the check passed even with the restoration archive taken away before the relaunch, so nothing it checks was restored through state restoration"] : messages
    }

    /// A fresh container, named at random: the app sees its container's path, and must not tell
    /// a control run's from the check's own by it.
    static func newContainer(in folder: URL) throws -> URL {
        let container = folder.appendingPathComponent("container-\(UUID().uuidString.lowercased())")
        try FileManager.default.createDirectory(at: container, withIntermediateDirectories: true)
        return container
    }

    /// Whether a step expects something of the state on screen.
    private static func expectsState(_ kind: Step.Kind) -> Bool {
        switch kind {
        case .expect(.screenShows), .expect(.screenDoesNotShow), .expect(.elementIs), .expect(.elementIsNot),
             .expect(.selectedTab), .expect(.restored): true
        default: false
        }
    }

    static let hiddenNotRestoredMessage = "a hidden check passed even with the restoration archive taken away before the relaunch: what it checks did not come back through state restoration"

    /// A fatal error names the file as the build saw it (`Submission_alice_1f2e/AppDelegate.swift`);
    /// the student knows it by their own path.
    private func studentPaths(_ text: String) -> String {
        text.replacingOccurrences(of: target + "/", with: source + "/")
    }

    static func hiddenMessage(_ status: CriterionResult.Status) -> String {
        switch status {
        case .crashed: "a hidden check crashed the app"
        case .timedOut: "the app stopped answering during a hidden check and was stopped"
        default: "a hidden check found the app did not come back as the user left it"
        }
    }

    static func cut(_ text: String, to limit: Int) -> String {
        guard text.count > limit else { return text }
        return String(text.prefix(limit)) + "\n… (output cut after \(limit) characters)"
    }
}
