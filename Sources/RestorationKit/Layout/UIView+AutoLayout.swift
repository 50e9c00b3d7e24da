import Foundation
import RestorationModel

/// Auto Layout's API on views: anchors, guides, the constraints a view holds, the safe area,
/// layout margins and how much a view holds to its content size.
extension UIView {
    public var leadingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .leading) }
    public var trailingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .trailing) }
    public var leftAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .left) }
    public var rightAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .right) }
    public var centerXAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .centerX) }
    public var topAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .top) }
    public var bottomAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .bottom) }
    public var centerYAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .centerY) }
    public var firstBaselineAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .firstBaseline) }
    public var lastBaselineAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .lastBaseline) }
    public var widthAnchor: NSLayoutDimension { NSLayoutDimension(item: self, attribute: .width) }
    public var heightAnchor: NSLayoutDimension { NSLayoutDimension(item: self, attribute: .height) }

    /// The part of the view no bar covers (the status bar, a navigation bar, a tab bar).
    public var safeAreaLayoutGuide: UILayoutGuide {
        if let guide = layoutState.safeAreaGuide { return guide }
        let guide = UILayoutGuide(kind: .safeArea, owningView: self)
        layoutState.safeAreaGuide = guide
        return guide
    }

    /// The safe area inset by the layout margins: where content usually goes.
    public var layoutMarginsGuide: UILayoutGuide {
        if let guide = layoutState.marginsGuide { return guide }
        let guide = UILayoutGuide(kind: .layoutMargins, owningView: self)
        layoutState.marginsGuide = guide
        return guide
    }

    /// How far the bars reach into the view, as the last layout pass found it.
    public var safeAreaInsets: UIEdgeInsets { layoutState.safeAreaInsets }

    /// 8 points on every side, or for a view controller's root view 16 points at the sides
    /// (the system minimum on a 375-point-wide iPhone) and none at the top and bottom.
    public var layoutMargins: UIEdgeInsets {
        get {
            if let margins = layoutState.layoutMargins { return margins }
            return owningViewController != nil ? UIEdgeInsets(top: 0, left: 16, bottom: 0, right: 16) : UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
        }
        set {
            layoutState.layoutMargins = newValue
            setNeedsLayout()
            layoutMarginsDidChange()
        }
    }

    // MARK: Constraints held

    /// The active constraints this view holds.
    public var constraints: [NSLayoutConstraint] { layoutState.constraints }

    public func addConstraint(_ constraint: NSLayoutConstraint) { constraint.isActive = true }
    public func addConstraints(_ constraints: [NSLayoutConstraint]) { NSLayoutConstraint.activate(constraints) }
    public func removeConstraint(_ constraint: NSLayoutConstraint) {
        if layoutState.constraints.contains(where: { $0 === constraint }) { constraint.isActive = false }
    }
    public func removeConstraints(_ constraints: [NSLayoutConstraint]) { constraints.forEach(removeConstraint) }

    func install(_ constraint: NSLayoutConstraint) {
        layoutState.constraints.append(constraint)
    }

    func uninstall(_ constraint: NSLayoutConstraint) {
        layoutState.constraints.removeAll { $0 === constraint }
    }

    /// Deactivates the constraints the ancestors from `superview` up hold between this view's
    /// subtree and views outside it, as UIKit does when the view leaves its superview.
    func removeConstraintsCrossing(from superview: UIView) {
        var holder: UIView? = superview
        while let ancestor = holder {
            for constraint in ancestor.layoutState.constraints {
                let views = [constraint.firstItem, constraint.secondItem].compactMap(NSLayoutConstraint.view(of:))
                if views.contains(where: { $0.isDescendant(of: self) }) { constraint.isActive = false }
            }
            holder = ancestor.superview
        }
    }

    // MARK: Layout guides of the app's own

    public var layoutGuides: [UILayoutGuide] { layoutState.guides }

    public func addLayoutGuide(_ layoutGuide: UILayoutGuide) {
        layoutGuide.owningView?.removeLayoutGuide(layoutGuide)
        layoutGuide.owningView = self
        layoutState.guides.append(layoutGuide)
    }

    public func removeLayoutGuide(_ layoutGuide: UILayoutGuide) {
        layoutState.guides.removeAll { $0 === layoutGuide }
        if layoutGuide.owningView === self { layoutGuide.owningView = nil }
    }

    // MARK: Content size

    /// How strongly the view resists growing past its intrinsic size (250 unless set).
    public func contentHuggingPriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        layoutState.hugging[axis] ?? .defaultLow
    }

    public func setContentHuggingPriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        layoutState.hugging[axis] = priority
    }

    /// How strongly the view resists shrinking below its intrinsic size (750 unless set).
    public func contentCompressionResistancePriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        layoutState.compressionResistance[axis] ?? .defaultHigh
    }

    public func setContentCompressionResistancePriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        layoutState.compressionResistance[axis] = priority
    }

    // MARK: Coordinates

    /// A point of this view in another view's coordinates (`nil`: the screen's). Views here are
    /// not rotated or scaled for layout, so it is a sum of origins.
    public func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        let inTop = originInTopmostView()
        let target = view?.originInTopmostView() ?? .zero
        return CGPoint(x: point.x + inTop.x - target.x, y: point.y + inTop.y - target.y)
    }

    public func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
        let source = view?.originInTopmostView() ?? .zero
        let here = originInTopmostView()
        return CGPoint(x: point.x + source.x - here.x, y: point.y + source.y - here.y)
    }

    public func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
        CGRect(origin: convert(rect.origin, to: view), size: rect.size)
    }

    public func convert(_ rect: CGRect, from view: UIView?) -> CGRect {
        CGRect(origin: convert(rect.origin, from: view), size: rect.size)
    }

    /// Where this view's bounds start on the screen: its origin and its ancestors', up to the
    /// topmost, whose frame is taken as placed on the screen (a window's, a root view's).
    func originInTopmostView() -> CGPoint {
        var point = CGPoint.zero
        var current: UIView? = self
        while let view = current {
            point.x += view.frame.minX
            point.y += view.frame.minY
            current = view.superview
        }
        return point
    }
}
