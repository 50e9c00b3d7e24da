import RestorationModel

/// How a view without a tint of its own finds one: its superview's, or for a view controller's
/// root view its container's view or the window's, and at the top the system blue.
extension UIView {
    var inheritedTintColor: UIColor {
        if let superview { return superview.tintColor }
        if let controller = owningViewController {
            // A controller's view is inside its container's view, and that inside the window, on
            // a device; here root views stand alone, so the chain is followed through controllers.
            if let containerView = controller.parent?.viewIfLoaded, containerView !== self { return containerView.tintColor }
            if let window = UIApplication.current?.keyWindow, window !== self { return window.tintColor }
        }
        return .systemBlue
    }

    /// Tells this view, and every view below it that inherits its tint, that the tint changed.
    func tintColorChanged() {
        tintColorDidChange()
        for subview in subviews where subview.ownTintColor == nil { subview.tintColorChanged() }
    }
}
