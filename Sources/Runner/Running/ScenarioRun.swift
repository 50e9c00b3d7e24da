import BinaryPropertyList
import Captures
import Foundation
import RestorationModel
import Scenarios

/// Runs one scenario against one app: each launch a process on the same container, each step
/// carried out or checked in order. An expectation that fails is recorded and the run goes on;
/// an action that cannot be done (or an app that crashes or hangs) stops it there.
public final class ScenarioRun {
    public struct Settings: Sendable {
        /// The device clock at the first launch; `wait` steps move it on.
        public var clockStart = Date(timeIntervalSince1970: 1_795_338_000) // 2026-11-22 09:00 UTC
        /// The random seed of the first launch; each later launch adds its number to it.
        public var seed: UInt64 = 42
        /// Seconds to wait for a launch, and for each command's answer.
        public var launchTimeLimit: TimeInterval = 20
        public var commandTimeLimit: TimeInterval = 10
        /// More variables for every launch (fixtures' switches).
        public var environment: [String: String] = [:]
        /// The app's `Info.plist`, installed with it as on a device: its main storyboard and
        /// bundle version. `nil` for an app without one.
        public var infoPlist: URL?
        /// The module name the app's classes carry at run time, shared by every version of the
        /// app (`AppModuleName`); `nil` keeps the module the app was compiled as.
        public var moduleName: String?
        /// Limits for code nobody reviewed (a student's submission); `nil` runs the app as is.
        public var sandbox: LaunchSandbox?
        /// How much of the app's output is kept, per stream and launch; the rest is dropped.
        public var outputLimit = 64 << 20
        /// The grader's control run: before every relaunch the runner takes the saved state away
        /// (the restoration archive, its marker and the snapshot), so that whatever still comes
        /// back did not come back through state restoration.
        public var withholdSavedState = false

        public init() {}

        var limits: AppLaunch.TimeLimits { AppLaunch.TimeLimits(launch: launchTimeLimit, command: commandTimeLimit) }
    }

    let scenario: Scenario
    let appName: String
    let executable: URL
    let container: AppContainer
    let settings: Settings
    private(set) var capture = Capture()

    private var launch: AppLaunch?
    private var launches = 0
    private var bundleVersion = "1"
    /// The app installed at `bundleVersion`, made before the first launch and again after an update.
    private var installation: AppInstallation?
    private var waited: TimeInterval = 0
    private var crashNextLaunchDuringRestoration = false
    /// The screen the user had when they last pressed Home.
    private var leftScreen: Screen?
    /// What the user saw while the latest launch started, and its first real frame.
    private var shownAtLaunch: Screen?
    private var firstFrame: Screen?
    /// The screen the user's state is compared with: the first frame, or the screen when the
    /// scenario first checked something after the relaunch (steps before that are the scenario
    /// going where it looks: a check about the date that first chooses the tab is not about the tab).
    private var comparedScreen: Screen?
    private var checkedSinceLaunch = false
    private var latestOutcome: RestorationReport?
    /// The causes the latest launch sent as it ended itself (a value secure decoding refused).
    private var latestEndingCauses: [RestorationCause] = []
    private var lastArchiveBytes: Data?
    private var stop: ScenarioResult.Stop?
    private var hang: HangLocation?
    /// What the engine saw at the latest Home, and what that Home's mistakes explain at the
    /// launch after it.
    private var causesAtLatestHome: [RestorationCause] = []
    private var causesBeforeLatestLaunch: [RestorationCause] = []
    /// The crash the step being carried out ended with, and the one the step before it ended
    /// with, which `expect crash` checks.
    private var crashOfThisStep: String?
    private var crashOfPreviousStep: String?
    private var lastWordsOfCrash: String?
    /// Whether the app was last ended by a force quit, which throws the saved state away itself.
    private var forceQuit = false
    /// Whether a `fill the disk` step filled the device's storage: every later launch finds it full.
    private var diskIsFull = false
    /// Relaunches after Home and a kill that found no saved state because this run withheld it.
    public private(set) var withheldRelaunches = 0

    public init(scenario: Scenario, appName: String, executable: URL, containerURL: URL, settings: Settings = Settings()) {
        self.scenario = scenario
        self.appName = appName
        self.executable = executable
        self.container = AppContainer(url: containerURL, bundleIdentifier: "com.restorationworkbook.\(appName)")
        self.settings = settings
        // The version the app is installed at; `update to version N` replaces it.
        if let infoPlist = settings.infoPlist, let version = (try? InfoPlist(contentsOf: infoPlist))?.bundleVersion {
            bundleVersion = version
        }
    }

