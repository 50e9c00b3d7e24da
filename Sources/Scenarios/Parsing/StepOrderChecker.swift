/// Checks that each step makes sense where it stands: the user can only touch an app that is
/// on screen, only a suspended app can be killed, a relaunch can only be compared with a screen
/// the user left... Mistakes of order are reported at the step, saying what the app is doing
/// there and what would make the step possible.
struct StepOrderChecker {
    enum AppState {
        case notRunning, foreground, background
        /// After a line that could not be parsed: nothing is known, nothing is reported.
        case unknown
    }

    private(set) var state = AppState.notRunning
    private var hasLaunched = false
    private var hasPressedHome = false
    /// The step that last changed the state, and its line, for messages.
    private var lastChange: (step: String, line: Int)?

    /// A line that should have been a step could not be read: assume nothing from here on.
    mutating func lineFailed() {
        state = .unknown
        hasLaunched = true
        hasPressedHome = true
    }

    /// The mistake of order at this step, if any; the state moves on either way.
    mutating func check(_ step: Step, sourceLine: String) -> ScenarioError? {
        let problem: (message: String, hint: String)?
        switch step.kind {
        case .perform(let action): problem = check(action, line: step.location.line)
        case .expect(let expectation):
            problem = check(expectation)
            // A crash the scenario expects ends the app, as `crash` does.
            if case .crashed = expectation {
                state = .notRunning
                lastChange = ("expect crash", step.location.line)
            }
        }
        guard let problem else { return nil }
        let firstWord = step.text.prefix { !$0.isWhitespace }.count
        return ScenarioError(location: step.location, message: problem.message, hint: problem.hint, length: firstWord, sourceLine: sourceLine)
    }

    private mutating func check(_ action: Action, line: Int) -> (message: String, hint: String)? {
        let name = "'\(Self.name(of: action))'"
        var problem: (message: String, hint: String)?
        switch action {
        case .launch, .crashDuringRestoration:
            switch state {
            case .foreground:
                problem = ("\(name) starts an app that is not running, but the app is running here\(since)", "to relaunch it, 'press home' then 'kill' it first, as the system would")
            case .background:
                problem = ("\(name) starts an app that is not running, but the app is suspended in the background here\(since)", "'return to the app' brings it back as it is; 'kill' ends it, so that 'launch' relaunches it")
            case .notRunning, .unknown:
                if case .crashDuringRestoration = action, !hasPressedHome {
                    problem = ("\(name) needs saved state to restore, but the app has not been to the background yet", "the app saves its state at 'press home'; then 'kill' it before \(name)")
                }
            }
            if case .crashDuringRestoration = action {
                hasLaunched = true
                move(to: .notRunning, by: action, line: line)
            } else {
                hasLaunched = true
                move(to: .foreground, by: action, line: line)
            }
        case .pressHome:
            problem = requireForeground(name, doing: "go to the background")
            hasPressedHome = true
            move(to: .background, by: action, line: line)
        case .returnToApp:
            switch state {
            case .foreground: problem = ("\(name) brings back a suspended app, but the app is already on screen here\(since)", "'press home' first")
            case .notRunning: problem = ("\(name) brings back a suspended app, but the app is not running here\(since)", "an app that is not running is started with 'launch'")
            case .background, .unknown: break
            }
            move(to: .foreground, by: action, line: line)
        case .kill:
            // A suspended app is what the system kills; an app in front is what stopping it from
            // the debugger kills (nothing is preserved in that run). Both are allowed.
            if state == .notRunning {
                problem = ("\(name) ends a running or suspended app, but the app is not running here\(since)", "remove this step, or 'launch' the app first")
            }
            move(to: .notRunning, by: action, line: line)
        case .forceQuit:
            if state == .notRunning {
                problem = ("\(name) swipes away a running app, but the app is not running here\(since)", "'launch' it first")
            }
            move(to: .notRunning, by: action, line: line)
        case .crash:
            switch state {
            case .background: problem = ("a suspended app runs no code, so it cannot crash; the app is in the background here\(since)", "'return to the app' first, or use 'kill' to end it")
            case .notRunning: problem = ("\(name) needs a running app, but the app is not running here\(since)", "'launch' it first")
            case .foreground, .unknown: break
            }
            move(to: .notRunning, by: action, line: line)
        case .update:
            if state == .foreground {
                problem = ("an update is installed while the app is not in use, but the app is on screen here\(since)", "'press home' first (the update then ends the suspended app)")
            }
            move(to: .notRunning, by: action, line: line)
        case .fillDisk:
            // The storage fills between launches: a running app would keep writing as if it had not.
            switch state {
            case .foreground, .background:
                problem = ("\(name) fills the device's storage while the app is not running, but the app is running here\(since)", "'kill' it first; the next 'launch' finds the disk full")
            case .notRunning, .unknown:
                break
            }
        case .wait:
            break
        default:
            problem = requireForeground(name, doing: "use it")
        }
        return problem
    }

