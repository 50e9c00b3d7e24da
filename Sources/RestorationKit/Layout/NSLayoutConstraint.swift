import Foundation
import RestorationModel

/// A relation between two views' edges, sizes or centres (or one view's size and a constant):
/// `first.attribute = multiplier × second.attribute + constant`, or `≤`, `≥`. An active
/// constraint is held by the nearest common ancestor of its views, and the layout pass before
/// each frame places the views it can (see `LayoutSolver`).
@preconcurrency @MainActor open class NSLayoutConstraint: NSObject {
    nonisolated public enum Attribute: Int, Sendable {
        case left = 1, right, top, bottom, leading, trailing, width, height, centerX, centerY, lastBaseline
        case firstBaseline = 12
        case leftMargin, rightMargin, topMargin, bottomMargin, leadingMargin, trailingMargin
        case centerXWithinMargins, centerYWithinMargins
        case notAnAttribute = 0
    }

    nonisolated public enum Relation: Int, Sendable {
        case lessThanOrEqual = -1, equal = 0, greaterThanOrEqual = 1
    }

    nonisolated public enum Axis: Int, Sendable {
        case horizontal = 0, vertical = 1
    }

    /// A view or a layout guide; weak, as in UIKit, so a constraint keeps no view alive.
    public private(set) weak var firstItem: AnyObject?
    public private(set) weak var secondItem: AnyObject?
    public let firstAttribute: Attribute
    public let secondAttribute: Attribute
    public let relation: Relation
    public let multiplier: CGFloat
    open var constant: CGFloat {
        didSet { if constant != oldValue { markItemsForLayout() } }
    }
    /// A constraint below `.required` gives way when it cannot hold with the required ones.
    open var priority: UILayoutPriority = .required {
        didSet { markItemsForLayout() }
    }
    open var identifier: String?
    open var shouldBeArchived = false

    public init(item view1: Any, attribute attr1: Attribute, relatedBy relation: Relation, toItem view2: Any?,
                attribute attr2: Attribute, multiplier: CGFloat, constant c: CGFloat) {
        firstItem = view1 as AnyObject
        secondItem = view2.map { $0 as AnyObject }
        firstAttribute = attr1
        secondAttribute = view2 == nil ? .notAnAttribute : attr2
        self.relation = relation
        self.multiplier = multiplier
        constant = c
        super.init()
    }

    /// The view that holds the constraint while it is active.
    private weak var holder: UIView?

    /// Whether the constraint takes part in layout. Activating it installs it on the nearest
    /// common ancestor of its views, as UIKit does; views that are not (yet) in one hierarchy
    /// leave it on the first view's, and the layout pass uses it once they are.
    open var isActive: Bool {
        get { holder != nil }
        set {
            guard newValue != isActive else { return }
            if newValue {
                guard let holder = Self.commonAncestor(of: firstItem, secondItem) else { return }
                holder.install(self)
                self.holder = holder
            } else {
                holder?.uninstall(self)
                holder = nil
            }
            markItemsForLayout()
        }
    }

    open class func activate(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { constraint.isActive = true }
    }

    open class func deactivate(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { constraint.isActive = false }
    }

    /// The view an item (a view or a layout guide) stands in.
    static func view(of item: AnyObject?) -> UIView? {
        switch item {
        case let view as UIView: view
        case let guide as UILayoutGuide: guide.owningView
        default: nil
        }
    }

    private static func commonAncestor(of first: AnyObject?, _ second: AnyObject?) -> UIView? {
        guard let firstView = view(of: first) else { return nil }
        guard let secondView = view(of: second) else { return firstView }
        var candidate: UIView? = firstView
        while let view = candidate {
            if secondView.isDescendant(of: view) { return view }
            candidate = view.superview
        }
        return firstView
    }

    /// A changed constraint moves its views at the next layout pass.
    private func markItemsForLayout() {
        for item in [firstItem, secondItem] {
            guard let view = Self.view(of: item) else { continue }
            view.setNeedsLayout()
            view.superview?.setNeedsLayout()
        }
    }
}
