import Foundation
import Scenarios
import WorkbookSupport

/// A failure of the runner itself or of what it was asked to do: each case carries what went
/// wrong and where (the file, the name asked for, the system's error number), and
/// `description` says it plainly, as a person reads it after "Error: ".
public enum RunnerError: Error, CustomStringConvertible, Equatable, Sendable {
    // MARK: Processes

    /// Ctrl-C is being handled: nothing new starts.
    case interrupted
    /// The pipes to an app could not be made (`errno`: why).
    case pipes(executable: URL, errno: Int32)
    /// `posix_spawn` refused to start an executable.
    case spawn(executable: URL, errno: Int32)
    /// An executable that was given no commands was still running after `seconds`.
    case didNotExit(executable: URL, seconds: Int)
    /// A tool that ended without the runner being able to read how (`waitpid` failed): neither a
    /// success nor a failure whose output could be trusted.
    case exitStatusUnreadable(executable: URL, errno: Int32)
    /// A tool asked for by name is nowhere on the PATH.
    case notOnPath(tool: String)
    /// A command was to run in a folder that is not there.
    case noSuchFolder(executable: URL, folder: URL)
    /// A file system call on `path` failed: `doing` is what the runner was doing ("remove",
    /// "hand over", "create").
    case fileSystem(doing: String, path: String, errno: Int32)
    /// A new capture could not take the place of the old one.
    case captureSwap(folder: URL, errno: Int32)

    // MARK: The sandbox

    /// Only root can lend user ids to students' apps.
    case notRoot
    /// The folder of the user ids' lock files could not be made.
    case lockFolder(path: String, errno: Int32)
    /// Every user id of the range is leased by another grading run.
    case userIDsInUse(ClosedRange<UInt32>)
    /// `prlimit` (util-linux), which limits an app, is missing.
    case prlimitMissing
    /// `bwrap` (bubblewrap), which sandboxes an app, is missing.
    case bubblewrapMissing
    /// An app cannot run as another user without root and `setpriv`.
    case cannotSwitchUser(UInt32)
    /// The app wrote more than its container may hold.
    case containerFull(limit: Int)

    // MARK: Building apps

    /// The build succeeded but left no executable for a product.
    case productMissing(product: String, executable: URL)
    /// The file that makes a chapter's apps one target could not be written.
    case chapterTarget(file: URL, chapter: String, reason: String)
    /// Chapter code to be prepared for Linux (PreparedChapterSources) could not be read, or its copy written.
    case preparingSources(file: URL, reason: String)
    /// Code the compiler would crash on (`what`: the product, a chapter's apps, or the apps).
    case compilerWouldCrash(what: String, findings: [String])
    /// `swift build` failed; `output` is what of its output is shown.
    case buildFailed(what: String, output: [String])
    /// A build that was to make an app made none.
    case noAppBuilt(String)
    /// An app could not be put in its container.
    case install(app: String, folder: URL, reason: String)

    // MARK: Running a scenario

    /// `crash during restoration` launched an app that did not crash.
    case didNotCrashWhileRestoring
    /// A step needs the app running, and it is not.
    case notRunning(step: String)
    /// An expectation needs a screen, and no app is running to show one.
    case noScreen
    /// A row to delete or move is named neither by position nor by its text.
    case rowToChangeNotNamed
    /// A step the system does, given where a user's action was expected.
    case notAUserAction(Action)
    /// A row given where a table, control or button is needed.
    case rowNotAllowed
    /// A row in a section after the first.
    case severalSections

    // MARK: Planning a chapter's runs

    /// A scenario file given with `--step` text that matches several apps.
    case ambiguousStep(chapter: String, step: String, apps: [String], file: URL)
    /// A scenario file given with no app to run it against.
    case noAppForScenario(file: URL, apps: [String])
    /// A scenario file that does not parse.
    case scenario(ScenarioErrors)
    /// Every scenario of a chapter that could not be read or parsed, each as its error says it.
    case scenarios([String])
    /// A chapter with no app folder.
    case noApps(chapter: String)
    /// A chapter whose apps have no scenario.
    case noScenarios(chapter: String, apps: [String])

