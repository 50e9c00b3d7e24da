import Foundation
import Testing
@testable import RestorationKit

/// A quantity chosen with a stepper. Its controller keeps the value, and encodes it only when
/// asked to (`savesQuantity`): a stepper saves nothing by itself.
final class QuantityViewController: UIViewController {
    nonisolated(unsafe) static var savesQuantity = true
    let stepper = UIStepper()
    private let label = UILabel()
    private(set) var quantity = 1.0

    override init(nibName: String?, bundle: Bundle?) {
        super.init(nibName: nibName, bundle: bundle)
        title = "Order"
        restorationIdentifier = "Quantity"
    }

    required init?(coder: NSCoder) { fatalError("not used") }

    override func viewDidLoad() {
        super.viewDidLoad()
        stepper.accessibilityIdentifier = "quantity"
        stepper.minimumValue = 1
        stepper.maximumValue = 10
        stepper.value = quantity
        stepper.addAction(UIAction { [unowned self] _ in show(stepper.value) }, for: .valueChanged)
        view.addSubview(label)
        view.addSubview(stepper)
        show(quantity)
    }

    private func show(_ value: Double) {
        quantity = value
        label.text = "\(Int(value)) cups"
    }

    override func encodeRestorableState(with coder: NSCoder) {
        super.encodeRestorableState(with: coder)
        if Self.savesQuantity { coder.encode(quantity, forKey: "quantity") }
    }

    override func decodeRestorableState(with coder: NSCoder) {
        super.decodeRestorableState(with: coder)
        guard coder.containsValue(forKey: "quantity") else { return }
        stepper.value = coder.decodeDouble(forKey: "quantity")
        show(stepper.value)
    }
}

final class QuantityAppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(_ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        window = UIWindow()
        let navigation = UINavigationController(rootViewController: QuantityViewController())
        navigation.restorationIdentifier = "Navigation"
        window?.rootViewController = navigation
        return true
    }

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        window?.makeKeyAndVisible()
        return true
    }

    func application(_ application: UIApplication, shouldSaveSecureApplicationState coder: NSCoder) -> Bool { true }
    func application(_ application: UIApplication, shouldRestoreSecureApplicationState coder: NSCoder) -> Bool { true }

    var quantity: QuantityViewController? { (window?.rootViewController as? UINavigationController)?.topViewController as? QuantityViewController }
}

extension RuleBook.ViewTests {
    @Suite struct Steppers {
        init() { QuantityViewController.savesQuantity = true }

        @Test("A tap on + or − moves the value by the step and sends value-changed once; at an end that button is disabled")
        func stepsAndStops() throws {
            let log = CallLog()
            let stepper = UIStepper()
            stepper.maximumValue = 2
            stepper.stepValue = 1.5
            stepper.record(.valueChanged, as: "valueChanged", in: log)

            #expect(try stepper.simulateStep(up: true) == 1.5)
            #expect(try stepper.simulateStep(up: true) == 2, "stopped at the maximum")
            #expect(throws: UserActionError("the + button of the stepper is disabled: the value is at its maximum")) {
                try stepper.simulateStep(up: true)
            }
            #expect(try stepper.simulateStep(up: false) == 0.5)
            #expect(log.calls == ["valueChanged", "valueChanged", "valueChanged"])
            #expect(stepper.screenElement() == ScreenElement(role: .stepper, properties: [
                .init("value", "0.5"), .init("minimum", "0"), .init("maximum", "2"),
            ]))
        }

        @Test("A stepper that wraps goes round from one end to the other")
        func wraps() throws {
            let stepper = UIStepper()
            stepper.minimumValue = 1
            stepper.maximumValue = 3
            stepper.wraps = true
            stepper.value = 3
            #expect(try stepper.simulateStep(up: true) == 1)
            #expect(try stepper.simulateStep(up: false) == 3)
        }

        @Test("UIKit's defaults, and a value set in code kept within the range")
        func defaultsAndClamping() {
            let stepper = UIStepper()
            #expect([stepper.value, stepper.minimumValue, stepper.maximumValue, stepper.stepValue] == [0, 0, 100, 1])
            #expect(!stepper.wraps && stepper.autorepeat && stepper.isContinuous)
            stepper.value = 250
            #expect(stepper.value == 100)
            stepper.stepValue = 0
            #expect(stepper.stepValue == 1, "a step that is not positive is refused")
            #expect(stepper.intrinsicContentSize == CGSize(width: 94, height: 32))
        }

        @Test("A stepper's value kept by its controller: tapped up through the screen, it comes back after Home, kill and relaunch")
        func valueKeptByController() throws {
            let phone = Phone()
            let first = phone.launch(QuantityAppDelegate.self)
            for _ in 0..<3 { try first.perform(.tap(.title("Increment"))) }
            try first.perform(.tap(.identifier("quantity Increment")))
            try first.perform(.tap(.title("Decrement")))
            #expect((first.delegate as? QuantityAppDelegate)?.quantity?.stepper.value == 4)
            #expect(first.screen.drawing().contains("[ − ] 4 [ + ]"))
            phone.homeAndKill()

            let second = phone.launch(QuantityAppDelegate.self)
            let restored = try #require((second.delegate as? QuantityAppDelegate)?.quantity)
            #expect(restored.stepper.value == 4)
            #expect(second.screen.elements.contains { $0.role == .stepper && $0[property: ScreenProperty.value] == "4" })
            #expect(second.screen.elements.contains { $0[property: ScreenProperty.text] == "4 cups" })
        }

        @Test("A stepper saves nothing by itself: when its controller does not encode the value, it is lost")
        func notSavedByItself() throws {
            QuantityViewController.savesQuantity = false
            let phone = Phone()
            let first = phone.launch(QuantityAppDelegate.self)
            for _ in 0..<3 { try first.perform(.tap(.title("Increment"))) }
            let before = first.screen
            phone.homeAndKill()

            let second = phone.launch(QuantityAppDelegate.self)
            #expect((second.delegate as? QuantityAppDelegate)?.quantity?.stepper.value == 1)
            let lost = LostState.between(before, second.screen)
            #expect(lost.contains { $0.kind == .value && $0.role == .stepper && $0.before == "4" && $0.after == "1" })
        }
    }
}
