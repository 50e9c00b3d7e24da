import Captures
import Foundation
import RestorationModel
import Runner
import Scenarios

/// Runs one student's app through the checks and grades each criterion: all of its points when
/// every check for it passed, none otherwise. Checks run one after another, each on a fresh
/// container, so a check that crashes or hangs costs only the criteria it counts for, and the
/// points already earned stay.
struct SubmissionGrader: Sendable {
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
        var resultsByScenario: [String: (check: CheckResult, run: ScenarioResult)] = [:]
        var criteria: [CriterionResult] = []
        let kinds = CriterionKinds(checks)
        for criterion in checks.criteria {
            var results: [CheckResult] = []
            for check in checks.checks(for: criterion) {
                let key = check.scenario.file
                let result: (check: CheckResult, run: ScenarioResult)
                if let done = resultsByScenario[key] {
                    result = done // a check that counts for two criteria runs once
                } else {
                    progress(check.hidden ? "\(criterion.name) (hidden)" : check.scenario.name)
                    result = try run(check, app: app, criterion: criterion)
                    resultsByScenario[key] = result
                }
                results.append(attributed(result.check, of: check, to: criterion, kinds: kinds, explainedBy: result.run))
            }
            let status = results.first { $0.status != .passed }?.status ?? .passed
            criteria.append(CriterionResult(criterion: criterion, status: status,
                                            score: status == .passed ? criterion.points : 0, checks: results))
        }
        return StudentResult(student: student, source: source, build: .built, criteria: criteria,
                             seconds: Date().timeIntervalSince(started))
    }

    /// A check's result as one of its criteria sees it. A check that counts for several criteria
    /// and failed only because state was lost fails the criteria whose kind of state it lost
    /// (`CriterionKinds`), and shows each of them only those losses; one that crashed, hung, or
    /// failed with nothing lost fails them all. A hidden check is named by the criterion it is
    /// reported under. With the `run` it came from, its causes are those that bear on what the
    /// criterion lost (`RestorationCause.bears(onAnyOf:)`).
    func attributed(_ result: CheckResult, of check: CheckSet.Check, to criterion: Criterion, kinds: CriterionKinds,
                    explainedBy run: ScenarioResult? = nil) -> CheckResult {
        var shown = result
        if check.hidden { shown.name = criterion.name }
        let tagged = checks.criteria.filter { check.tags.contains($0.tag) }
        guard tagged.count > 1, result.status == .failed, !result.lost.isEmpty else { return shown }
        let blamed = tagged.filter { other in result.lost.contains { kinds.counts($0.kind, against: other) } }
        // Losses no criterion of the check is about: the failure cannot be laid at one door.
        guard !blamed.isEmpty else { return shown }
        shown.lost = result.lost.filter { kinds.counts($0.kind, against: criterion) }
        if !blamed.contains(criterion) {
            shown.status = .passed
            shown.messages = []
            shown.why = []
        } else if let run {
            // Measured on the run's own losses: a hidden check's shown ones are concealed,
            // without their controllers.
            shown.why = run.why(bearingOn: run.lost.filter { kinds.counts($0.kind, against: criterion) }).map(studentPaths)
        }
        return shown
    }

    /// The result of a student whose app could not be built: every criterion not run.
    static func notBuilt(student: String, source: String, build: BuildOutcome, criteria: [Criterion], seconds: Double = 0) -> StudentResult {
        StudentResult(student: student, source: source, build: build, criteria: criteria.map {
            CriterionResult(criterion: $0, status: .notRun, score: 0, checks: [])
        }, seconds: seconds)
    }

    /// A copy of the app in the student's own folder, where the user it runs as can reach it
    /// (the class's build folder stays closed to every student). Every app is copied before any
    /// runs, and each copy is written close-on-exec (`ExecutableFile`): a process started while a
    /// copy is open for writing would otherwise inherit the descriptor, and the copy could then
    /// not be executed ("text file busy").
    func install(_ executable: URL) throws -> URL {
        let manager = FileManager.default
        try FolderTree.remove(folder)
        try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        chmod(folder.path, 0o711)
        let app = folder.appendingPathComponent("app")
        try ExecutableFile.copy(executable, to: app)
        return app
    }

    /// Removes the student's folder once none of their processes is left: a process still running
    /// could swap a folder for a link while it is removed. Then the user can be lent again.
    func removeFolder(after user: SandboxUser?) {
        user?.killEveryProcess()
        try? FolderTree.remove(folder)
    }

    private func run(_ check: CheckSet.Check, app: URL, criterion: Criterion) throws -> (check: CheckResult, run: ScenarioResult) {
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
        let why = (unrestored != nil ? [Self.cameBackWithoutRestorationWhy] : [])
            + result.why(bearingOnControllersAt: Self.concerned(by: result, leaving: run.screens)).map(studentPaths)
        if check.hidden {
            // Say what happened and what was lost, never how the check got there.
            let message = unrestored != nil ? Self.hiddenNotRestoredMessage : Self.hiddenMessage(status, failing: failedKinds(result, of: check))
            var hiddenResult = CheckResult(name: criterion.name, hidden: true, status: status, lost: result.lost.map { $0.concealing() },
                                           messages: status == .passed ? [] : [message])
            hiddenResult.why = status == .passed ? [] : why
            hiddenResult.cameBackWithoutRestoration = unrestored != nil
            return (hiddenResult, result)
        }
        let messages = unrestored ?? result.failures.map { studentPaths("line \($0.line), \($0.step): \($0.message ?? "failed")") }
        // The last screen the user left, and the first frame of the launch after it (none when
        // that launch crashed).
        let captured = run.screens
        let left = captured.lastIndex { $0.moment == .beforeHome }
        let relaunched = left.flatMap { index in captured[(index + 1)...].first { $0.moment == .afterLaunch } }
        let screens = (left.map { ["Before Home\n" + captured[$0].screen.drawing()] } ?? [])
            + (relaunched.map { ["After relaunch\n" + $0.screen.drawing()] } ?? [])
        var visibleResult = CheckResult(name: check.scenario.name, hidden: false, status: status, lost: result.lost,
                                        messages: messages, screens: status == .passed ? [] : screens, output: output,
                                        code: ScenarioPrinter.format(check.scenario))
        visibleResult.why = status == .passed ? [] : why
        visibleResult.cameBackWithoutRestoration = unrestored != nil
        return (visibleResult, result)
    }

    /// The controllers a failed run is about, by restoration path: those whose state was lost;
    /// when nothing was measured as lost (it went at an earlier relaunch), the one whose screen
    /// the user last left. A crash or a hang is about no controller in particular (none).
    static func concerned(by result: ScenarioResult, leaving screens: [(moment: CapturedMoment, screen: Screen)]) -> [String?] {
        guard result.stop == nil else { return [] }
        guard result.lost.isEmpty else { return result.lost.map { $0.controller?.restorationPath } }
        guard let left = screens.last(where: { $0.moment == .beforeHome }), let shown = left.screen.chain.last else { return [] }
        return [shown.restorationPath]
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

    /// Why a check that passed earns nothing when its control run passed too, said with its causes.
    static let cameBackWithoutRestorationWhy = "The checker ran this check a second time on a fresh install, taking the app's saved state (the restoration archive, its marker, the snapshot) away before each relaunch, and what it checks came back all the same: the app keeps it some other way, in UserDefaults or a file of its own. The exercise is about state restoration, so only what state restoration brings back earns points; save that state in encodeRestorableState(with:) and read it back in decodeRestorableState(with:)."

    static let hiddenNotRestoredMessage = "a hidden check passed even with the restoration archive taken away before the relaunch: what it checks did not come back through state restoration"

    /// A fatal error names the file as the build saw it (`Submission_alice_1f2e/AppDelegate.swift`);
    /// the student knows it by their own path.
    private func studentPaths(_ text: String) -> String {
        text.replacingOccurrences(of: target + "/", with: source + "/")
    }

    /// What a hidden check may say of its failure: the kinds of state its failed expectations
    /// were about (`the date picked`), never their values or the steps before them.
    static func hiddenMessage(_ status: CriterionResult.Status, failing kinds: [StateLoss.Kind] = []) -> String {
        switch status {
        case .crashed: return "a hidden check crashed the app"
        case .timedOut: return "the app stopped answering during a hidden check and was stopped"
        default:
            guard !kinds.isEmpty else { return "a hidden check found the app did not come back as the user left it" }
            let phrases = kinds.map(\.phrase)
            let listed = phrases.count == 1 ? phrases[0] : phrases.dropLast().joined(separator: ", ") + " and " + phrases.last!
            return "a hidden check found that \(listed) did not come back"
        }
    }

    /// The kinds of state the failed expectations of a run were about, each once, when each
    /// expectation names one kind (`expect X is "…"` could be text, a label or a selection, and
    /// is left out rather than guessed).
    private func failedKinds(_ result: ScenarioResult, of check: CheckSet.Check) -> [StateLoss.Kind] {
        var kinds: [StateLoss.Kind] = []
        for failure in result.failures {
            guard let step = check.scenario.steps.first(where: { $0.location.line == failure.line }), let expectation = step.expectation else { continue }
            let named = CriterionKinds.kinds(assertedBy: expectation)
            if named.count == 1, !kinds.contains(named[0]) { kinds.append(named[0]) }
        }
        return kinds
    }

    static func cut(_ text: String, to limit: Int) -> String {
        guard text.count > limit else { return text }
        return String(text.prefix(limit)) + "\n… (output cut after \(limit) characters)"
    }
}
