import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    // Restoration runs between willFinishLaunching and didFinishLaunching: controllers made here
    // are there for UIKit to find by their paths and hand their saved state.
    func application(_ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        // Only controllers with a restoration identifier are saved, and only below parents that have one.
        let tabBarController = UITabBarController()
        tabBarController.restorationIdentifier = "TabBarController"
        let navigationController = UINavigationController(rootViewController: IslandsViewController())
        navigationController.restorationIdentifier = "IslandsNavigation"
        tabBarController.viewControllers = [LanternViewController(), navigationController]
        window = UIWindow()
        // A window with an identifier is preserved too, with what it knows of the screen.
        window?.restorationIdentifier = "MainWindow"
        window?.rootViewController = tabBarController
        return true
    }

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        window?.makeKeyAndVisible()
        return true
    }

    // Restoration is off until the app delegate answers yes to both.
    func application(_ application: UIApplication, shouldSaveSecureApplicationState coder: NSCoder) -> Bool {
        true
    }

    func application(_ application: UIApplication, shouldRestoreSecureApplicationState coder: NSCoder) -> Bool {
        true
    }
}
