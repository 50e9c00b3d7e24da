import SightingsModel
import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    // Restoration runs between this call and the next, so what it restores into must exist by
    // the end of this one: the window, the list in its navigation controller, and the store.
    func application(_ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        SightingStore.load()
        let navigationController = UINavigationController(rootViewController: SightingsViewController())
        navigationController.restorationIdentifier = "UINavigationController"
        window = UIWindow()
        window?.rootViewController = navigationController
        return true
    }

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
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
