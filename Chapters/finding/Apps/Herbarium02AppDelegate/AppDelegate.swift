import HerbariumModel
import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    // The window and the shelf exist before restoration: UIKit finds them by their paths.
    func application(_ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        let navigationController = UINavigationController(rootViewController: ShelfViewController())
        navigationController.restorationIdentifier = "ShelfNavigation"
        window = UIWindow()
        window?.rootViewController = navigationController
        return true
    }

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        window?.makeKeyAndVisible()
        return true
    }

    // workbook:begin finding
    // The second way: asked for every saved controller that has no restoration class. The
    // coder is the controller's own. nil means "not mine": UIKit goes on looking, and finds the
    // navigation controller and the shelf where willFinishLaunching put them.
    func application(_ application: UIApplication, viewControllerWithRestorationIdentifierPath identifierComponents: [String], coder: NSCoder) -> UIViewController? {
        guard identifierComponents.last == "PlantViewController",
              let name = coder.decodeObject(of: [NSString.self], forKey: "plantName") as? String,
              let plant = Collection.plant(named: name)
        else { return nil }
        return PlantViewController(plant: plant, foundBy: "app delegate")
    }
    // workbook:end finding

    func application(_ application: UIApplication, shouldSaveSecureApplicationState coder: NSCoder) -> Bool {
        true
    }

    func application(_ application: UIApplication, shouldRestoreSecureApplicationState coder: NSCoder) -> Bool {
        true
    }
}
