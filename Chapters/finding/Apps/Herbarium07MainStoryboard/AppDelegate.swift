import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    // The main storyboard puts the window here, with its initial scene, before launch begins.
    var window: UIWindow?

    // workbook:begin finding
    // Asked for every saved controller that has no restoration class, this makes each one
    // afresh from the main storyboard, by its identifier.
    func application(_ application: UIApplication, viewControllerWithRestorationIdentifierPath identifierComponents: [String], coder: NSCoder) -> UIViewController? {
        guard let identifier = identifierComponents.last else { return nil }
        return UIStoryboard(name: "Main", bundle: nil).instantiateViewController(withIdentifier: identifier)
    }
    // workbook:end finding

    func application(_ application: UIApplication, shouldSaveSecureApplicationState coder: NSCoder) -> Bool {
        true
    }

    func application(_ application: UIApplication, shouldRestoreSecureApplicationState coder: NSCoder) -> Bool {
        true
    }
}
