/// Where a constraint's attribute lies for the solver: which axis, which part of it, and
/// whether it is measured on the view's layout margins rather than its edges.
struct LayoutAttribute {
    let axis: NSLayoutConstraint.Axis
    let part: AxisFacts.Part
    let onMargins: Bool

    /// `nil` for `.notAnAttribute`. Leading and trailing are left and right: the simulated
    /// device reads left to right. A baseline is taken as the view's bottom edge: without font
    /// metrics this is the engine's reading (a one-line label's baseline sits a few points
    /// above its bottom on a device).
    init?(_ attribute: NSLayoutConstraint.Attribute) {
        switch attribute {
        case .left, .leading: self.init(.horizontal, .minimum)
        case .right, .trailing: self.init(.horizontal, .maximum)
        case .centerX: self.init(.horizontal, .center)
        case .width: self.init(.horizontal, .size)
        case .top: self.init(.vertical, .minimum)
        case .bottom, .firstBaseline, .lastBaseline: self.init(.vertical, .maximum)
        case .centerY: self.init(.vertical, .center)
        case .height: self.init(.vertical, .size)
        case .leftMargin, .leadingMargin: self.init(.horizontal, .minimum, onMargins: true)
        case .rightMargin, .trailingMargin: self.init(.horizontal, .maximum, onMargins: true)
        case .centerXWithinMargins: self.init(.horizontal, .center, onMargins: true)
        case .topMargin: self.init(.vertical, .minimum, onMargins: true)
        case .bottomMargin: self.init(.vertical, .maximum, onMargins: true)
        case .centerYWithinMargins: self.init(.vertical, .center, onMargins: true)
        case .notAnAttribute: return nil
        }
    }

    private init(_ axis: NSLayoutConstraint.Axis, _ part: AxisFacts.Part, onMargins: Bool = false) {
        self.axis = axis
        self.part = part
        self.onMargins = onMargins
    }
}
