import HerbariumModel
import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    // The shelf, with the plant of the day above it, is made before restoration at every launch.
    func application(_ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        let navigationController = UINavigationController(rootViewController: ShelfViewController())
        navigationController.pushViewController(PlantViewController(plant: Collection.plants[3], madeAtLaunch: true), animated: false)
        navigationController.restorationIdentifier = "ShelfNavigation"
        // Registered before restoration runs, so that its saved state reaches it.
        UIApplication.registerObject(forStateRestoration: VisitLog.shared, restorationIdentifier: "VisitLog")
        window = UIWindow()
        window?.rootViewController = navigationController
        return true
    }

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        window?.makeKeyAndVisible()
        return true
    }

    func application(_ application: UIApplication, shouldSaveSecureApplicationState coder: NSCoder) -> Bool {
        true
    }

    func application(_ application: UIApplication, shouldRestoreSecureApplicationState coder: NSCoder) -> Bool {
        true
    }
}
