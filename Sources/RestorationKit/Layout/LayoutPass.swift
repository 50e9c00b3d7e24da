import Foundation
import RestorationModel

/// One layout pass over a hierarchy, as UIKit runs before a frame is drawn: constraints are
/// updated where asked, Auto Layout places the views (`LayoutSolver`), then each view that
/// needed layout gets `layoutSubviews()`, its controller `viewWillLayoutSubviews()` before and
/// `viewDidLayoutSubviews()` after.
@preconcurrency @MainActor enum LayoutPass {
    /// Lays out the whole hierarchy `view` is in, from its topmost view.
    static func run(from view: UIView) {
        var top = view
        while let superview = top.superview { top = superview }
        run(root: top)
    }

    /// Lays out a hierarchy; a controller's root view gets the safe area its bars leave.
    static func run(root: UIView) {
        let controller = root.owningViewController
        let insets = controller?.layoutSafeAreaInsets ?? .zero
        updateConstraints(in: root)
        if root.layoutState.needsLayout { controller?.viewWillLayoutSubviews() }
        if needsSolving(root) {
            var solver = LayoutSolver(root: root, safeAreaInsets: insets)
            solver.solve()
        } else {
            root.layoutState.safeAreaInsets = insets
        }
        layoutSubviews(of: root, isRoot: true)
    }

    /// Bottom up, as UIKit does: a view's constraints may depend on its subviews'.
    private static func updateConstraints(in view: UIView) {
        for subview in view.subviews { updateConstraints(in: subview) }
        guard view.layoutState.needsUpdateConstraints else { return }
        view.layoutState.needsUpdateConstraints = false
        if let controller = view.owningViewController { controller.updateViewConstraints() } else { view.updateConstraints() }
    }

    /// Whether anything in the hierarchy is placed by Auto Layout: without constraints or stack
    /// views, frames stay exactly as the app set them.
    private static func needsSolving(_ view: UIView) -> Bool {
        if !view.layoutState.constraints.isEmpty || view is UIStackView { return true }
        return view.subviews.contains(where: needsSolving)
    }

    /// Top down: a view lays out its subviews once its own frame is final. A controller's view
    /// inside the hierarchy (a child's) brings its controller's calls; the root's `will` came
    /// before Auto Layout.
    private static func layoutSubviews(of view: UIView, isRoot: Bool) {
        let needed = view.layoutState.needsLayout
        view.layoutState.needsLayout = false
        let controller = view.owningViewController
        if needed, !isRoot { controller?.viewWillLayoutSubviews() }
        if needed { view.layoutSubviews() }
        for subview in view.subviews { layoutSubviews(of: subview, isRoot: false) }
        if needed { controller?.viewDidLayoutSubviews() }
    }
}

extension UIWindow {
    /// Lays out the views of every controller on screen, as UIKit does before each frame.
    /// A controller's view inside another's is laid out with it.
    func layoutVisibleControllers() {
        for controller in currentlyVisibleControllers() {
            guard let view = controller.viewIfLoaded, view.superview == nil else { continue }
            LayoutPass.run(root: view)
        }
    }
}

extension UIViewController {
    /// The part of this controller's view the bars cover, on the simulated iPhone (375 × 667,
    /// no notch): the status bar's 20 points at the top of a full-screen controller, a
    /// navigation bar's 44 (56 in a sheet, which the status bar does not reach), a tab bar's 49
    /// at the bottom, and the additional insets of this controller and its ancestors. A sheet's
    /// views are laid out in the screen's size here; on a device the card is 30 points shorter.
    var layoutSafeAreaInsets: UIEdgeInsets {
        let inSheet = rootAncestor.directPresenter != nil && rootAncestor.modalPresentationStyle.showsAsSheet
        var insets = UIEdgeInsets(top: inSheet ? 0 : 20, left: 0, bottom: 0, right: 0)
        if let navigation = self as? UINavigationController ?? navigationController, !navigation.isNavigationBarHidden {
            insets.top += inSheet ? 56 : 44
        }
        if let tabs = self as? UITabBarController ?? tabBarController, tabs.isTabBarShown { insets.bottom += 49 }
        var current: UIViewController? = self
        while let controller = current {
            insets.top += controller.additionalSafeAreaInsets.top
            insets.left += controller.additionalSafeAreaInsets.left
            insets.bottom += controller.additionalSafeAreaInsets.bottom
            insets.right += controller.additionalSafeAreaInsets.right
            current = controller.parent
        }
        return insets
    }
}
