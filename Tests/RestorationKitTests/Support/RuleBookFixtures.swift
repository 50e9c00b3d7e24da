import Foundation
@testable import RestorationKit

/// Switches and hooks of the fixtures below, for the second half of the rule book (life cycle,
/// snapshots, discarding, bad archives, logging, determinism, the archive file). Reset by each
/// suite's `init`, next to `Fixture.reset()`.
enum Hooks {
    /// Called from `TracingNoteViewController.encodeRestorableState`, after it encoded its note.
    nonisolated(unsafe) static var duringNoteEncode: (() -> Void)?
    /// Called from `TracingNotesAppDelegate.applicationWillResignActive` and `applicationDidEnterBackground`.
    nonisolated(unsafe) static var duringWillResignActive: (() -> Void)?
    nonisolated(unsafe) static var duringDidEnterBackground: (() -> Void)?
    /// How `BalanceViewController` hides the balance before the snapshot.
    nonisolated(unsafe) static var balanceHiding = BalanceHiding.delegate

    enum BalanceHiding: String, CustomStringConvertible, Sendable {
        /// The app delegate hides it in `applicationWillResignActive` and shows it in `applicationDidBecomeActive`.
        case delegate
        /// The controller observes `willResignActiveNotification` and `didBecomeActiveNotification`.
        case notification
        var description: String { rawValue }
    }

    static func reset() {
        duringNoteEncode = nil
        duringWillResignActive = nil
        duringDidEnterBackground = nil
        balanceHiding = .delegate
    }
}

/// `NotesAppDelegate`, with a navigation controller and a note that say when they are encoded
/// and decoded, and hooks into the background events.
final class TracingNotesAppDelegate: NotesAppDelegate {
    override func buildDefaultHierarchy() {
        Fixture.calls.append("buildDefaultHierarchy")
        let navigation = TracingNavigationController(rootViewController: ListViewController())
        navigation.restorationIdentifier = Fixture.navigationIdentifier
        window?.rootViewController = navigation
    }

    override func applicationWillResignActive(_ application: UIApplication) {
        super.applicationWillResignActive(application)
        Hooks.duringWillResignActive?()
    }

    override func applicationDidEnterBackground(_ application: UIApplication) {
        super.applicationDidEnterBackground(application)
        Hooks.duringDidEnterBackground?()
    }
}

final class TracingNavigationController: UINavigationController {
    override func encodeRestorableState(with coder: NSCoder) {
        Fixture.calls.append("Navigation.encode")
        super.encodeRestorableState(with: coder)
    }

    override func decodeRestorableState(with coder: NSCoder) {
        Fixture.calls.append("Navigation.decode")
        super.decodeRestorableState(with: coder)
    }
}

/// A note that records its view loading and its encoding, and comes back through its own
/// restoration class (`TracingNoteMaker`) as a `TracingNoteViewController` again.
final class TracingNoteViewController: NoteViewController {
    override init(note: String) {
        super.init(note: note)
        restorationClass = TracingNoteMaker.self
    }

    required init?(coder: NSCoder) { fatalError("not used") }

    override func viewDidLoad() {
        super.viewDidLoad()
        Fixture.calls.append("Note.viewDidLoad")
    }

    override func encodeRestorableState(with coder: NSCoder) {
        Fixture.calls.append("Note.encode")
        super.encodeRestorableState(with: coder)
        Hooks.duringNoteEncode?()
    }
}

final class TracingNoteMaker: UIViewControllerRestoration {
    static func viewController(withRestorationIdentifierPath identifierComponents: [String], coder: NSCoder) -> UIViewController? {
        Fixture.calls.append("TracingNoteMaker \(identifierComponents.joined(separator: ","))")
        return TracingNoteViewController(note: "")
    }
}

/// Posts of the application's life-cycle notifications, recorded in `Fixture.calls` under the
/// notification's name, until the recorder goes away.
final class NotificationRecorder {
    private var observers: [NSObjectProtocol] = []

    init(_ names: [Notification.Name], of application: UIApplication) {
        for name in names {
            observers.append(NotificationCenter.default.addObserver(forName: name, object: application, queue: nil) { note in
                Fixture.calls.append(note.name.rawValue)
            })
        }
    }

    isolated deinit {
        observers.forEach(NotificationCenter.default.removeObserver)
    }
}

