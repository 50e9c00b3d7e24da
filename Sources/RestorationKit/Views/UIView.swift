import Foundation
import RestorationModel

/// A rectangle on screen with subviews. RestorationKit keeps what matters to a user and to
/// restoration (the tree, identifiers, geometry a user can see, hidden or not), not pixels.
///
/// It adopts `NSCoding`, as UIKit declares it (and not `NSSecureCoding`): a restoration coder
/// keeps a view as a reference, never a copy.
@preconcurrency @MainActor open class UIView: UIResponder, UIStateRestoring, @preconcurrency NSCoding {
    public private(set) var subviews: [UIView] = []
    public private(set) weak var superview: UIView?

    open var frame: CGRect = .zero {
        didSet { if frame.size != oldValue.size { layoutState.needsLayout = true } }
    }
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

    /// Whether the view's frame places it (`true`, the default for a view made in code) or
    /// Auto Layout does, from its constraints (`Layout/LayoutSolver.swift`).
    open var translatesAutoresizingMaskIntoConstraints = true
    /// Auto Layout's record of this view: its constraints, guides and whether it needs layout.
    lazy var layoutState = ViewLayoutState()

    /// The colour controls draw their active parts in. Without one of its own a view takes its
    /// superview's (up to the window's, then the system blue), as in UIKit.
    open var tintColor: UIColor! {
        get { ownTintColor ?? inheritedTintColor }
        set {
            ownTintColor = newValue
            tintColorChanged()
        }
    }
    var ownTintColor: UIColor?

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

    /// `NSCoding`'s archiving. A device writes what a nib holds; a view here comes from code,
    /// so there is nothing of UIKit's own to write. Overrides call `super`, as on iOS.
    open func encode(with coder: NSCoder) {}

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
        layoutState.needsLayout = true
        view.layoutState.needsLayout = true
        didAddSubview(view)
        if view.ownTintColor == nil { view.tintColorChanged() }
    }

    /// Takes the view out of its superview. As in UIKit, it leaves the stack view that arranged
    /// it, and the constraints between it (or its subviews) and views outside go with it.
    open func removeFromSuperview() {
        guard let superview else { return }
        layoutState.arrangingStack?.removeArrangedSubview(self)
        removeConstraintsCrossing(from: superview)
        superview.subviews.removeAll { $0 === self }
        superview.layoutState.needsLayout = true
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
    /// Places subviews by hand; called by the layout pass once Auto Layout has placed them, on
    /// views that needed layout. Overrides should call `super`.
    open func layoutSubviews() {}
    /// Asks for a layout pass before the next frame.
    open func setNeedsLayout() { layoutState.needsLayout = true }
    /// Lays out at once what needs it, from the top of this view's hierarchy.
    open func layoutIfNeeded() { LayoutPass.run(from: self) }
    open func setNeedsDisplay() {}

    // MARK: Auto Layout

    nonisolated public static let noIntrinsicMetric: CGFloat = -1
    /// The size the view's content wants, or `noIntrinsicMetric` for a dimension it has no
    /// opinion on (a plain view). Labels, buttons and controls measure themselves.
    open var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric) }
    open func invalidateIntrinsicContentSize() {
        layoutState.needsLayout = true
        superview?.layoutState.needsLayout = true
    }
    /// Where an app adds or changes its constraints before a layout pass, after
    /// `setNeedsUpdateConstraints()`. Overrides must call `super`.
    open func updateConstraints() {}
    open func setNeedsUpdateConstraints() { layoutState.needsUpdateConstraints = true }
    open func updateConstraintsIfNeeded() {
        guard layoutState.needsUpdateConstraints else { return }
        layoutState.needsUpdateConstraints = false
        updateConstraints()
    }
    /// Whether the layout margins are measured from the safe area rather than the bounds.
    open var insetsLayoutMarginsFromSafeArea = true
    open func layoutMarginsDidChange() {}
    open func safeAreaInsetsDidChange() {}

    // MARK: Tint and traits

    /// Called when the tint this view shows changes: its own, or the one it inherits.
    open func tintColorDidChange() {}

    /// The device's traits: an iPhone held upright (see `UITraitCollection.current`).
    open var traitCollection: UITraitCollection { .current }
    /// Never called on the simulated device, whose traits never change; here for code that
    /// overrides it.
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

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
