import Foundation
import UIKit

// The talk's sample app (seed 003), written fresh: a tab bar with a slider screen and a
// navigation controller whose screen picks a city and pushes a page about it. Each step of the
// tour is this app with a delegate of its own, which opts in to restoration or not.

/// The first tab: a slider whose value is worth keeping.
public final class FirstViewController: UIViewController {
    public let slider = UISlider()

    public override init(nibName: String?, bundle: Bundle?) {
        super.init(nibName: nibName, bundle: bundle)
        title = "First"
        restorationIdentifier = "FirstViewController"
    }

    public required init?(coder: NSCoder) { fatalError("not decoded from a storyboard") }

    public override func viewDidLoad() {
        super.viewDidLoad()
        slider.accessibilityIdentifier = "slider"
        slider.value = 0.5
        view.addSubview(slider)
    }

    public override func encodeRestorableState(with coder: NSCoder) {
        super.encodeRestorableState(with: coder)
        coder.encode(slider.value, forKey: "encodingKeySliderValue")
    }

    public override func decodeRestorableState(with coder: NSCoder) {
        super.decodeRestorableState(with: coder)
        if coder.containsValue(forKey: "encodingKeySliderValue") {
            slider.value = coder.decodeFloat(forKey: "encodingKeySliderValue")
        }
    }
}

/// The second tab's root: choose a city, then open its page.
public final class SecondViewController: UIViewController {
    public static let cities = ["Paris", "Tokyo"]
    public let cityPicker = UISegmentedControl(items: SecondViewController.cities)
    public let showButton = UIButton(type: .system)

    public override init(nibName: String?, bundle: Bundle?) {
        super.init(nibName: nibName, bundle: bundle)
        title = "Second"
        restorationIdentifier = "SecondViewController"
    }

    public required init?(coder: NSCoder) { fatalError("not decoded from a storyboard") }

    public override func viewDidLoad() {
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

    public override func encodeRestorableState(with coder: NSCoder) {
        super.encodeRestorableState(with: coder)
        coder.encode(cityPicker.selectedSegmentIndex, forKey: "encodingKeySegmentIndex")
    }

    public override func decodeRestorableState(with coder: NSCoder) {
        super.decodeRestorableState(with: coder)
        cityPicker.selectedSegmentIndex = coder.decodeInteger(forKey: "encodingKeySegmentIndex")
    }
}

/// A page about one city. Its own restoration class: it reads the city from the coder while
/// being recreated, and declines to come back without one.
public final class CityViewController: UIViewController, UIViewControllerRestoration {
    public let cityName: String
    private let label = UILabel()

    public init(cityName: String) {
        self.cityName = cityName
        super.init(nibName: nil, bundle: nil)
        title = cityName
        restorationIdentifier = "CityViewController"
        restorationClass = CityViewController.self
    }

    public required init?(coder: NSCoder) { fatalError("not decoded from a storyboard") }

    public override func viewDidLoad() {
        super.viewDidLoad()
        label.text = "Welcome to \(cityName)!"
        view.addSubview(label)
    }

    public static func viewController(withRestorationIdentifierPath identifierComponents: [String], coder: NSCoder) -> UIViewController? {
        guard let city = coder.decodeObject(of: NSString.self, forKey: "encodingKeyCityName") as String? else { return nil }
        return CityViewController(cityName: city)
    }

    public override func encodeRestorableState(with coder: NSCoder) {
        super.encodeRestorableState(with: coder)
        coder.encode(cityName, forKey: "encodingKeyCityName")
    }
}

/// The app's window and controllers, as both builds of the app make them in
/// `willFinishLaunching`, so that restoration finds the controllers already there.
public enum CityDemoWindow {
    @MainActor public static func make() -> UIWindow {
        let window = UIWindow()
        window.restorationIdentifier = "MainWindow"
        let tabs = UITabBarController()
        tabs.restorationIdentifier = "TabController"
        let navigation = UINavigationController(rootViewController: SecondViewController())
        navigation.restorationIdentifier = "NavigationController"
        navigation.title = "Second"
        tabs.viewControllers = [FirstViewController(), navigation]
        window.rootViewController = tabs
        return window
    }
}
