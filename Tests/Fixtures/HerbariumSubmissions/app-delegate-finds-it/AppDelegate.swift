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

    // Pages opened from the shelf and the two sides of a comparison are made here. The plant of
    // the day is left to the page willFinishLaunching made: nil lets UIKit go on and find it.
    func application(_ application: UIApplication, viewControllerWithRestorationIdentifierPath identifierComponents: [String], coder: NSCoder) -> UIViewController? {
        guard let identifier = identifierComponents.last, ["PlantViewController", "LeftPlant", "RightPlant"].contains(identifier),
              let name = coder.decodeObject(of: [NSString.self], forKey: "plantName") as? String,
              let plant = Collection.plant(named: name),
              identifierComponents.count > 2 || plant != Collection.plants[3]
        else { return nil }
        return PlantViewController(plant: plant, restorationIdentifier: identifier)
    }

    func application(_ application: UIApplication, shouldSaveSecureApplicationState coder: NSCoder) -> Bool {
        true
    }

    func application(_ application: UIApplication, shouldRestoreSecureApplicationState coder: NSCoder) -> Bool {
        true
    }
}
