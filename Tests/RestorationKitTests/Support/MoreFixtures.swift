import Foundation
@testable import RestorationKit

/// A tab bar app: two tabs, each a navigation controller with the same identifier (the index
/// segments keep their paths apart), rebuilt by the delegate at launch.
final class TabsAppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    nonisolated(unsafe) static var tabsAtLaunch = ["First", "Second"]

    func application(_ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        window = UIWindow()
        let tabs = UITabBarController()
        tabs.restorationIdentifier = "Tabs"
        tabs.viewControllers = Self.tabsAtLaunch.map { Self.tab(named: $0) }
        window?.rootViewController = tabs
        return true
    }

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        window?.makeKeyAndVisible()
        return true
    }

    static func tab(named name: String) -> UINavigationController {
        let page = UIViewController()
        page.title = name
        page.restorationIdentifier = name
        let navigation = UINavigationController(rootViewController: page)
        navigation.restorationIdentifier = "Navigation"
        navigation.title = name
        return navigation
    }

    func application(_ application: UIApplication, shouldSaveSecureApplicationState coder: NSCoder) -> Bool { true }
    func application(_ application: UIApplication, shouldRestoreSecureApplicationState coder: NSCoder) -> Bool { true }

    var tabs: UITabBarController? { window?.rootViewController as? UITabBarController }
}

/// A controller that shows two children side by side without saving them, as a custom
/// container does unless it encodes them itself.
final class SplitViewController: UIViewController {
    var encodesChildren = false

    override func encodeRestorableState(with coder: NSCoder) {
        super.encodeRestorableState(with: coder)
        if encodesChildren { coder.encode(children, forKey: "panes") }
    }

    override func decodeRestorableState(with coder: NSCoder) {
        super.decodeRestorableState(with: coder)
        for pane in coder.decodeObject(of: [NSArray.self, UIViewController.self], forKey: "panes") as? [UIViewController] ?? [] where pane.parent !== self {
            addChild(pane)
        }
    }
}

/// A delegate with no opt-in methods at all: the defaults say no.
final class SilentAppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(_ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        window = UIWindow()
        let navigation = UINavigationController(rootViewController: NoteViewController(note: "kept?"))
        navigation.restorationIdentifier = "Navigation"
        window?.rootViewController = navigation
        window?.makeKeyAndVisible()
        return true
    }
}

/// An object that is not a view or controller but still has state worth keeping: registered
/// with the application under an identifier.
final class DraftStore: NSObject, UIStateRestoring {
    var draft = ""
    weak var parent: UIViewController?

    var restorationParent: UIStateRestoring? { parent }
    var objectRestorationClass: UIObjectRestoration.Type? { DraftStoreFactory.self }

    func encodeRestorableState(with coder: NSCoder) { coder.encode(draft, forKey: "draft") }
    func decodeRestorableState(with coder: NSCoder) { draft = coder.decodeObject(forKey: "draft") as? String ?? "" }
}

/// Recreates a `DraftStore` that was not registered again before restoration.
final class DraftStoreFactory: UIObjectRestoration {
    nonisolated(unsafe) static var made: [DraftStore] = []

    static func object(withRestorationIdentifierPath identifierComponents: [String], coder: NSCoder) -> UIStateRestoring? {
        let store = DraftStore()
        made.append(store)
        return store
    }
}

/// A controller subclass, to show that a restored subclass of the saved class is decoded.
final class SpecialNoteViewController: NoteViewController {}

/// A restoration class that answers with the subclass, as an app update might.
final class SpecialNoteMaker: UIViewControllerRestoration {
    static func viewController(withRestorationIdentifierPath identifierComponents: [String], coder: NSCoder) -> UIViewController? {
        SpecialNoteViewController(note: "")
    }
}
