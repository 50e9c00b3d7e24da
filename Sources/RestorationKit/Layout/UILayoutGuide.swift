import Foundation
import RestorationModel

/// A rectangle that takes part in Auto Layout without being a view: a view's safe area (the
/// part no bar covers), its layout margins, or a guide of the app's own (`addLayoutGuide`),
/// which constraints place like a view.
@preconcurrency @MainActor open class UILayoutGuide: NSObject {
    enum Kind { case custom, safeArea, layoutMargins }

    let kind: Kind
    public internal(set) weak var owningView: UIView?
    open var identifier = ""
    /// Where a guide of the app's own was placed by the last layout pass, in its view's
    /// coordinates.
    var placedFrame: CGRect = .zero

    public override init() {
        kind = .custom
        super.init()
    }

    init(kind: Kind, owningView: UIView) {
        self.kind = kind
        self.owningView = owningView
        identifier = kind == .safeArea ? "UIViewSafeAreaLayoutGuide" : "UIViewLayoutMarginsGuide"
        super.init()
    }

    /// The guide's rectangle in its owning view's coordinates.
    open var layoutFrame: CGRect {
        guard let owningView else { return .zero }
        switch kind {
        case .custom: return placedFrame
        case .safeArea: return owningView.bounds.inset(by: owningView.safeAreaInsets)
        case .layoutMargins:
            let outer = owningView.insetsLayoutMarginsFromSafeArea ? owningView.bounds.inset(by: owningView.safeAreaInsets) : owningView.bounds
            return outer.inset(by: owningView.layoutMargins)
        }
    }

    public var leadingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .leading) }
    public var trailingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .trailing) }
    public var leftAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .left) }
    public var rightAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .right) }
    public var centerXAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .centerX) }
    public var topAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .top) }
    public var bottomAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .bottom) }
    public var centerYAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .centerY) }
    public var widthAnchor: NSLayoutDimension { NSLayoutDimension(item: self, attribute: .width) }
    public var heightAnchor: NSLayoutDimension { NSLayoutDimension(item: self, attribute: .height) }
}

extension CGRect {
    /// The rectangle with its edges moved in by the insets (never to a negative size).
    func inset(by insets: UIEdgeInsets) -> CGRect {
        CGRect(x: minX + insets.left, y: minY + insets.top,
               width: max(0, width - insets.left - insets.right), height: max(0, height - insets.top - insets.bottom))
    }
}
