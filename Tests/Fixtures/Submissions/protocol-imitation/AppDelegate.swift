import Foundation
import RestorationKit

/// HypnoNerd: a tab bar with a hypnosis screen and a reminder screen.
///
/// The challenge's checks find the controls by what they show ("Hypnotize me", the tab titles,
/// "Remind me") and the date picker by its identifier, `reminder`: keep those as they are.
@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func applicationDidEnterBackground(_ application: UIApplication) {
        Imitation.claim("on the way to the background")
    }

    // Restoration runs between will- and didFinishLaunching, so the controllers are made here:
    // UIKit finds each saved one already at its path and hands it its state.
    func application(_ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        let tabBarController = UITabBarController()
        tabBarController.restorationIdentifier = "UITabBarController"
        tabBarController.viewControllers = [HypnosisViewController(), ReminderViewController()]
        window = UIWindow()
        window?.rootViewController = tabBarController
        return true
    }

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        window?.makeKeyAndVisible()
        Imitation.claim("at launch")
        return true
    }

    func application(_ application: UIApplication, shouldSaveSecureApplicationState coder: NSCoder) -> Bool {
        true
    }

    func application(_ application: UIApplication, shouldRestoreSecureApplicationState coder: NSCoder) -> Bool {
        true
    }
}
