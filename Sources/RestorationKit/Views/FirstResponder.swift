import RestorationModel

/// The responder that receives typing: the one field or text view being edited, if any.
/// UIKit keeps one per window; a simulated device shows one window at a time, so one is kept.
enum FirstResponder {
    static weak var current: UIResponder?
}

/// Views that take the keyboard (fields and text views). They answer the four questions of
/// editing; `UIResponder` below decides when to ask them, in UIKit's order.
protocol KeyboardInput: UIView {
    /// Whether the view can take the keyboard at all (enabled, editable).
    var acceptsKeyboard: Bool { get }
    func shouldBeginEditing() -> Bool
    func didBeginEditing()
    func shouldEndEditing() -> Bool
    func didEndEditing()
}

// UIKit declares these on `UIResponder` as overridable methods. Here they live in an
// extension, so app subclasses cannot override them; text fields and text views take part
// through `KeyboardInput` instead.
extension UIResponder {
    public var isFirstResponder: Bool {
        FirstResponder.current === self
    }

    public var canBecomeFirstResponder: Bool {
        (self as? KeyboardInput)?.acceptsKeyboard ?? false
    }

    /// Starts editing: asks this view whether it may begin, then makes the current first
    /// responder resign (which it may refuse), then begins. `false` when anything refused.
    @discardableResult
    public func becomeFirstResponder() -> Bool {
        if isFirstResponder { return true }
        guard let input = self as? KeyboardInput, input.acceptsKeyboard, input.shouldBeginEditing() else { return false }
        if let current = FirstResponder.current, !current.resignFirstResponder() { return false }
        FirstResponder.current = self
        input.didBeginEditing()
        return true
    }

    /// Ends editing, unless the view's delegate refuses. `true` when this is no longer the first responder.
    @discardableResult
    public func resignFirstResponder() -> Bool {
        guard isFirstResponder else { return true }
        guard let input = self as? KeyboardInput else {
            FirstResponder.current = nil
            return true
        }
        guard input.shouldEndEditing() else { return false }
        FirstResponder.current = nil
        input.didEndEditing()
        return true
    }
}

extension UIView {
    /// Ends editing in this view or below it (the usual way to dismiss the keyboard before a
    /// controller saves a field's text). `force` ends it even if a delegate would refuse.
    @discardableResult
    public func endEditing(_ force: Bool) -> Bool {
        guard let editing = FirstResponder.current as? UIView, editing.isDescendant(of: self) else { return true }
        guard force else { return editing.resignFirstResponder() }
        FirstResponder.current = nil
        (editing as? KeyboardInput)?.didEndEditing()
        return true
    }
}
