import Foundation
import RestorationModel

/// Read-only text. A label saves nothing by itself: an app that changes a label's text must
/// encode the value behind it.
@preconcurrency @MainActor open class UILabel: UIView {
    open var text: String?
    open var numberOfLines = 1
    open var textAlignment: NSTextAlignment = .natural

    private var storedFont = UIFont.systemFont(ofSize: 17)
    /// Setting `nil` brings back the default font, as in UIKit.
    open var font: UIFont! {
        get { storedFont }
        set { storedFont = newValue ?? UIFont.systemFont(ofSize: 17) }
    }

    private var storedTextColor = UIColor.label
    open var textColor: UIColor! {
        get { storedTextColor }
        set { storedTextColor = newValue ?? .label }
    }

    /// A label ignores touches, as in UIKit.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        isUserInteractionEnabled = false
    }

    /// A plausible size without fonts: 8 points per character of the longest line, 20 points
    /// per line (as many lines as `numberOfLines` allows; 0 means no limit).
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        let lines = (text ?? "").split(separator: "\n", omittingEmptySubsequences: false)
        let shown = numberOfLines > 0 ? min(lines.count, numberOfLines) : lines.count
        let longest = lines.map(\.count).max() ?? 0
        return CGSize(width: CGFloat(longest * 8), height: CGFloat(max(shown, 1) * 20))
    }

    /// Its text's size, as Auto Layout and stack views ask for it; nothing without text.
    open override var intrinsicContentSize: CGSize {
        (text ?? "").isEmpty ? .zero : sizeThatFits(.zero)
    }

    /// The text, and where the label is when it was placed (by frame, labels scattered over a
    /// custom view, or by Auto Layout), in the screen's coordinates, so that restoring
    /// positions shows on screen.
    open override func screenElement() -> ScreenElement? {
        var element = ScreenElement(role: .label)
        element.set(ScreenProperty.text, text ?? "")
        if frame != .zero { element.set(ScreenProperty.frame, ScreenElement.format(convert(bounds, to: nil))) }
        return element
    }
}
