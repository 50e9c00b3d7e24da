import Foundation
import RestorationModel

/// The app's delegate: told about the life cycle, and the one that opts in to state
/// preservation and restoration. Every method is optional, as in UIKit.
@preconcurrency @MainActor public protocol UIApplicationDelegate: AnyObject {
    var window: UIWindow? { get set }

    func application(_ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool
    func applicationDidBecomeActive(_ application: UIApplication)
    func applicationWillResignActive(_ application: UIApplication)
    func applicationDidEnterBackground(_ application: UIApplication)
    func applicationWillEnterForeground(_ application: UIApplication)

    /// Whether to save state when the app goes to the background. Defaults to `false`.
    func application(_ application: UIApplication, shouldSaveSecureApplicationState coder: NSCoder) -> Bool
    /// Whether to restore saved state at launch. Defaults to `false`.
    func application(_ application: UIApplication, shouldRestoreSecureApplicationState coder: NSCoder) -> Bool
    /// The older spelling of `shouldSaveSecureApplicationState`; works. Deprecated since iOS 13.2:
    /// Xcode warns when it compiles, nothing is logged at run time.
    func application(_ application: UIApplication, shouldSaveApplicationState coder: NSCoder) -> Bool
    /// The older spelling of `shouldRestoreSecureApplicationState`; works (deprecated likewise).
    func application(_ application: UIApplication, shouldRestoreApplicationState coder: NSCoder) -> Bool

    func application(_ application: UIApplication, willEncodeRestorableStateWith coder: NSCoder)
    func application(_ application: UIApplication, didDecodeRestorableStateWith coder: NSCoder)
    /// Recreates a controller at launch; `nil` means "keep searching".
    func application(_ application: UIApplication, viewControllerWithRestorationIdentifierPath identifierComponents: [String], coder: NSCoder) -> UIViewController?
}

/// Records whether the delegate left an opt-in method (or the controller search) to its default,
/// so the engine can tell "answered false" from "did not implement", fall back to the older
/// spelling, and say which it was.
enum DelegateDefaults {
    static var usedDefault = false
}

extension UIApplicationDelegate {
    public var window: UIWindow? {
        get { nil }
        set {}
    }

    public func application(_ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool { true }
    public func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool { true }
    public func applicationDidBecomeActive(_ application: UIApplication) {}
    public func applicationWillResignActive(_ application: UIApplication) {}
    public func applicationDidEnterBackground(_ application: UIApplication) {}
    public func applicationWillEnterForeground(_ application: UIApplication) {}

    public func application(_ application: UIApplication, shouldSaveSecureApplicationState coder: NSCoder) -> Bool {
        DelegateDefaults.usedDefault = true
        return false
    }

    public func application(_ application: UIApplication, shouldRestoreSecureApplicationState coder: NSCoder) -> Bool {
        DelegateDefaults.usedDefault = true
        return false
    }

    public func application(_ application: UIApplication, shouldSaveApplicationState coder: NSCoder) -> Bool {
        DelegateDefaults.usedDefault = true
        return false
    }

    public func application(_ application: UIApplication, shouldRestoreApplicationState coder: NSCoder) -> Bool {
        DelegateDefaults.usedDefault = true
        return false
    }

    public func application(_ application: UIApplication, willEncodeRestorableStateWith coder: NSCoder) {}
    public func application(_ application: UIApplication, didDecodeRestorableStateWith coder: NSCoder) {}

    public func application(_ application: UIApplication, viewControllerWithRestorationIdentifierPath identifierComponents: [String], coder: NSCoder) -> UIViewController? {
        DelegateDefaults.usedDefault = true
        return nil
    }
}