    public var description: String {
        switch self {
        case .interrupted:
            "interrupted"
        case .pipes(let executable, let errno):
            "cannot create pipes for \(executable.lastPathComponent): \(Self.text(errno))"
        case .spawn(let executable, let errno):
            "cannot start \(executable.path): \(Self.text(errno))"
        case .didNotExit(let executable, let seconds):
            "\(executable.lastPathComponent) did not exit within \(seconds) s"
        case .exitStatusUnreadable(let executable, let errno):
            "\(executable.lastPathComponent) ended, but its exit status could not be read (waitpid: \(Self.text(errno)))"
        case .notOnPath(let tool):
            "cannot find `\(tool)` on the PATH"
        case .noSuchFolder(let executable, let folder):
            "cannot run \(executable.lastPathComponent) in \(folder.path): no such folder"
        case .fileSystem(let doing, let path, let errno):
            "cannot \(doing) \(path): \(Self.text(errno))"
        case .captureSwap(let folder, let errno):
            "could not put the capture in place at \(folder.path): \(Self.text(errno))"
        case .notRoot:
            "only root can lend user ids to students' apps"
        case .lockFolder(let path, let errno):
            "cannot make \(path) for the user ids' locks: \(Self.text(errno))"
        case .userIDsInUse(let range):
            "every user id from \(range.lowerBound) to \(range.upperBound) is in use by other grading runs; wait for one to finish"
        case .prlimitMissing:
            "cannot limit the app: `prlimit` (util-linux) is missing; install util-linux"
        case .bubblewrapMissing:
            "cannot sandbox the app: `bwrap` is missing; install bubblewrap (`apt-get install bubblewrap`, or scripts/setup)"
        case .cannotSwitchUser(let user):
            "cannot run the app as user \(user): that needs root and `setpriv` (util-linux)"
        case .containerFull(let limit):
            "the app filled its container with more than \(LimitBreach.mebibytes(limit)), over the limit; it was not launched again"
        case .productMissing(let product, let executable):
            "the build finished but \(executable.path) is missing; is \(product) an app folder of a chapter?"
        case .chapterTarget(let file, let chapter, let reason):
            "cannot write \(file.path), which builds \(chapter)'s apps: \(reason)"
        case .preparingSources(let file, let reason):
            "cannot prepare \(FileNameText.shown(file.path)) for the build: \(reason)"
        case .compilerWouldCrash(let what, let findings):
            "building \(what) stopped before the compiler ran:\n" + findings.joined(separator: "\n")
        case .buildFailed(let what, let output):
            "building \(what) failed:\n" + output.joined(separator: "\n")
        case .noAppBuilt(let name):
            "the build of \(name) made no app"
        case .install(let app, let folder, let reason):
            "cannot install \(app) at \(folder.path): \(reason)"
        case .didNotCrashWhileRestoring:
            "the app was asked to crash while restoring but launched normally (was there an archive to restore?)"
        case .notRunning(let step):
            "the app is not running at '\(step)'; launch it first"
        case .noScreen:
            "the app is not running, so there is no screen to check"
        case .rowToChangeNotNamed:
            "rows to delete or move are named as `row N` or by their text"
        case .notAUserAction(let action):
            "'\(action)' is something the system does, not a user"
        case .rowNotAllowed:
            "a row cannot be used here; name a table, a control or a button"
        case .severalSections:
            "tables with several sections are not supported by the runner yet; use section 0"
        case .ambiguousStep(let chapter, let step, let apps, let file):
            "more than one step of \(chapter) matches \"\(step)\" (\(apps.joined(separator: ", "))); name one to run \(file.lastPathComponent) against"
        case .noAppForScenario(let file, let apps):
            "\(file.path): say which app to run it against, with --step or an `app NAME` line (apps: \(apps.joined(separator: ", ")))"
        case .scenario(let errors):
            errors.description
        case .scenarios(let problems):
            problems.joined(separator: "\n")
        case .noApps(let chapter):
            "\(chapter) has no apps to run (no folder in Chapters/\(chapter)/Apps/)"
        case .noScenarios(let chapter, let apps):
            "\(chapter) has no scenarios for \(apps.joined(separator: ", ")) (none in Chapters/\(chapter)/Scenarios/<App>/)"
        }
    }

    /// The system's words for an error number, as `strerror` says them.
    private static func text(_ errno: Int32) -> String { String(cString: strerror(errno)) }
}
