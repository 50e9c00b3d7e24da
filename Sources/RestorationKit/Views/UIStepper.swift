import Foundation
import RestorationModel

/// A − and a + button that step a value between a minimum and a maximum. It saves nothing by
/// itself: its controller keeps the value and encodes it, as for a slider.
@preconcurrency @MainActor open class UIStepper: UIControl {
    private var storedValue: Double = 0
    /// Always between `minimumValue` and `maximumValue`, as in UIKit.
    open var value: Double {
        get { storedValue }
        set { storedValue = clamp(newValue) }
    }

    open var minimumValue: Double = 0 {
        didSet { storedValue = clamp(storedValue) }
    }

    open var maximumValue: Double = 100 {
        didSet { storedValue = clamp(storedValue) }
    }

    /// How far a tap moves the value. UIKit refuses a step that is not positive; here such a
    /// step is ignored and the previous one kept.
    open var stepValue: Double = 1 {
        didSet { if !(stepValue > 0) { stepValue = oldValue } }
    }

    /// Whether stepping past one end goes round to the other (otherwise that button is disabled).
    open var wraps = false
    /// Whether holding a button repeats the step; one simulated tap is one step either way.
    open var autorepeat = true
    /// Whether a held button sends `.valueChanged` at each step or once at the end; one
    /// simulated tap sends it once either way.
    open var isContinuous = true

    /// A stepper's fixed size on iOS.
    open override var intrinsicContentSize: CGSize { CGSize(width: 94, height: 32) }

    private func clamp(_ value: Double) -> Double {
        min(max(value, minimumValue), max(minimumValue, maximumValue))
    }

    /// Whether the + (or −) button can be tapped: not at the end it moves towards, unless the
    /// stepper wraps.
    func canStep(up: Bool) -> Bool {
        wraps || (up ? value < maximumValue : value > minimumValue)
    }

    // MARK: What a user does

    /// What a user's tap on + (`up`) or − does: the value moves by `stepValue`, stopped at the
    /// end (or round to the other end when the stepper wraps), then `.valueChanged`. Returns the
    /// value reached.
    @discardableResult
    public func simulateStep(up: Bool) throws -> Double {
        let button = up ? "+" : "−"
        try ensureUsable(userFacingName("stepper", nil))
        guard canStep(up: up) else {
            throw UserActionError("the \(button) button of \(userFacingName("stepper", nil)) is disabled: the value is at its \(up ? "maximum" : "minimum")")
        }
        let next = value + (up ? stepValue : -stepValue)
        if next > maximumValue {
            value = wraps ? minimumValue : maximumValue
        } else if next < minimumValue {
            value = wraps ? maximumValue : minimumValue
        } else {
            value = next
        }
        sendActions(for: .valueChanged)
        return value
    }

    // MARK: What the user sees

    /// Its value between its − and + buttons.
    open override func screenElement() -> ScreenElement? {
        var element = ScreenElement(role: .stepper, name: accessibilityLabel)
        element.set(ScreenProperty.value, ScreenElement.format(value))
        element.set(ScreenProperty.minimum, ScreenElement.format(minimumValue))
        element.set(ScreenProperty.maximum, ScreenElement.format(maximumValue))
        addEnabledState(to: &element)
        return element
    }
}
