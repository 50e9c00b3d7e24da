import Foundation
import Testing
@testable import RestorationKit

/// A tab whose restoration class makes a new controller while the app builds the tab bar with
/// its own: the tab bar keeps its tabs, cannot select the new one, and stays on the first tab.
final class SecondTabController: UIViewController, UIViewControllerRestoration {
    nonisolated(unsafe) static var made = 0

    static func viewController(withRestorationIdentifierPath identifierComponents: [String], coder: NSCoder) -> UIViewController? {
        made += 1
        return SecondTabController.make()
    }

    static func make() -> SecondTabController {
        let controller = SecondTabController()
        controller.title = "Second"
        controller.restorationIdentifier = "Second"
        controller.restorationClass = SecondTabController.self
        return controller
    }
}

final class TwoTabsAppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(_ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        let first = UIViewController()
        first.title = "First"
        first.restorationIdentifier = "First"
        let tabs = UITabBarController()
        tabs.restorationIdentifier = "Tabs"
        tabs.viewControllers = [first, SecondTabController.make()]
        window = UIWindow()
        window?.rootViewController = tabs
        return true
    }

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        window?.makeKeyAndVisible()
        return true
    }

    func application(_ application: UIApplication, shouldSaveSecureApplicationState coder: NSCoder) -> Bool { true }
    func application(_ application: UIApplication, shouldRestoreSecureApplicationState coder: NSCoder) -> Bool { true }

    var tabs: UITabBarController? { window?.rootViewController as? UITabBarController }
}

extension RuleBook {
    @Suite struct SelectedTab {
        init() {
            Fixture.reset()
            SecondTabController.made = 0
        }

        @Test("A second controller made for the selected tab's path is not on the bar: the first tab stays selected, and the cause says why")
        func secondControllerIsNotSelected() throws {
            let phone = Phone()
            let first = phone.launch(TwoTabsAppDelegate.self)
            try #require((first.delegate as? TwoTabsAppDelegate)?.tabs).simulateSelectTab(at: 1)
            phone.homeAndKill()

            let second = phone.launch(TwoTabsAppDelegate.self)
            let tabs = try #require((second.delegate as? TwoTabsAppDelegate)?.tabs)
            #expect(SecondTabController.made == 1, "the restoration class made a second controller")
            #expect(tabs.selectedIndex == 0)
            #expect(second.restorationReport.causes.filter { $0.kind == .selectedTabNotHeld } == [RestorationCause(
                .selectedTabNotHeld, path: "Tabs", className: "UITabBarController",
                sentence: "UITabBarController at Tabs saved the SecondTabController at Tabs/:[1]:/Second as its selected tab, but its restoration class SecondTabController made a new one while the tab bar kept the one the app built: a tab bar cannot select a controller it does not hold, so the selection stays on the first tab, \"First\". Let the tab the app builds at launch be found at its path (a tab needs no restoration class), or put the new controller on the bar.")],
                    "\(second.restorationReport.causes)")
        }
    }
}