    private func check(_ expectation: Expectation) -> (message: String, hint: String)? {
        let name = "'\(Self.name(of: expectation))'"
        switch expectation {
        case .screenShows, .screenDoesNotShow, .elementIs, .elementIsNot, .selectedTab, .freshLaunch:
            return requireForeground(name, doing: "see it")
        case .restored, .lost, .flicker, .noFlicker:
            if let problem = requireForeground(name, doing: "see it") { return problem }
            guard hasPressedHome else {
                return ("\(name) compares the screen with the one the user left at Home, but the app has not been to the background yet", "'press home', 'kill' and 'launch' before it, to see what a relaunch restores")
            }
            return nil
        case .snapshotShows, .snapshotDoesNotShow:
            guard hasPressedHome else {
                return ("\(name) looks at the snapshot taken at Home, but the app has not been to the background yet", "'press home' before it")
            }
            return nil
        case .logContains, .logDoesNotContain:
            guard hasLaunched else {
                return ("\(name) reads the app's log, but the app has not been launched yet", "'launch' before it")
            }
            return nil
        case .causeContains, .causeDoesNotContain:
            guard hasPressedHome else {
                return ("\(name) reads the workbook's explanation of a relaunch, but the app has not been to the background yet", "'press home', 'kill' and 'launch' before it")
            }
            return nil
        case .archiveHas, .archiveDoesNotHave, .noArchive:
            return nil
        case .crashed:
            guard state != .notRunning else {
                return ("\(name) says the step before it crashed the app, but the app is not running here\(since)", "put it right after the step that crashes the app ('launch', 'press home', a tap…)")
            }
            return nil
        }
    }

    private func requireForeground(_ name: String, doing: String) -> (message: String, hint: String)? {
        switch state {
        case .foreground, .unknown:
            return nil
        case .background:
            return ("\(name) needs the app on screen, but it is in the background here\(since)", "'return to the app' first, or 'kill' then 'launch' to relaunch it")
        case .notRunning:
            if !hasLaunched {
                return ("\(name) needs the app on screen, but it has not been launched yet", "start the scenario with 'launch'")
            }
            return ("\(name) needs the app on screen, but it is not running here\(since)", "'launch' it again first")
        }
    }

    /// ` (since 'kill' at line 9)`.
    private var since: String {
        guard let lastChange else { return "" }
        return " (since '\(lastChange.step)' at line \(lastChange.line))"
    }

    private mutating func move(to newState: AppState, by action: Action, line: Int) {
        state = newState
        lastChange = (Self.name(of: action), line)
    }

    static func name(of action: Action) -> String {
        switch action {
        case .launch: return "launch"
        case .pressHome: return "press home"
        case .returnToApp: return "return to the app"
        case .kill: return "kill"
        case .forceQuit: return "force quit"
        case .crash: return "crash"
        case .crashDuringRestoration: return "crash during restoration"
        case .update: return "update"
        case .wait: return "wait"
        case .fillDisk: return "fill the disk"
        case .tap: return "tap"
        case .type: return "type"
        case .clear: return "clear"
        case .toggle: return "toggle"
        case .select: return "select"
        case .scroll: return "scroll"
        case .deleteRow: return "delete"
        case .moveRow: return "move"
        case .pick: return "pick"
        case .slide: return "slide"
        case .chooseSegment, .chooseTab: return "choose"
        case .goBack: return "go back"
        case .dismiss: return "dismiss"
        }
    }

    static func name(of expectation: Expectation) -> String {
        switch expectation {
        case .screenShows: return "expect screen shows"
        case .screenDoesNotShow: return "expect screen does not show"
        case .snapshotShows: return "expect snapshot shows"
        case .snapshotDoesNotShow: return "expect snapshot does not show"
        case .elementIs, .elementIsNot: return "expect … is"
        case .selectedTab: return "expect selected tab"
        case .logContains: return "expect log contains"
        case .logDoesNotContain: return "expect log does not contain"
        case .causeContains: return "expect cause contains"
        case .causeDoesNotContain: return "expect cause does not contain"
        case .archiveHas, .archiveDoesNotHave: return "expect archive"
        case .noArchive: return "expect no archive"
        case .restored: return "expect restored"
        case .lost: return "expect lost"
        case .flicker: return "expect flicker"
        case .noFlicker: return "expect no flicker"
        case .freshLaunch: return "expect fresh launch"
        case .crashed: return "expect crash"
        }
    }
}
