import Foundation
import RestorationModel

/// A rectangle on screen with subviews. RestorationKit keeps what matters to a user and to
/// restoration (the tree, identifiers, geometry a user can see, hidden or not), not pixels.
@MainActor open class UIView: UIResponder, UIStateRestoring {
    public private(set) var subviews: [UIView] = []
    public private(set) weak var superview: UIView?

    open var frame: CGRect = .zero
    open var bounds: CGRect {
        get { CGRect(origin: .zero, size: frame.size) }
        set { frame.size = newValue.size }
    }
    open var center: CGPoint {
        get { CGPoint(x: frame.midX, y: frame.midY) }
        set { frame.origin = CGPoint(x: newValue.x - frame.width / 2, y: newValue.y - frame.height / 2) }
    }
    open var transform: CGAffineTransform = .identity
    open var isHidden = false
    open var alpha: CGFloat = 1
    open var backgroundColor: UIColor?
    open var tag = 0
    open var isUserInteractionEnabled = true

    /// Marks the view for preservation; it takes part only if its view controller does too.
    open var restorationIdentifier: String?
    /// How scenarios and tests find the view.
    open var accessibilityIdentifier: String?
    /// What assistive technology reads; also how a person names an element in a drawing.
    open var accessibilityLabel: String?

    /// The controller whose root view this is; set when the controller loads its view.
    weak var owningViewController: UIViewController?

    public init(frame: CGRect) {
        self.frame = frame
        super.init()
    }

    public convenience override init() {
        self.init(frame: .zero)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    open override var next: UIResponder? {
        owningViewController ?? superview
    }

    // MARK: The tree

    open func addSubview(_ view: UIView) {
        insertSubview(view, at: subviews.count)
    }

    open func insertSubview(_ view: UIView, at index: Int) {
        view.removeFromSuperview()
        subviews.insert(view, at: max(0, min(index, subviews.count)))
        view.superview = self
        didAddSubview(view)
    }

    open func removeFromSuperview() {
        guard let superview else { return }
        superview.subviews.removeAll { $0 === self }
        self.superview = nil
    }

    open func bringSubviewToFront(_ view: UIView) {
        guard let index = subviews.firstIndex(where: { $0 === view }) else { return }
        subviews.append(subviews.remove(at: index))
    }

    open func didAddSubview(_ subview: UIView) {}
    /// The size that fits the view's content; a plain view keeps its own. Labels and buttons
    /// measure their text.
    open func sizeThatFits(_ size: CGSize) -> CGSize { bounds.size }
    /// Resizes the view to fit its content, keeping its origin.
    open func sizeToFit() { frame.size = sizeThatFits(bounds.size) }
    open func layoutSubviews() {}
    open func setNeedsLayout() {}
    open func setNeedsDisplay() {}

    public func isDescendant(of view: UIView) -> Bool {
        var current: UIView? = self
        while let candidate = current {
            if candidate === view { return true }
            current = candidate.superview
        }
        return false
    }

    /// The first view at or below this one with the given tag.
    public func viewWithTag(_ tag: Int) -> UIView? {
        if self.tag == tag { return self }
        for subview in subviews {
            if let found = subview.viewWithTag(tag) { return found }
        }
        return nil
    }

    /// The window this view is in, if any.
    public var window: UIWindow? {
        var current: UIView? = self
        while let candidate = current {
            if let window = candidate as? UIWindow { return window }
            current = candidate.superview
        }
        return nil
    }

    // MARK: State restoration

    open var restorationParent: UIStateRestoring? { nil }
    open var objectRestorationClass: UIObjectRestoration.Type? { nil }

    /// Saves the view's own state. The base class saves nothing; overrides call `super`.
    open func encodeRestorableState(with coder: NSCoder) {}
    /// Restores the view's own state; called after its controller's view loaded.
    open func decodeRestorableState(with coder: NSCoder) {}
    open func applicationFinishedRestoringState() {}

    // MARK: What the user sees

    /// This view as a user sees it, without its subviews: `nil` for a plain container, whose
    /// visible subviews are shown in its place. Controls override it.
    open func screenElement() -> ScreenElement? {
        nil
    }

    /// This view and its visible subviews as screen elements. Hidden or transparent views show
    /// nothing; a plain container's children stand in its place.
    open func screenElements() -> [ScreenElement] {
        guard !isHidden, alpha > 0.01 else { return [] }
        let children = subviews.flatMap { $0.screenElements() }
        guard var element = screenElement() else { return children }
        if element.identifier == nil { element.identifier = accessibilityIdentifier ?? restorationIdentifier }
        element.children += children
        return [element]
    }
}
