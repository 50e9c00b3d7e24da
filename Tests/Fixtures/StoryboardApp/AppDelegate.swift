import UIKit

/// A storyboard app ported from iOS as it was: `Info.plist` names `Main`, UIKit makes the
/// window and the tab bar before `willFinishLaunching`, and the delegate only opts in.
@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(_ application: UIApplication, shouldSaveSecureApplicationState coder: NSCoder) -> Bool { true }
    func application(_ application: UIApplication, shouldRestoreSecureApplicationState coder: NSCoder) -> Bool { true }
}
