import Foundation
import RestorationModel

/// Runs one launch of an app: the life cycle as iOS drives it, from launch through Home and
/// back. A process hosts one; tests and benchmarks host launches one after another, in which
/// case "kill" is simply dropping the host: only what the app wrote to its container survives,
/// exactly as with a real SIGKILL.
public final class ApplicationHost {
    public typealias Delegate = UIResponder & UIApplicationDelegate

    public let configuration: LaunchConfiguration
    public let application: UIApplication
    public let delegate: UIApplicationDelegate
    /// What the user saw while the app launched: the snapshot from the last time it went to the
    /// background, or the launch image.
    public private(set) var screenShownAtLaunch: Screen = .launchImage
    /// How restoration went at this launch. An object left out as never registered and
    /// registered since (in `didFinishLaunching`, or later, on the user's first visit to it) is
    /// explained as registered too late, whenever the report is read.
    public var restorationReport: RestorationReport {
        var report = recordedReport
        if let restorer { report.causes = restorer.explainingLateRegistrations(report.causes) }
        return report
    }
    private var recordedReport = RestorationReport()
    /// Kept for `restorationReport`: it knows what it left out as never registered.
    private var restorer: StateRestorer?
    /// The archive written when the app last entered the background in this launch, if any.
    public private(set) var lastArchive: StateArchive?
    public var container: AppContainer { application.container }
    public var log: ConsoleLog { application.consoleLog }
    /// The workbook's notes on this launch, kept apart from the log.
    public var notes: WorkbookNotes { application.notes }
    /// The causes said as the app ended itself, which no report carries.
    public var endingCauses: EndingCauses { application.endingCauses }

    /// Creates the app and its delegate; nothing runs until `launch()`.
    public init(delegateType: Delegate.Type, configuration: LaunchConfiguration) {
        self.configuration = configuration
        Device.configure(configuration)
        let application = UIApplication(configuration: configuration, log: ConsoleLog(
            debugLogging: configuration.debugLogging, processName: configuration.processName,
            processIdentifier: configuration.processIdentifier))
        UIApplication.current = application
        FirstResponder.current = nil // a new launch starts with no keyboard up
        // `init?(coder:)` is the required initializer every UIResponder has (see UIResponder).
        guard let delegate = delegateType.init(coder: RestorationCoder(log: nil, owner: "the launcher")) else {
            fatalError("\(delegateType) returned nil from init?(coder:); the app delegate must be creatable without arguments")
        }
        application.delegate = delegate
        self.application = application
        self.delegate = delegate
        // Storyboard definitions are looked for in the app's own module, as iOS looks in its bundle.
        let appModule = String(reflecting: delegateType).split(separator: ".").first.map(String.init)
        UIStoryboard.appModules = appModule.map { [$0] } ?? []
        RuntimeNaming.current = RuntimeNaming(compiledModule: appModule, runtimeModule: configuration.moduleName)
    }

    /// Launch: `willFinishLaunching`, restoration, `didFinishLaunching`, then active.
    public func launch() {
        pointFoundationAtContainer()
        do { try container.prepare() } catch {
            notes.add(.fileNotWritten("The app's container at \(container.url.path)", problem: error.localizedDescription))
        }
        screenShownAtLaunch = SnapshotStore(container: container).screenShownAtLaunch()
        application.applicationState = .inactive
        let storyboardWindow = loadMainStoryboard()
        application.launchMoment = .willFinishLaunching
        _ = delegate.application(application, willFinishLaunchingWithOptions: nil)
        let restorer = StateRestorer(application: application, delegate: delegate)
        self.restorer = restorer
        application.launchMoment = .restoring
        recordedReport = restorer.restore()
        application.launchMoment = .didFinishLaunching
        _ = delegate.application(application, didFinishLaunchingWithOptions: nil)
        if let storyboardWindow, !storyboardWindow.isKeyWindow { storyboardWindow.makeKeyAndVisible() }
        recordedReport.causes += restorer.rootsNotInWindow(delegate.window ?? application.keyWindow)
        application.launchMoment = .launched
        application.isLaunchComplete = true
        Appearance.refresh()
        becomeActive()
    }

