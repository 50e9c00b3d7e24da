import Foundation
import RestorationModel

/// On or off. It saves nothing by itself: an app encodes `isOn`.
@preconcurrency @MainActor open class UISwitch: UIControl {
    open var isOn = false
    open var onTintColor: UIColor?

    open func setOn(_ on: Bool, animated: Bool) {
        isOn = on
    }

    // MARK: What a user does

    /// What a user's tap does: flips the switch, then `.valueChanged`. Returns the new state.
    @discardableResult
    public func simulateToggle() throws -> Bool {
        try ensureUsable(userFacingName("switch", nil))
        setOn(!isOn, animated: true)
        sendActions(for: .valueChanged)
        return isOn
    }

    // MARK: What the user sees

    /// A switch's fixed size on iOS.
    open override var intrinsicContentSize: CGSize { CGSize(width: 51, height: 31) }

    open override func screenElement() -> ScreenElement? {
        var element = ScreenElement(role: .switch, name: accessibilityLabel)
        element.set(ScreenProperty.value, isOn ? "on" : "off")
        addEnabledState(to: &element)
        return element
    }
}
