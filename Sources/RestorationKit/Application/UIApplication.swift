import Foundation
import RestorationModel

/// The running app: its state, its windows, its delegate, and the restoration calls UIKit
/// offers app code.
@preconcurrency @MainActor open class UIApplication: UIResponder {
    nonisolated public enum State: Int, Sendable { case active, inactive, background }

    nonisolated public struct LaunchOptionsKey: Hashable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
    }

    nonisolated public static let willResignActiveNotification = Notification.Name("UIApplicationWillResignActiveNotification")
    nonisolated public static let didEnterBackgroundNotification = Notification.Name("UIApplicationDidEnterBackgroundNotification")
    nonisolated public static let willEnterForegroundNotification = Notification.Name("UIApplicationWillEnterForegroundNotification")
    nonisolated public static let didBecomeActiveNotification = Notification.Name("UIApplicationDidBecomeActiveNotification")

    /// The app of this process (of this launch, for an in-process host).
    static var current: UIApplication?

    /// The running app. Using it before the app launched is a programming error, as on iOS.
    public static var shared: UIApplication {
        guard let current else {
            fatalError("UIApplication.shared was used before the app launched: there is no application yet.")
        }
        return current
    }

    /// The app's delegate. The application keeps it alive, as UIKit's `UIApplicationMain` does.
    public internal(set) var delegate: UIApplicationDelegate?
    public internal(set) var applicationState: State = .inactive
    public internal(set) var windows: [UIWindow] = []
    public var keyWindow: UIWindow? { windows.first { $0.isKeyWindow } }

    let configuration: LaunchConfiguration
    let container: AppContainer
    let consoleLog: ConsoleLog
    /// The workbook's notes on this launch, apart from the log (see `WorkbookNotes`).
    let notes = WorkbookNotes()
    /// The causes said as the app ends itself (see `EndingCauses`).
    let endingCauses = EndingCauses()
    /// Appearance callbacks start once launching is over.
    var isLaunchComplete = false
    /// `ignoreSnapshotOnNextApplicationLaunch()` is honoured only while this is true.
    var isPreserving = false
    var snapshotIgnoredForNextLaunch = false
    /// Outstanding `extendStateRestoration()` calls.
    var restorationExtensions = 0
    var restorationInProgress = false
    /// Called when the last extension completes after restoration ended.
    var onRestorationExtensionsCompleted: (() -> Void)?
    /// Objects registered with `registerObject(forStateRestoration:restorationIdentifier:)`.
    var registeredObjects: [(object: UIStateRestoring, identifier: String)] = []
    /// Where the launch stands; the host moves it on.
    var launchMoment = LaunchMoment.beforeLaunching
    /// When each registered object was last registered, to say so when that was too late.
    var registrationMoments: [ObjectIdentifier: LaunchMoment] = [:]

    init(configuration: LaunchConfiguration, log: ConsoleLog) {
        self.configuration = configuration
        self.container = AppContainer(url: configuration.containerURL, bundleIdentifier: configuration.bundleIdentifier)
        self.consoleLog = log
        super.init()
    }

    public required init?(coder: NSCoder) {
        fatalError("UIApplication is created by the system, never decoded")
    }

    /// Shows the launch image instead of the snapshot at the next launch. Honoured only while
    /// state is being preserved (from an `encodeRestorableState` or the delegate's
    /// `willEncodeRestorableStateWith`); elsewhere it is ignored.
    public func ignoreSnapshotOnNextApplicationLaunch() {
        guard isPreserving else {
            notes.add(.snapshotIgnoredOutsidePreservation)
            return
        }
        snapshotIgnoredForNextLaunch = true
    }

    /// Makes any object take part in preservation and restoration under an identifier.
    public class func registerObject(forStateRestoration object: UIStateRestoring, restorationIdentifier: String) {
        precondition(!restorationIdentifier.isEmpty, "registerObject(forStateRestoration:restorationIdentifier:) needs a non-empty restoration identifier")
        let application = shared
        application.registeredObjects.removeAll { $0.object === object }
        application.registeredObjects.append((object, restorationIdentifier))
        application.registrationMoments[ObjectIdentifier(object)] = application.launchMoment
    }

    /// Keeps restoration open past launch (for data that arrives later). Balance every call
    /// with `completeStateRestoration()`. Until then the restoration marker stays, so a crash in
    /// between counts against the archive as any crash while restoring does: one rule, one count.
    public func extendStateRestoration() {
        restorationExtensions += 1
    }

    public func completeStateRestoration() {
        guard restorationExtensions > 0 else {
            notes.add(.unbalancedCompletion)
            return
        }
        restorationExtensions -= 1
        if restorationExtensions == 0, !restorationInProgress { onRestorationExtensionsCompleted?() }
    }

    func post(_ name: Notification.Name) {
        NotificationCenter.default.post(name: name, object: self)
    }
}
