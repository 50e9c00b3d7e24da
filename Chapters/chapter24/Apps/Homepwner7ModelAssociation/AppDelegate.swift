import HomepwnerModel
import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    // Restoration happens between these two calls, so the window must exist before it starts.
    func application(_ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        window = UIWindow()
        return true
    }

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        // Build the usual screens only if restoration did not bring the old ones back.
        if window?.rootViewController == nil {
            let itemsViewController = ItemsViewController()
            let navigationController = UINavigationController(rootViewController: itemsViewController)
            // Only a controller with a restoration identifier is saved, and only if every
            // controller above it has one. The class name is the usual choice.
            navigationController.restorationIdentifier = "UINavigationController"
            window?.rootViewController = navigationController
        }
        window?.makeKeyAndVisible()
        return true
    }

    func applicationDidEnterBackground(_ application: UIApplication) {
        ItemStore.shared.saveChanges()
    }

    // Restoration is off until the app says yes to both saving and restoring.
    func application(_ application: UIApplication, shouldSaveSecureApplicationState coder: NSCoder) -> Bool {
        true
    }

    func application(_ application: UIApplication, shouldRestoreSecureApplicationState coder: NSCoder) -> Bool {
        true
    }

    // The navigation controllers have no restoration class, so UIKit asks the delegate for them.
    func application(_ application: UIApplication, viewControllerWithRestorationIdentifierPath identifierComponents: [String], coder: NSCoder) -> UIViewController? {
        let navigationController = UINavigationController()
        navigationController.restorationIdentifier = identifierComponents.last
        // A path of one identifier is the root: it goes into the window.
        if identifierComponents.count == 1 {
            window?.rootViewController = navigationController
        }
        return navigationController
    }
}
