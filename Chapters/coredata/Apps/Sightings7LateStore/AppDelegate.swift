import SightingsModel
import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    // The store is opened later here, in didFinishLaunching: after restoration has run.
    func application(_ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        let navigationController = UINavigationController(rootViewController: SightingsViewController())
        navigationController.restorationIdentifier = "UINavigationController"
        window = UIWindow()
        window?.rootViewController = navigationController
        return true
    }

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        SightingStore.load()
        window?.makeKeyAndVisible()
        return true
    }

    // The app saves before UIKit preserves its screens (which comes right after this call), so
    // every sighting they encode has a permanent ID that the next launch can find.
    func applicationDidEnterBackground(_ application: UIApplication) {
        SightingStore.save()
    }

    func application(_ application: UIApplication, shouldSaveSecureApplicationState coder: NSCoder) -> Bool {
        true
    }

    func application(_ application: UIApplication, shouldRestoreSecureApplicationState coder: NSCoder) -> Bool {
        true
    }
}