/// A banking app whose one screen shows a balance: sensitive data that must not appear in the
/// snapshot the system takes after the app enters the background.
final class BalanceAppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(_ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        window = UIWindow()
        let navigation = UINavigationController(rootViewController: BalanceViewController())
        navigation.restorationIdentifier = "Navigation"
        window?.rootViewController = navigation
        return true
    }

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        window?.makeKeyAndVisible()
        return true
    }

    var balance: BalanceViewController? {
        (window?.rootViewController as? UINavigationController)?.viewControllers.first as? BalanceViewController
    }

    func applicationWillResignActive(_ application: UIApplication) {
        if Hooks.balanceHiding == .delegate { balance?.balanceLabel.isHidden = true }
    }

    func applicationDidBecomeActive(_ application: UIApplication) {
        if Hooks.balanceHiding == .delegate { balance?.balanceLabel.isHidden = false }
    }

    func application(_ application: UIApplication, shouldSaveSecureApplicationState coder: NSCoder) -> Bool { true }
    func application(_ application: UIApplication, shouldRestoreSecureApplicationState coder: NSCoder) -> Bool { true }
}

final class BalanceViewController: UIViewController {
    let balanceLabel = UILabel()
    private var observers: [NSObjectProtocol] = []

    override init(nibName: String?, bundle: Bundle?) {
        super.init(nibName: nibName, bundle: bundle)
        title = "Account"
        restorationIdentifier = "Account"
        guard Hooks.balanceHiding == .notification, let application = UIApplication.current else { return }
        observers.append(NotificationCenter.default.addObserver(forName: UIApplication.willResignActiveNotification, object: application, queue: nil) { [weak self] _ in
            MainActor.assumeIsolated { self?.balanceLabel.isHidden = true }
        })
        observers.append(NotificationCenter.default.addObserver(forName: UIApplication.didBecomeActiveNotification, object: application, queue: nil) { [weak self] _ in
            MainActor.assumeIsolated { self?.balanceLabel.isHidden = false }
        })
    }

    required init?(coder: NSCoder) { fatalError("not used") }

    isolated deinit {
        observers.forEach(NotificationCenter.default.removeObserver)
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        balanceLabel.text = "Balance: $12,345.67"
        balanceLabel.accessibilityIdentifier = "balance"
        view.addSubview(balanceLabel)
    }
}

/// A delegate written before iOS 13.2: it opts in with the older pair only.
final class LegacyAppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(_ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        window = UIWindow()
        let navigation = UINavigationController(rootViewController: ListViewController())
        navigation.restorationIdentifier = "Navigation"
        window?.rootViewController = navigation
        return true
    }

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        window?.makeKeyAndVisible()
        return true
    }

    func application(_ application: UIApplication, shouldSaveApplicationState coder: NSCoder) -> Bool { true }
    func application(_ application: UIApplication, shouldRestoreApplicationState coder: NSCoder) -> Bool { true }

    var navigation: UINavigationController? { window?.rootViewController as? UINavigationController }
}

/// A screen whose state comes from the device's clock and random source: a lucky number drawn
/// when it is created, and the time it was drawn. Reproducible runs depend on both being fixed.
final class LuckyNumberViewController: UIViewController, UIViewControllerRestoration {
    var number: Int
    var drawnAt: Date

    override init(nibName: String?, bundle: Bundle?) {
        number = Int.random(in: 0..<1_000_000, using: &Device.random)
        drawnAt = Device.now
        super.init(nibName: nibName, bundle: bundle)
        title = "Lucky"
        restorationIdentifier = "Lucky"
        restorationClass = LuckyNumberViewController.self
    }

    required init?(coder: NSCoder) { fatalError("not used") }

    static func viewController(withRestorationIdentifierPath identifierComponents: [String], coder: NSCoder) -> UIViewController? {
        LuckyNumberViewController()
    }

    override func encodeRestorableState(with coder: NSCoder) {
        super.encodeRestorableState(with: coder)
        coder.encode(number, forKey: "number")
        coder.encode(drawnAt, forKey: "drawnAt")
    }

    override func decodeRestorableState(with coder: NSCoder) {
        super.decodeRestorableState(with: coder)
        number = coder.decodeInteger(forKey: "number")
        drawnAt = coder.decodeObject(forKey: "drawnAt") as? Date ?? .distantPast
    }
}
