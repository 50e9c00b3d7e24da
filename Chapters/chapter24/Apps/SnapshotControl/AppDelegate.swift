import Foundation
import UIKit

/// A bank account screen that keeps its balance out of the snapshot, and an error screen that
/// asks for the launch image instead of the snapshot.
@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(_ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        let navigationController = UINavigationController(rootViewController: AccountViewController())
        navigationController.restorationIdentifier = "UINavigationController"
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

    // Called while state is preserved, the only time the request is honoured.
    func application(_ application: UIApplication, willEncodeRestorableStateWith coder: NSCoder) {
        if window?.rootViewController?.presentedViewController is NetworkErrorViewController {
            // The error will most likely be gone by the next launch: show the launch image
            // then, rather than a picture of the error.
            application.ignoreSnapshotOnNextApplicationLaunch()
        }
    }
}
