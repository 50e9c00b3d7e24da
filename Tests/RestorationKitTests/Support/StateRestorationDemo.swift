import Foundation
import RestorationKit

/// The talk's demo app (seed 003), as far as its archive shows it: a tab bar `TabController`
/// with a first tab (a slider) and a navigation controller `NavigationController` rooted at a
/// second screen (a segmented control) that pushed a city screen, its own restoration class.
/// The three screens are identified by their runtime class names, as the talk's were.
final class StateRestorationDemoDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(_ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        let navigation = UINavigationController(rootViewController: SecondViewController())
        navigation.restorationIdentifier = "NavigationController"
        navigation.pushViewController(CityViewController(city: "Zurich"), animated: false)
        let tabs = UITabBarController()
        tabs.restorationIdentifier = "TabController"
        tabs.viewControllers = [FirstViewController(), navigation]
        tabs.selectedIndex = 1
        window = UIWindow()
        window?.rootViewController = tabs
        window?.makeKeyAndVisible()
        return true
    }

    func application(_ application: UIApplication, shouldSaveSecureApplicationState coder: NSCoder) -> Bool { true }
    func application(_ application: UIApplication, shouldRestoreSecureApplicationState coder: NSCoder) -> Bool { true }
}

final class FirstViewController: UIViewController {
    var sliderValue: Float = 0.8926057

    override init(nibName: String?, bundle: Bundle?) {
        super.init(nibName: nibName, bundle: bundle)
        restorationIdentifier = RuntimeClassName.of(Self.self)
    }

    required init?(coder: NSCoder) { fatalError("not used") }

    override func encodeRestorableState(with coder: NSCoder) {
        super.encodeRestorableState(with: coder)
        coder.encode(sliderValue, forKey: "encodingKeySliderValue")
    }
}

final class SecondViewController: UIViewController {
    var segmentIndex = 1

    override init(nibName: String?, bundle: Bundle?) {
        super.init(nibName: nibName, bundle: bundle)
        restorationIdentifier = RuntimeClassName.of(Self.self)
    }

    required init?(coder: NSCoder) { fatalError("not used") }

    override func encodeRestorableState(with coder: NSCoder) {
        super.encodeRestorableState(with: coder)
        coder.encode(segmentIndex, forKey: "encodingKeySegmentIndex")
    }
}

final class CityViewController: UIViewController, UIViewControllerRestoration {
    let city: String

    init(city: String) {
        self.city = city
        super.init(nibName: nil, bundle: nil)
        restorationIdentifier = RuntimeClassName.of(Self.self)
        restorationClass = CityViewController.self
    }

    required init?(coder: NSCoder) { fatalError("not used") }

    static func viewController(withRestorationIdentifierPath identifierComponents: [String], coder: NSCoder) -> UIViewController? {
        (coder.decodeObject(of: NSString.self, forKey: "encodingKeyCityName") as String?).map { CityViewController(city: $0) }
    }

    override func encodeRestorableState(with coder: NSCoder) {
        super.encodeRestorableState(with: coder)
        coder.encode(city, forKey: "encodingKeyCityName")
    }
}