    public func run() -> ScenarioResult {
        var outcomes: [ScenarioResult.StepOutcome] = []
        var stopped = false
        stop = nil
        hang = nil
        for (index, step) in scenario.steps.enumerated() {
            guard !stopped else {
                outcomes.append(ScenarioResult.StepOutcome(step, status: .skipped))
                continue
            }
            var (outcome, stops) = execute(step)
            if stops, stop == .crashed, scenario.steps.indices.contains(index + 1), case .expect(.crashed) = scenario.steps[index + 1].kind {
                // The scenario says this step crashes the app: the crash is its claim, the next
                // line checks it, and the scenario goes on with the app ended. The step keeps
                // the app's last words (the runtime's message), which readers want to see.
                outcome.status = .passed
                outcome.message = lastWordsOfCrash
                stop = nil
                stops = false
                endLaunch(killing: true)
            }
            outcomes.append(outcome)
            stopped = stops
        }
        readCausesAgain()
        finish()
        let snapshot = snapshotVerdict
        return ScenarioResult(scenario: scenario.name, file: scenario.file, app: appName, steps: outcomes,
                              lost: lostState(), flicker: snapshot.flicker, snapshotHides: snapshot.hides, launches: launches, stop: stop,
                              causes: causes(), notes: allNotes(), hang: hang)
    }

    /// Carries out one step now: what an interactive session does with each line typed.
    /// `stops` is true when the step could not be done (the app crashed, hung, or refused).
    public func execute(_ step: Step) -> (outcome: ScenarioResult.StepOutcome, stops: Bool) {
        var outcome = ScenarioResult.StepOutcome(step, status: .passed)
        var stops = false
        crashOfPreviousStep = crashOfThisStep
        crashOfThisStep = nil
        do {
            switch step.kind {
            case .perform(let action): try perform(action, step: step)
            case .expect(let expectation): try check(expectation)
            }
        } catch let failure as ExpectationFailure {
            outcome.status = .failed
            outcome.message = failure.message
        } catch {
            outcome.status = .failed
            outcome.message = "\(error)"
            stops = true
            switch error as? AppLaunch.Failure {
            case .crashed(_, _, let output, let said)?:
                stop = .crashed
                // What the engine said as the app ended itself comes with the crash (a launch
                // that crashes as it starts is never kept).
                latestEndingCauses += said.causes
                crashOfThisStep = "\(error)"
                // The runtime's message, not the backtracer's notice that follows it.
                lastWordsOfCrash = CrashLastWords.find(in: output)
                // What the app printed as it stopped (the crash's message) is gone from the
                // process with it: keep it in the capture.
                capture.output += output
            case .hung(_, _, let location, _)?:
                stop = .hung
                hang = location
            default: stop = .refused
            }
        }
        capture.events.append("\(step.location.line): \(step.text) → \(outcome.status == .passed ? "ok" : "failed: \(outcome.message ?? "")")")
        return (outcome, stops)
    }

    /// What the user sees now, if the app is on screen.
    public func screenNow() -> Screen? {
        try? launch?.screen(during: "showing the screen")
    }

    /// The screens captured so far, each with its moment.
    public var screens: [(moment: CapturedMoment, screen: Screen)] { capture.screens }

    /// What the app printed so far, to standard output and standard error.
    public var output: [String] { capture.output }

    /// The workbook's explanation of the run so far: the causes that explain the latest relaunch
    /// (with those seen at a Home since), and the notes of every launch. Never UIKit's log.
    public var explanation: (causes: [RestorationCause], notes: [RestorationCause]) {
        (currentCauses(), allNotes())
    }

    /// Whether an app process is running (on screen or suspended).
    public var isRunning: Bool { launch != nil }

    /// Ends the run: the app, if still running, is killed and its log kept.
    public func finish() {
        endLaunch(killing: true)
        installation?.remove()
        installation = nil
    }

    // MARK: Actions