    /// What UIKit does for an app whose `Info.plist` names a main storyboard, before
    /// `willFinishLaunching`: makes the window, hands it to the delegate, and puts the
    /// storyboard's initial controller in it. A storyboard that does not exist ends the app, as
    /// on iOS. The window is made key and visible after `didFinishLaunching`.
    private func loadMainStoryboard() -> UIWindow? {
        guard let name = configuration.mainStoryboardFile else { return nil }
        let storyboard = UIStoryboard(name: name, bundle: nil)
        let window = UIWindow()
        window.rootViewController = storyboard.instantiateInitialViewController()
        delegate.window = window
        return window
    }

    /// The Home button: resign active, enter the background, preserve state, take the
    /// snapshot. The app is then suspended until `returnToForeground()` or a kill.
    public func pressHome() {
        guard application.applicationState == .active else { return }
        application.applicationState = .inactive
        delegate.applicationWillResignActive(application)
        application.post(UIApplication.willResignActiveNotification)
        application.applicationState = .background
        delegate.applicationDidEnterBackground(application)
        application.post(UIApplication.didEnterBackgroundNotification)
        let archive = preserveState()
        takeSnapshot(controllersTookPart: archive?.entries.contains { $0.kind == .viewController } ?? false)
    }

    /// Tapping the app's icon while it is suspended.
    public func returnToForeground() {
        guard application.applicationState == .background else { return }
        application.applicationState = .inactive
        delegate.applicationWillEnterForeground(application)
        application.post(UIApplication.willEnterForegroundNotification)
        becomeActive()
    }

    /// Does what a user's touch would do on the current screen.
    public func perform(_ action: UserAction) throws {
        guard application.applicationState == .active else {
            throw UserActionError("the app is not on screen (it is \(application.applicationState == .background ? "in the background" : "not active")); return to it first")
        }
        try UserActionPerformer(window: delegate.window ?? application.keyWindow).perform(action)
    }

    /// What the user sees now.
    public var screen: Screen {
        (delegate.window ?? application.keyWindow)?.currentScreen() ?? .launchImage
    }

    /// Makes Foundation's own answers point inside the container, as on a device:
    /// `FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)` is the
    /// container's `Documents`, its `Library` is the Library folder, caches and application
    /// support are inside it. On Linux Foundation reads these variables each time, so every
    /// launch gets its own container; the Library folder has no variable (see
    /// ContainerLibraryDirectory) and follows the home folder.
    private func pointFoundationAtContainer() {
        setenv("CFFIXED_USER_HOME", container.url.path, 1)
        setenv("XDG_CACHE_HOME", container.cachesURL.path, 1)
        setenv("XDG_DATA_HOME", container.libraryURL.appendingPathComponent("Application Support").path, 1)
        ContainerLibraryDirectory.install()
    }

    private func becomeActive() {
        application.applicationState = .active
        delegate.applicationDidBecomeActive(application)
        application.post(UIApplication.didBecomeActiveNotification)
    }

    /// The archive written, or `nil` when nothing was (not opted in, or the write failed).
    private func preserveState() -> StateArchive? {
        application.snapshotIgnoredForNextLaunch = false
        let preserver = StatePreserver(application: application, delegate: delegate)
        let preserved = preserver.preserve()
        recordedReport.preservationCauses = preserver.causes
        guard let archive = preserved else { return nil }
        do {
            try FileManager.default.createDirectory(at: container.savedStateURL, withIntermediateDirectories: true)
            try archive.write(to: container.archiveURL)
            lastArchive = archive
            return archive
        } catch {
            recordedReport.preservationCauses.append(.archiveNotWritten(error.localizedDescription))
            return nil
        }
    }

    /// Keeps the screen for the next launch to show. The snapshot replaces the launch image only
    /// when at least one view controller took part in this preservation (seed 003, observed on
    /// iOS 8); otherwise the next launch shows the launch image.
    private func takeSnapshot(controllersTookPart: Bool) {
        let store = SnapshotStore(container: container)
        guard controllersTookPart, !application.snapshotIgnoredForNextLaunch else {
            store.remove()
            return
        }
        let seen = (delegate.window ?? application.keyWindow)?.currentScreen(leavingOutAlerts: true) ?? .launchImage
        do { try store.save(seen) } catch {
            notes.add(.fileNotWritten("The snapshot", problem: error.localizedDescription))
        }
    }
}
