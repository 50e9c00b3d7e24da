import Foundation
import RestorationKit

// The talk's sample app (seed 003), written fresh: a tab bar with a slider screen and a
// navigation controller whose screen picks a city and pushes a page about it. `optsIn` turns
// restoration on or off, so the demo can show both endings.

/// The first tab: a slider whose value is worth keeping.
final class FirstViewController: UIViewController {
    let slider = UISlider()

    override init(nibName: String?, bundle: Bundle?) {
        super.init(nibName: nibName, bundle: bundle)
        title = "First"
        restorationIdentifier = "FirstViewController"
    }

    required init?(coder: NSCoder) { fatalError("not decoded from a storyboard") }

    override func viewDidLoad() {
        super.viewDidLoad()
        slider.accessibilityIdentifier = "slider"
        slider.value = 0.5
        view.addSubview(slider)
    }

    override func encodeRestorableState(with coder: NSCoder) {
        super.encodeRestorableState(with: coder)
        coder.encode(slider.value, forKey: "encodingKeySliderValue")
    }

    override func decodeRestorableState(with coder: NSCoder) {
        super.decodeRestorableState(with: coder)
        if coder.containsValue(forKey: "encodingKeySliderValue") {
            slider.value = coder.decodeFloat(forKey: "encodingKeySliderValue")
        }
    }
}

/// The second tab's root: choose a city, then open its page.
final class SecondViewController: UIViewController {
    static let cities = ["Paris", "Tokyo"]
    let cityPicker = UISegmentedControl(items: SecondViewController.cities)
    let showButton = UIButton(type: .system)

    override init(nibName: String?, bundle: Bundle?) {
        super.init(nibName: nibName, bundle: bundle)
        title = "Second"
        restorationIdentifier = "SecondViewController"
    }

    required init?(coder: NSCoder) { fatalError("not decoded from a storyboard") }

    override func viewDidLoad() {
        super.viewDidLoad()
        cityPicker.accessibilityIdentifier = "city"
        cityPicker.selectedSegmentIndex = 0
        showButton.setTitle("Show city", for: .normal)
        showButton.addAction(UIAction { [unowned self] _ in
            let city = Self.cities[max(0, cityPicker.selectedSegmentIndex)]
            navigationController?.pushViewController(CityViewController(cityName: city), animated: true)
        }, for: .touchUpInside)
        view.addSubview(cityPicker)
        view.addSubview(showButton)
    }

    override func encodeRestorableState(with coder: NSCoder) {
        super.encodeRestorableState(with: coder)
        coder.encode(cityPicker.selectedSegmentIndex, forKey: "encodingKeySegmentIndex")
    }

    override func decodeRestorableState(with coder: NSCoder) {
        super.decodeRestorableState(with: coder)
        cityPicker.selectedSegmentIndex = coder.decodeInteger(forKey: "encodingKeySegmentIndex")
    }
}

/// A page about one city. Its own restoration class: it reads the city from the coder while
/// being recreated, and declines to come back without one.
final class CityViewController: UIViewController, UIViewControllerRestoration {
    let cityName: String
    private let label = UILabel()

    init(cityName: String) {
        self.cityName = cityName
        super.init(nibName: nil, bundle: nil)
        title = cityName
        restorationIdentifier = "CityViewController"
        restorationClass = CityViewController.self
    }

    required init?(coder: NSCoder) { fatalError("not decoded from a storyboard") }

    override func viewDidLoad() {
        super.viewDidLoad()
        label.text = "Welcome to \(cityName)!"
        view.addSubview(label)
    }

    static func viewController(withRestorationIdentifierPath identifierComponents: [String], coder: NSCoder) -> UIViewController? {
        guard let city = coder.decodeObject(forKey: "encodingKeyCityName") as? String else { return nil }
        return CityViewController(cityName: city)
    }

    override func encodeRestorableState(with coder: NSCoder) {
        super.encodeRestorableState(with: coder)
        coder.encode(cityName, forKey: "encodingKeyCityName")
    }
}

/// Builds the hierarchy in `willFinishLaunching`, so restoration finds the controllers it made.
class CityDemoAppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    /// Whether this build of the app opts in to state restoration.
    class var optsIn: Bool { true }

    func application(_ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        let window = UIWindow()
        window.restorationIdentifier = "MainWindow"
        let tabs = UITabBarController()
        tabs.restorationIdentifier = "TabController"
        let navigation = UINavigationController(rootViewController: SecondViewController())
        navigation.restorationIdentifier = "NavigationController"
        navigation.title = "Second"
        tabs.viewControllers = [FirstViewController(), navigation]
        window.rootViewController = tabs
        self.window = window
        return true
    }

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        window?.makeKeyAndVisible()
        return true
    }

    func application(_ application: UIApplication, shouldSaveSecureApplicationState coder: NSCoder) -> Bool { Self.optsIn }
    func application(_ application: UIApplication, shouldRestoreSecureApplicationState coder: NSCoder) -> Bool { Self.optsIn }
}

/// The same app before anyone added restoration.
final class CityDemoWithoutRestorationAppDelegate: CityDemoAppDelegate {
    override class var optsIn: Bool { false }
}