    private func perform(_ action: Action, step: Step) throws {
        switch action {
        case .launch:
            try startLaunch()
        case .pressHome:
            let running = try running(for: step)
            // Sent together: the screen the user leaves, Home, and what Home saw (AppLaunch.Batch).
            var answers = try running.send([.screen, .home, .report], during: "press home")
            leftScreen = try running.screen(of: &answers, during: "press home")
            capture.screens.append((.beforeHome, leftScreen!))
            try running.answer(of: &answers, during: "press home")
            if case .state(let report) = try running.answer(of: &answers, during: "press home") { causesAtLatestHome = report.preservationCauses }
            collectArchive()
            if let data = FileManager.default.contents(atPath: container.snapshotURL.path),
               let snapshot = try? JSONDecoder().decode(Screen.self, from: data) {
                capture.screens.append((.snapshot, snapshot))
            } else {
                capture.screens.append((.snapshot, .launchImage))
            }
        case .returnToApp:
            try running(for: step).request(.foreground, during: "return to the app")
        case .kill:
            endLaunch(killing: true)
        case .forceQuit:
            causesAtLatestHome = [] // the user threw that state away; its mistakes explain nothing now
            // The system deletes the saved state, unless the device has the restoration
            // developer-mode profile, which developers install to keep it through a force quit.
            if !scenario.metadata.developerMode { container.discardSavedState() }
            container.discardSnapshot()
            endLaunch(killing: true)
            forceQuit = true
        case .crash:
            let ending = try running(for: step).crash()
            capture.events.append("the app \(ending)")
            endLaunch(killing: true)
        case .crashDuringRestoration:
            crashNextLaunchDuringRestoration = true
            do {
                try startLaunch()
                throw RunnerError.didNotCrashWhileRestoring
            } catch let failure as AppLaunch.Failure {
                guard case .crashed(_, _, let output, _) = failure else { throw failure }
                capture.output += output
                capture.events.append("the app crashed while restoring, as asked")
                endLaunch(killing: true)
            }
        case .update(let version):
            bundleVersion = version
        case .fillDisk:
            diskIsFull = true
        case .wait(let duration):
            waited += TimeInterval(duration.seconds)
            if let launch { try launch.request(.wait(seconds: TimeInterval(duration.seconds)), during: "wait") }
        default:
            try running(for: step).perform(try UserActionMapping.action(for: action), during: "'\(step.text)'")
        }
    }

    private func running(for step: Step) throws -> AppLaunch {
        guard let launch else { throw RunnerError.notRunning(step: step.text) }
        return launch
    }

