import Foundation
@testable import RestorationKit

/// A tab bar built in `willFinishLaunching` with three tabs, the middle one without a
/// restoration identifier: on a device it stays on the bar after a relaunch, unrestored.
final class ThreeTabsAppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(_ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        window = UIWindow()
        let tabs = UITabBarController()
        tabs.restorationIdentifier = "Tabs"
        tabs.viewControllers = [Self.page("Inbox", identifier: "Inbox"), Self.page("Drafts", identifier: nil), Self.page("Sent", identifier: "Sent")]
        window?.rootViewController = tabs
        return true
    }

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        window?.makeKeyAndVisible()
        return true
    }

    static func page(_ title: String, identifier: String?) -> UIViewController {
        let page = CountingPageViewController()
        page.title = title
        page.restorationIdentifier = identifier
        return page
    }

    func application(_ application: UIApplication, shouldSaveSecureApplicationState coder: NSCoder) -> Bool { true }
    func application(_ application: UIApplication, shouldRestoreSecureApplicationState coder: NSCoder) -> Bool { true }

    var tabs: UITabBarController? { window?.rootViewController as? UITabBarController }
}

/// A page that keeps a number worth restoring.
final class CountingPageViewController: UIViewController {
    var count = 0

    override func encodeRestorableState(with coder: NSCoder) {
        super.encodeRestorableState(with: coder)
        coder.encode(count, forKey: "count")
    }

    override func decodeRestorableState(with coder: NSCoder) {
        super.decodeRestorableState(with: coder)
        count = coder.decodeInteger(forKey: "count")
    }
}

/// A controller whose restoration class declines to recreate it.
final class DeclinedViewController: UIViewController, UIViewControllerRestoration {
    override init(nibName: String?, bundle: Bundle?) {
        super.init(nibName: nibName, bundle: bundle)
        title = "Declined"
        restorationIdentifier = "Declined"
        restorationClass = DeclinedViewController.self
    }

    required init?(coder: NSCoder) { fatalError("not used") }

    static func viewController(withRestorationIdentifierPath identifierComponents: [String], coder: NSCoder) -> UIViewController? {
        nil
    }
}

/// A list whose identifier comes from an overriding getter instead of the property: the
/// talk's gotcha (seed 003).
final class GetterIdentifiedListViewController: UIViewController {
    var scrollPosition = 0
    private(set) var decoded = false

    override var restorationIdentifier: String? {
        get { "List" }
        set {}
    }

    override func encodeRestorableState(with coder: NSCoder) {
        super.encodeRestorableState(with: coder)
        coder.encode(scrollPosition, forKey: "scrollPosition")
    }

    override func decodeRestorableState(with coder: NSCoder) {
        super.decodeRestorableState(with: coder)
        decoded = true
        scrollPosition = coder.decodeInteger(forKey: "scrollPosition")
    }
}

/// Builds Navigation > list in `willFinishLaunching`, the list identified only by its getter.
final class GetterGotchaAppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(_ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        window = UIWindow()
        window?.restorationIdentifier = Fixture.windowIdentifier
        let navigation = UINavigationController(rootViewController: GetterIdentifiedListViewController())
        navigation.restorationIdentifier = "Navigation"
        window?.rootViewController = navigation
        return true
    }

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        window?.makeKeyAndVisible()
        return true
    }

    func application(_ application: UIApplication, shouldSaveSecureApplicationState coder: NSCoder) -> Bool { true }
    func application(_ application: UIApplication, shouldRestoreSecureApplicationState coder: NSCoder) -> Bool { true }

    var list: GetterIdentifiedListViewController? {
        (window?.rootViewController as? UINavigationController)?.viewControllers.first as? GetterIdentifiedListViewController
    }
}

/// Apple's guide pattern: a restoration class that instantiates the controller from the
/// storyboard the coder hands it.
final class StoryboardNoteMaker: UIViewControllerRestoration {
    nonisolated(unsafe) static var decodedStoryboard: UIStoryboard?

    static func viewController(withRestorationIdentifierPath identifierComponents: [String], coder: NSCoder) -> UIViewController? {
        let storyboard = coder.decodeObject(forKey: UIApplication.stateRestorationViewControllerStoryboardKey) as? UIStoryboard
        decodedStoryboard = storyboard
        return storyboard?.instantiateViewController(withIdentifier: "Note")
    }
}
