import Foundation
import RestorationModel

/// What Auto Layout keeps for one view: the constraints it holds, its layout guides, how much
/// it wants its content size, and whether it needs laying out.
@preconcurrency @MainActor final class ViewLayoutState {
    /// The active constraints this view holds (it is their views' nearest common ancestor).
    var constraints: [NSLayoutConstraint] = []
    /// The guides of the app's own added to this view.
    var guides: [UILayoutGuide] = []
    var safeAreaGuide: UILayoutGuide?
    var marginsGuide: UILayoutGuide?
    /// Set when something that moves the view's subviews changed; cleared by a layout pass.
    var needsLayout = true
    var needsUpdateConstraints = false
    /// As the last layout pass found them.
    var safeAreaInsets: UIEdgeInsets = .zero
    /// `nil` until the app sets them: the default then depends on the view (see `layoutMargins`).
    var layoutMargins: UIEdgeInsets?
    var hugging: [NSLayoutConstraint.Axis: UILayoutPriority] = [:]
    var compressionResistance: [NSLayoutConstraint.Axis: UILayoutPriority] = [:]
    /// The stack view that places this view, while it is one of its arranged subviews.
    weak var arrangingStack: UIStackView?
}
