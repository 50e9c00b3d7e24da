import Foundation
@testable import RestorationKit

/// The small apps the rule book runs. Each is configured through `Fixture` before launch,
/// since the engine creates the delegate itself, as iOS does.
enum Fixture {
    /// Which opt-in methods the delegate answers, and how.
    nonisolated(unsafe) static var savesState = true
    nonisolated(unsafe) static var restoresState = true
    /// Whether the delegate builds the hierarchy in `willFinishLaunching` (so the implicit
    /// search finds it) rather than in `didFinishLaunching`.
    nonisolated(unsafe) static var buildsInWillFinish = true
    /// Identifiers given to the controllers the app builds; `nil` leaves one without.
    nonisolated(unsafe) static var navigationIdentifier: String? = "Navigation"
    nonisolated(unsafe) static var listIdentifier: String? = "List"
    /// The window's restoration identifier; `nil` leaves the window out of the archive.
    nonisolated(unsafe) static var windowIdentifier: String?
    /// Called on every delegate event, so tests can see the order of calls.
    nonisolated(unsafe) static var calls: [String] = []
    /// Lets a test answer the delegate's `viewControllerWithRestorationIdentifierPath`.
    nonisolated(unsafe) static var delegateFinder: (([String], NSCoder) -> UIViewController?)?
    /// Lets a test add to the top-level coder, or read it back.
    nonisolated(unsafe) static var willEncode: ((NSCoder) -> Void)?
    nonisolated(unsafe) static var shouldRestoreWith: ((NSCoder) -> Bool)?

    static func reset() {
        savesState = true
        restoresState = true
        buildsInWillFinish = true
        navigationIdentifier = "Navigation"
        listIdentifier = "List"
        windowIdentifier = nil
        calls = []
        delegateFinder = nil
        willEncode = nil
        shouldRestoreWith = nil
        NoteViewController.restorationClassAnswer = .create
        NoteViewController.forgetsSuper = false
    }
}

/// A list screen at the root of a navigation controller.
class ListViewController: UIViewController {
    var scrollPosition = 0

    override init(nibName: String?, bundle: Bundle?) {
        super.init(nibName: nibName, bundle: bundle)
        title = "List"
        restorationIdentifier = Fixture.listIdentifier
    }

    required init?(coder: NSCoder) { fatalError("not used") }

    override func encodeRestorableState(with coder: NSCoder) {
        super.encodeRestorableState(with: coder)
        coder.encode(scrollPosition, forKey: "scrollPosition")
    }

    override func decodeRestorableState(with coder: NSCoder) {
        super.decodeRestorableState(with: coder)
        scrollPosition = coder.decodeInteger(forKey: "scrollPosition")
        Fixture.calls.append("List.decode")
    }

    override func applicationFinishedRestoringState() {
        Fixture.calls.append("List.finished")
    }
}

/// A detail screen holding one note; its own restoration class.
class NoteViewController: UIViewController, UIViewControllerRestoration {
    enum Answer { case create, refuse }
    nonisolated(unsafe) static var restorationClassAnswer = Answer.create
    nonisolated(unsafe) static var forgetsSuper = false

    var note = ""
    private(set) var viewLoadedBeforeDecode: Bool?

    init(note: String) {
        self.note = note
        super.init(nibName: nil, bundle: nil)
        title = "Note"
        restorationIdentifier = "Note"
        restorationClass = NoteViewController.self
    }

    required init?(coder: NSCoder) { fatalError("not used") }

    static func viewController(withRestorationIdentifierPath identifierComponents: [String], coder: NSCoder) -> UIViewController? {
        Fixture.calls.append("Note.restorationClass \(identifierComponents.joined(separator: ","))")
        switch restorationClassAnswer {
        case .create: return NoteViewController(note: "")
        case .refuse: return nil
        }
    }

    override func encodeRestorableState(with coder: NSCoder) {
        if !Self.forgetsSuper { super.encodeRestorableState(with: coder) }
        coder.encode(note, forKey: "note")
    }

    override func decodeRestorableState(with coder: NSCoder) {
        viewLoadedBeforeDecode = isViewLoaded
        super.decodeRestorableState(with: coder)
        note = coder.decodeObject(forKey: "note") as? String ?? ""
        Fixture.calls.append("Note.decode")
    }

    override func applicationFinishedRestoringState() {
        Fixture.calls.append("Note.finished")
    }
}

/// The app most rules are shown with: a navigation controller whose root is a list, onto
/// which notes are pushed or presented.
class NotesAppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(_ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        Fixture.calls.append("willFinishLaunching")
        window = UIWindow()
        window?.restorationIdentifier = Fixture.windowIdentifier
        if Fixture.buildsInWillFinish { buildDefaultHierarchy() }
        return true
    }

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        Fixture.calls.append("didFinishLaunching")
        if window?.rootViewController == nil { buildDefaultHierarchy() }
        window?.makeKeyAndVisible()
        return true
    }

    func buildDefaultHierarchy() {
        let navigation = UINavigationController(rootViewController: ListViewController())
        navigation.restorationIdentifier = Fixture.navigationIdentifier
        window?.rootViewController = navigation
    }

    func application(_ application: UIApplication, shouldSaveSecureApplicationState coder: NSCoder) -> Bool {
        Fixture.calls.append("shouldSave")
        return Fixture.savesState
    }

    func application(_ application: UIApplication, shouldRestoreSecureApplicationState coder: NSCoder) -> Bool {
        Fixture.calls.append("shouldRestore")
        return Fixture.shouldRestoreWith?(coder) ?? Fixture.restoresState
    }

    func application(_ application: UIApplication, willEncodeRestorableStateWith coder: NSCoder) {
        Fixture.calls.append("willEncode")
        Fixture.willEncode?(coder)
    }

    func application(_ application: UIApplication, didDecodeRestorableStateWith coder: NSCoder) {
        Fixture.calls.append("didDecode")
    }

    func application(_ application: UIApplication, viewControllerWithRestorationIdentifierPath identifierComponents: [String], coder: NSCoder) -> UIViewController? {
        Fixture.calls.append("delegate \(identifierComponents.joined(separator: ","))")
        return Fixture.delegateFinder?(identifierComponents, coder)
    }

    func applicationWillResignActive(_ application: UIApplication) { Fixture.calls.append("willResignActive") }
    func applicationDidEnterBackground(_ application: UIApplication) { Fixture.calls.append("didEnterBackground") }
    func applicationWillEnterForeground(_ application: UIApplication) { Fixture.calls.append("willEnterForeground") }
    func applicationDidBecomeActive(_ application: UIApplication) { Fixture.calls.append("didBecomeActive") }

    var navigation: UINavigationController? { window?.rootViewController as? UINavigationController }
}
