import HerbariumModel
import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    private var plantOfTheDay: PlantViewController?

    // workbook:begin launch
    // The third way: whatever exists before restoration starts is found by its path. The app
    // opens on the plant of the day, above the shelf, at every launch.
    func application(_ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        let navigationController = UINavigationController(rootViewController: ShelfViewController())
        let plantOfTheDay = PlantViewController(plant: Collection.plants[3], openedFromShelf: false, foundBy: "made in willFinishLaunching")
        navigationController.pushViewController(plantOfTheDay, animated: false)
        self.plantOfTheDay = plantOfTheDay
        // workbook:begin exclude
        // The herbarium's visitor kiosk: every visitor starts afresh. One identifier cleared
        // takes everything below it out of preservation, whatever identifiers they have.
        navigationController.restorationIdentifier = nil
        // workbook:end exclude
        window = UIWindow()
        window?.rootViewController = navigationController
        return true
    }
    // workbook:end launch

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        window?.makeKeyAndVisible()
        return true
    }

    // workbook:begin by-hand
    // The kiosk keeps one thing: whether the plant of the day is marked for study. A reference
    // saved by hand preserves that page and its state, although its navigation controller is
    // left out. Its path is then its own identifier, PlantViewController, alone.
    func application(_ application: UIApplication, willEncodeRestorableStateWith coder: NSCoder) {
        coder.encode(plantOfTheDay, forKey: "plantOfTheDay")
    }

    // Nothing finds such a page by itself at launch: the app delegate hands over the one
    // willFinishLaunching made, and UIKit gives it its saved state.
    func application(_ application: UIApplication, viewControllerWithRestorationIdentifierPath identifierComponents: [String], coder: NSCoder) -> UIViewController? {
        identifierComponents == ["PlantViewController"] ? plantOfTheDay : nil
    }
    // workbook:end by-hand

    func application(_ application: UIApplication, shouldSaveSecureApplicationState coder: NSCoder) -> Bool {
        true
    }

    func application(_ application: UIApplication, shouldRestoreSecureApplicationState coder: NSCoder) -> Bool {
        true
    }
}
