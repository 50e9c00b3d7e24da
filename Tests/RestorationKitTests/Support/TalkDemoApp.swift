import Foundation
@testable import RestorationKit

// The talk's sample app at its STATE_ENCODING stage (seed 003), rebuilt for the golden log:
// a tab bar `TabController` with a slider screen and a navigation controller
// `NavigationController` that pushes a city page. As in the talk's storyboard, the screens are
// identified by their runtime class names. Written fresh; only its shape follows the talk.

final class FirstViewController: UIViewController {
    var sliderValue: Float = 0.5

    override init(nibName: String?, bundle: Bundle?) {
        super.init(nibName: nibName, bundle: bundle)
        title = "First"
        restorationIdentifier = RuntimeClassName.of(Self.self)
    }

    required init?(coder: NSCoder) { fatalError("not used") }

    override func encodeRestorableState(with coder: NSCoder) {
        super.encodeRestorableState(with: coder)
        coder.encode(sliderValue, forKey: "encodingKeySliderValue")
    }
}

final class SecondViewController: UIViewController {
    override init(nibName: String?, bundle: Bundle?) {
        super.init(nibName: nibName, bundle: bundle)
        title = "Second"
        restorationIdentifier = RuntimeClassName.of(Self.self)
    }

    required init?(coder: NSCoder) { fatalError("not used") }
}

final class CityViewController: UIViewController, UIViewControllerRestoration {
    let cityName: String

    init(cityName: String) {
        self.cityName = cityName
        super.init(nibName: nil, bundle: nil)
        restorationIdentifier = RuntimeClassName.of(Self.self)
        restorationClass = CityViewController.self
    }

    required init?(coder: NSCoder) { fatalError("not used") }

    static func viewController(withRestorationIdentifierPath identifierComponents: [String], coder: NSCoder) -> UIViewController? {
        (coder.decodeObject(forKey: "encodingKeyCityName") as? String).map { CityViewController(cityName: $0) }
    }

    override func encodeRestorableState(with coder: NSCoder) {
        super.encodeRestorableState(with: coder)
        coder.encode(cityName, forKey: "encodingKeyCityName")
    }
}

final class TalkDemoAppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(_ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        window = UIWindow()
        let navigation = UINavigationController(rootViewController: SecondViewController())
        navigation.restorationIdentifier = "NavigationController"
        let tabs = UITabBarController()
        tabs.viewControllers = [FirstViewController(), navigation]
        tabs.restorationIdentifier = "TabController"
        window?.rootViewController = tabs
        return true
    }

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        window?.makeKeyAndVisible()
        return true
    }

    func application(_ application: UIApplication, shouldSaveSecureApplicationState coder: NSCoder) -> Bool { true }
    func application(_ application: UIApplication, shouldRestoreSecureApplicationState coder: NSCoder) -> Bool { true }

    var tabs: UITabBarController? { window?.rootViewController as? UITabBarController }
}
