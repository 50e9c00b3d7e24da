import Foundation
import RestorationModel

/// A value between a minimum and a maximum. It saves nothing by itself: an app encodes the
/// value (the textbook's `encodingKeySliderValue`).
@preconcurrency @MainActor open class UISlider: UIControl {
    private var storedValue: Float = 0
    /// Always between `minimumValue` and `maximumValue`, as in UIKit.
    open var value: Float {
        get { storedValue }
        set { storedValue = clamp(newValue) }
    }

    open var minimumValue: Float = 0 {
        didSet { storedValue = clamp(storedValue) }
    }

    open var maximumValue: Float = 1 {
        didSet { storedValue = clamp(storedValue) }
    }

    /// Whether a drag sends `.valueChanged` as it goes or once at the end; one simulated
    /// slide sends it once either way.
    open var isContinuous = true
    open var minimumTrackTintColor: UIColor?
    open var maximumTrackTintColor: UIColor?

    open func setValue(_ value: Float, animated: Bool) {
        self.value = value
    }

    private func clamp(_ value: Float) -> Float {
        min(max(value, minimumValue), max(minimumValue, maximumValue))
    }

    /// As tall as its thumb; as wide as it is made (no opinion across), as in UIKit.
    open override var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: 31) }

    // MARK: What a user does

    /// What a user's drag of the thumb does: the value goes to `value`, stopped at the ends of
    /// the track, then `.valueChanged`. Returns the value reached.
    @discardableResult
    public func simulateSlide(to value: Float) throws -> Float {
        try ensureUsable(userFacingName("slider", nil))
        self.value = value
        sendActions(for: .valueChanged)
        return self.value
    }

    // MARK: What the user sees

    open override func screenElement() -> ScreenElement? {
        var element = ScreenElement(role: .slider, name: accessibilityLabel)
        element.set(ScreenProperty.value, ScreenElement.format(Double(value)))
        element.set(ScreenProperty.minimum, ScreenElement.format(Double(minimumValue)))
        element.set(ScreenProperty.maximum, ScreenElement.format(Double(maximumValue)))
        addEnabledState(to: &element)
        return element
    }
}