    private func startLaunch() throws {
        endLaunch(killing: true)
        if settings.withholdSavedState && launches > 0 {
            if !forceQuit { withheldRelaunches += 1 }
            container.discardSavedState()
            container.discardSnapshot()
        }
        forceQuit = false
        launches += 1
        // The simulated device has its own time zone and language, so captures are the same on
        // every machine whatever the runner's are.
        var environment = ProcessInfo.processInfo.environment.filter { ["PATH", "TMPDIR"].contains($0.key) }
            .merging(["TZ": "UTC", "LANG": "en_US.UTF-8"]) { $1 }
            .merging(settings.environment) { $1 }
        let clock = DeviceClockText.string(from: settings.clockStart.addingTimeInterval(waited))
        environment[LaunchConfiguration.Variable.container] = container.url.path
        environment.merge(container.launchEnvironment) { _, new in new }
        environment[LaunchConfiguration.Variable.bundleIdentifier] = container.bundleIdentifier
        environment[LaunchConfiguration.Variable.bundleVersion] = bundleVersion
        if let moduleName = settings.moduleName { environment[LaunchConfiguration.Variable.moduleName] = moduleName }
        environment[LaunchConfiguration.Variable.clock] = clock
        // A seed of its own for each launch, as a device never repeats its random numbers: an app
        // that draws again what it should have restored then shows something else.
        environment[LaunchConfiguration.Variable.seed] = String(settings.seed &+ UInt64(launches - 1))
        // Swift seeds its hashing anew in each process, which orders an app's dictionaries and
        // sets, and so the keyed archives it makes, differently at every run: fixed like the clock.
        environment[LaunchConfiguration.Variable.deterministicHashing] = "1"
        environment[LaunchConfiguration.Variable.debugLogging] = "YES"
        if scenario.metadata.developerMode { environment[LaunchConfiguration.Variable.developerMode] = "YES" }
        if diskIsFull { environment[LaunchConfiguration.Variable.diskFull] = "YES" }
        let installed = try installation.flatMap { $0.version == bundleVersion ? $0 : nil }
            ?? AppInstallation(installing: executable, appName: appName, bundleIdentifier: container.bundleIdentifier,
                               version: bundleVersion, appInfoPlist: settings.infoPlist, beside: container.url)
        installation = installed
        environment[LaunchConfiguration.Variable.infoPlist] = installed.infoPlist.path
        if crashNextLaunchDuringRestoration {
            environment[LaunchConfiguration.Variable.crashDuringRestoration] = "YES"
            crashNextLaunchDuringRestoration = false
        }
        capture.log.append("── launch \(launches) (version \(bundleVersion), clock \(clock)) ──")
        // Forget the last launch's frames: a launch that crashes shows nothing, and what the user
        // lost must not be worked out from an earlier launch's screen.
        shownAtLaunch = nil
        firstFrame = nil
        // The archive as the runner finds it, read before the app can touch it: whatever the app
        // says it restored must be in there.
        let archive = try? StateArchive(contentsOf: container.archiveURL)
        comparedScreen = nil
        checkedSinceLaunch = false
        causesBeforeLatestLaunch = causesAtLatestHome
        // A launch that crashes sends no report: the last one's causes explain nothing of it.
        latestOutcome = nil
        latestEndingCauses = []
        try settings.sandbox?.prepare(container: container.url)
        let started: AppLaunch
        do {
            started = try AppLaunch(executable: installed.executable, environment: environment, limits: settings.limits,
                                    sandbox: settings.sandbox, container: container.url,
                                    readOnly: [installed.infoPlist], outputLimit: settings.outputLimit)
        } catch AppLaunch.Failure.crashed(let during, let ending, let output, let said) {
            // Never kept as `launch`: what it logged before it died (the archive's version, the
            // paths it began to restore) goes into the capture here, as a device's console keeps it.
            capture.log += said.log
            capture.notes += said.notes
            throw AppLaunch.Failure.crashed(during: during, ending: ending, output: output, said: said)
        }
        launch = started
        // Sent together: what the user saw while the app launched, its first frame, and the report.
        var answers = try started.send([.launchScreen, .screen, .report], during: "launch")
        shownAtLaunch = try started.launchScreen(of: &answers, during: "launch")
        firstFrame = try started.screen(of: &answers, during: "launch")
        comparedScreen = firstFrame
        if case .state(let report) = try started.answer(of: &answers, during: "launch") {
            latestOutcome = report
            try Self.checkRestoredPaths(report, against: archive)
        }
        capture.screens.append((.launchScreen, shownAtLaunch!))
        capture.screens.append((.afterLaunch, firstFrame!))
    }

    /// Refuses a launch that says it restored controllers its archive does not hold: their state
    /// did not come from the restoration archive in its container.
    static func checkRestoredPaths(_ report: RestorationReport, against archive: StateArchive?) throws {
        guard report.outcome == .restored, !report.restoredPaths.isEmpty else { return }
        let archived = Set(archive?.entries.map(\.path.description) ?? [])
        let missing = report.restoredPaths.filter { !archived.contains($0) }
        guard !missing.isEmpty else { return }
        throw AppLaunch.Failure.refused(archive == nil
            ? "the app says it restored \(missing.joined(separator: ", ")), but its container held no restoration archive at launch: nothing came back through state restoration"
            : "the app says it restored \(missing.joined(separator: ", ")), which the restoration archive in its container does not hold: that state did not come back through state restoration")
    }

    /// Ends the running launch (SIGKILL, as the system does), keeping its log and output.
    private func endLaunch(killing: Bool) {
        guard let launch else { return }
        launch.kill()
        capture.log += launch.logLines
        capture.notes += launch.notes
        capture.output += launch.output()
        self.launch = nil
    }

    /// Keeps a copy of the archive each time Home wrote a new one.
    private func collectArchive() {
        guard let data = FileManager.default.contents(atPath: container.archiveURL.path), data != lastArchiveBytes else { return }
        lastArchiveBytes = data
        capture.archives.append(data)
    }

    // MARK: Expectations

    struct ExpectationFailure: Error {
        let message: String
    }

