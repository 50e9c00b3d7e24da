import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    // The main storyboard puts the window here, with its initial scene, before launch begins.
    // UIKit finds those controllers by their paths, as it finds those made in
    // willFinishLaunching: the delegate makes none of them again.
    var window: UIWindow?

    func application(_ application: UIApplication, shouldSaveSecureApplicationState coder: NSCoder) -> Bool {
        true
    }

    func application(_ application: UIApplication, shouldRestoreSecureApplicationState coder: NSCoder) -> Bool {
        true
    }
}
