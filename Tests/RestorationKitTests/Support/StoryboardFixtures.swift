import Foundation
@testable import RestorationKit

/// A storyboard written the way `Info.plist`'s `UIMainStoryboardFile` finds it: a tab bar
/// whose first tab is a navigation controller around a list, a second tab left without a
/// restoration identifier, and a page scene made by closure.
enum TabsStoryboard: UIStoryboardDefinition {
    static let name = "Tabs"
    static let initialScene: String? = "Root"
    static let scenes: [UIStoryboard.Scene] = [
        .init("Root", class: UITabBarController.self, restorationIdentifier: "Root",
              relationship: .viewControllers(["Stack", "Unnamed"])),
        .init("Stack", class: UINavigationController.self, restorationIdentifier: "Stack",
              relationship: .rootViewController("List")),
        .init("List", class: StoryboardListViewController.self, restorationIdentifier: "List"),
        .init("Unnamed", class: StoryboardListViewController.self),
        .init("Page", restorationIdentifier: "Page") { StoryboardListViewController(coder: NSCoder())! },
        .init("Loop", class: UINavigationController.self, relationship: .rootViewController("Loop")),
    ]
}

final class StoryboardListViewController: UIViewController {
    var mark = ""

    required init?(coder: NSCoder) {
        super.init(coder: coder)
        title = "List"
    }

    override func encodeRestorableState(with coder: NSCoder) {
        super.encodeRestorableState(with: coder)
        coder.encode(mark, forKey: "mark")
    }

    override func decodeRestorableState(with coder: NSCoder) {
        super.decodeRestorableState(with: coder)
        mark = coder.decodeObject(of: NSString.self, forKey: "mark") as String? ?? ""
    }
}

/// A delegate that builds nothing: the window and its controllers come from the storyboard.
final class StoryboardAppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    nonisolated(unsafe) static var rootSeenInWillFinish: UIViewController?

    func application(_ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        Self.rootSeenInWillFinish = window?.rootViewController
        return true
    }

    func application(_ application: UIApplication, shouldSaveSecureApplicationState coder: NSCoder) -> Bool { true }
    func application(_ application: UIApplication, shouldRestoreSecureApplicationState coder: NSCoder) -> Bool { true }

    var tabs: UITabBarController? { window?.rootViewController as? UITabBarController }
}