    private func check(_ expectation: Expectation) throws {
        func fail(_ message: String) -> ExpectationFailure { ExpectationFailure(message: message) }
        if !checkedSinceLaunch, launch != nil {
            checkedSinceLaunch = true
            // An expectation that does not look at the screen must not fail for want of one.
            comparedScreen = (try? currentScreen()) ?? comparedScreen
        }
        switch expectation {
        case .screenShows(let element):
            let screen = try currentScreen()
            guard ScreenSearch.find(element, in: screen) != nil else { throw fail("the screen does not show \(element); it shows:\n\(screen.drawing())") }
        case .screenDoesNotShow(let element):
            if ScreenSearch.find(element, in: try currentScreen()) != nil { throw fail("the screen shows \(element)") }
        case .snapshotShows(let element):
            guard ScreenSearch.find(element, in: lastSnapshot()) != nil else { throw fail("the snapshot does not show \(element)") }
        case .snapshotDoesNotShow(let element):
            if ScreenSearch.find(element, in: lastSnapshot()) != nil { throw fail("the snapshot shows \(element), which should have been hidden") }
        case .elementIs(let element, let value):
            let found = try locate(element, in: try currentScreen())
            if let mismatch = ScreenSearch.mismatch(found, value) { throw fail("\(element) is \(mismatch), not \(value)") }
        case .elementIsNot(let element, let value):
            let found = try locate(element, in: try currentScreen())
            if ScreenSearch.mismatch(found, value) == nil { throw fail("\(element) is \(value)") }
        case .selectedTab(let choice):
            guard let tabBar = try currentScreen().elements.first(where: { $0.role == .tabBar }) else { throw fail("the screen has no tab bar") }
            let selected = tabBar[property: ScreenProperty.selected] ?? ""
            let tabs = (tabBar[property: ScreenProperty.segments] ?? "").components(separatedBy: " | ")
            switch choice {
            case .title(let title): if selected != title { throw fail("the selected tab is \"\(selected)\"") }
            case .index(let index): if tabs.firstIndex(of: selected) != index { throw fail("the selected tab is \"\(selected)\" (tab \(tabs.firstIndex(of: selected) ?? -1))") }
            }
        case .logContains(let text):
            guard allLogLines().contains(where: { $0.contains(text) }) else { throw fail("no log line contains \"\(text)\"") }
        case .logDoesNotContain(let text):
            if let line = allLogLines().first(where: { $0.contains(text) }) { throw fail("the log has \"\(line)\"") }
        case .causeContains(let text):
            let causes = currentCauses()
            guard causes.contains(where: { $0.sentence.contains(text) }) else {
                throw fail("no cause contains \"\(text)\"" + Self.listed(causes))
            }
        case .causeDoesNotContain(let text):
            if let cause = currentCauses().first(where: { $0.sentence.contains(text) }) { throw fail("a cause says \"\(cause.sentence)\"") }
        case .archiveHas(let entry):
            try checkArchive(entry, present: true)
        case .archiveDoesNotHave(let entry):
            try checkArchive(entry, present: false)
        case .noArchive:
            if FileManager.default.fileExists(atPath: container.archiveURL.path) { throw fail("an archive exists at \(container.archiveURL.lastPathComponent)") }
        case .restored:
            let lost = lostState(now: try currentScreen())
            guard lost.isEmpty else { throw fail("the app did not come back as the user left it; lost:\n" + lost.map { "  \($0)" }.joined(separator: "\n")) }
        case .lost(let detail):
            let now = try currentScreen()
            let lost = lostState(now: now)
            if lost.isEmpty { throw fail("nothing was lost: the app came back as the user left it") }
            if let detail, let leftScreen, !LostState.mentions(detail, in: lost, leaving: leftScreen, comingBack: now) {
                throw fail("nothing lost matches \"\(detail)\"; lost:\n" + lost.map { "  \($0)" }.joined(separator: "\n"))
            }
        case .flicker:
            guard snapshotVerdict.flicker == true else {
                let hides = snapshotVerdict.hides
                throw fail("no flicker: the app came back to the screen the snapshot showed" + (SnapshotVerdict.sentence(hides).map { " (\($0))" } ?? ""))
            }
        case .noFlicker:
            if snapshotVerdict.flicker == true { throw fail("flicker: the snapshot showed one screen, then the app showed another") }
        case .freshLaunch:
            if let report = latestOutcome, report.outcome == .restored, !report.restoredPaths.isEmpty {
                throw fail("state was restored: \(report.restoredPaths.joined(separator: ", "))")
            }
        case .crashed(let detail):
            guard let crash = crashOfPreviousStep else { throw fail("the app did not crash at the step before") }
            if let detail, !crash.contains(detail) { throw fail("the app crashed, but not with \"\(detail)\": \(crash)") }
        }
    }

