import RestorationModel

/// The checks behind every `simulate…` method: a user can touch only what is on screen and
/// accepts touches. A failed check throws a `UserActionError` naming the view, so a scenario
/// step that asks for the impossible fails with a reason instead of crashing.
extension UIView {
    /// "the button “Save”", or "the slider" when the view has no name a user would use.
    func userFacingName(_ kind: String, _ name: String?) -> String {
        let name = accessibilityLabel ?? name ?? accessibilityIdentifier
        guard let name, !name.isEmpty else { return "the \(kind)" }
        return "the \(kind) “\(name)”"
    }

    /// Throws when the view, or a view it is in, is hidden, transparent or ignores touches.
    func ensureTouchable(_ description: String) throws {
        var current: UIView? = self
        while let view = current {
            if view.isHidden || view.alpha <= 0.01 {
                throw UserActionError("\(description) is hidden")
            }
            if !view.isUserInteractionEnabled {
                throw UserActionError("\(description) does not respond to touches (isUserInteractionEnabled is false)")
            }
            current = view.superview
        }
    }
}

extension UIControl {
    /// Throws when a user could not operate the control: hidden, untouchable or disabled.
    func ensureUsable(_ description: String) throws {
        try ensureTouchable(description)
        guard isEnabled else { throw UserActionError("\(description) is disabled") }
    }

    /// Marks a disabled control, which a user sees greyed out.
    func addEnabledState(to element: inout ScreenElement) {
        if !isEnabled { element.set(ScreenProperty.enabled, "no") }
    }
}
