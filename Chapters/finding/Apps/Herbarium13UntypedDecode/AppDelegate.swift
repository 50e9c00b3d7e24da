import HerbariumModel
import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    // workbook:begin launch
    // The third way: whatever exists before restoration starts is found by its path. The app
    // opens on the plant of the day, above the shelf, at every launch.
    func application(_ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        let navigationController = UINavigationController(rootViewController: ShelfViewController())
        let plantOfTheDay = PlantViewController(plant: Collection.plants[3], openedFromShelf: false, foundBy: "made in willFinishLaunching")
        navigationController.pushViewController(plantOfTheDay, animated: false)
        navigationController.restorationIdentifier = "ShelfNavigation"
        window = UIWindow()
        window?.rootViewController = navigationController
        return true
    }
    // workbook:end launch

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
