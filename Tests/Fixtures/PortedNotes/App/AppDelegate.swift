import UIKit

/// A note app written for iOS and brought over unchanged: its restoration overrides live in
/// extensions, its views are outlets, its actions `@IBAction` and `@objc`, as Xcode writes them.
/// None of that compiles on Linux as it is; the workbook folds the overrides into the class and
/// drops the attributes before it builds (`Sources/SourcePreparation`).
@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(_ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        let window = UIWindow()
        let navigation = UINavigationController(rootViewController: NoteViewController())
        navigation.restorationIdentifier = "NavigationController"
        window.rootViewController = navigation
        self.window = window
        return true
    }

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        window?.makeKeyAndVisible()
        return true
    }
}

extension AppDelegate {
    @objc func application(_ application: UIApplication, shouldSaveSecureApplicationState coder: NSCoder) -> Bool { true }
    @objc func application(_ application: UIApplication, shouldRestoreSecureApplicationState coder: NSCoder) -> Bool { true }
}