    private func locate(_ reference: ElementReference, in screen: Screen) throws -> ScreenElement {
        guard let found = ScreenSearch.find(reference, in: screen) else {
            throw ExpectationFailure(message: "the screen has no \(reference); it shows:\n\(screen.drawing())")
        }
        return found
    }

    private func currentScreen() throws -> Screen {
        guard let launch else { throw RunnerError.noScreen }
        return try launch.screen(during: "an expectation")
    }

    private func lastSnapshot() -> Screen {
        capture.screens.last(where: { $0.moment == .snapshot })?.screen ?? .launchImage
    }

    private func allLogLines() -> [String] {
        capture.log + (launch?.logLines ?? [])
    }

    /// Every note so far, each once, in the order first sent.
    private func allNotes() -> [RestorationCause] {
        var seen = Set<RestorationCause>()
        return (capture.notes + (launch?.notes ?? [])).filter { seen.insert($0).inserted }
    }

    /// What `expect cause` reads: the causes of the latest relaunch, and those seen at a Home
    /// since (which explain the next one).
    private func currentCauses() -> [RestorationCause] {
        var seen = Set<RestorationCause>()
        return (causes() + causesAtLatestHome).filter { seen.insert($0).inserted }
    }

    /// The causes there are, for a failed expectation: what the author may have meant.
    private static func listed(_ causes: [RestorationCause]) -> String {
        causes.isEmpty ? "; there are none" : "; the causes:\n" + causes.map { "  \($0.sentence)" }.joined(separator: "\n")
    }

    private func checkArchive(_ entry: ArchiveEntry, present: Bool) throws {
        let archive = FileManager.default.fileExists(atPath: container.archiveURL.path) ? try? StateArchive(contentsOf: container.archiveURL) : nil
        let found: Bool
        switch entry {
        case .path(let path):
            found = archive?.entries.contains { $0.path.description == path } ?? false
        case .key(let key, let path?):
            found = archive?.entries.first { $0.path.description == path }?.state[key] != nil
        case .key(let key, nil):
            found = archive.map { $0.storedTopLevel[key] != nil || $0.entries.contains { $0.state[key] != nil } } ?? false
        }
        if found != present {
            throw ExpectationFailure(message: archive == nil ? "there is no archive" : "the archive \(found ? "has" : "does not have") \(entry)")
        }
    }

    /// What the user had on the screen they left and did not get back after the relaunch. The
    /// places on the screen after are kept only when that screen is the first frame, the one
    /// a capture draws as "after relaunch".
    private func lostState(now: Screen? = nil) -> [StateLoss] {
        guard launches > 1, let leftScreen, let after = now ?? comparedScreen else { return [] }
        let losses = LostState.between(leftScreen, after)
        guard now == nil, after != firstFrame else { return losses }
        return losses.map { loss in
            var loss = loss
            loss.place?.after = nil
            return loss
        }
    }

    /// What the latest launch's picture hid and promised.
    private var snapshotVerdict: SnapshotVerdict {
        SnapshotVerdict.judge(left: leftScreen, shown: shownAtLaunch, firstFrame: firstFrame)
    }

    /// Asks the running app for its report once more as the run ends: an object it registered
    /// since launching (on the user's first visit to a screen, say) changes why it got nothing
    /// back. An app that cannot answer now keeps what it said before.
    private func readCausesAgain() {
        guard stop == nil, let launch, latestOutcome != nil,
              case .state(let report)? = try? launch.request(.report, during: "the end of the run") else { return }
        latestOutcome?.causes = report.causes
    }

    /// The mistakes that explain the latest relaunch: those seen at the Home before it, then
    /// those seen while it restored. None before a relaunch.
    private func causes() -> [RestorationCause] {
        guard launches > 1 else { return [] }
        var seen = Set<RestorationCause>()
        return (causesBeforeLatestLaunch + (latestOutcome?.causes ?? []) + latestEndingCauses).filter { seen.insert($0).inserted }
    }
}
