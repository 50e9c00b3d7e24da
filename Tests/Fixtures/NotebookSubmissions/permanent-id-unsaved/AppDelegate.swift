import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(_ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        NoteStore.load()
        let navigationController = UINavigationController(rootViewController: NotesViewController())
        navigationController.restorationIdentifier = "UINavigationController"
        window = UIWindow()
        window?.rootViewController = navigationController
        return true
    }

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        window?.makeKeyAndVisible()
        return true
    }

    // A new note is given its permanent ID before the screens are preserved, but never saved:
    // the ID looks like a saved one, and names a row that was never written.
    func applicationDidEnterBackground(_ application: UIApplication) {
        try? NoteStore.context.obtainPermanentIDs(for: Array(NoteStore.context.insertedObjects))
    }

    func application(_ application: UIApplication, shouldSaveSecureApplicationState coder: NSCoder) -> Bool {
        true
    }

    func application(_ application: UIApplication, shouldRestoreSecureApplicationState coder: NSCoder) -> Bool {
        true
    }
}
