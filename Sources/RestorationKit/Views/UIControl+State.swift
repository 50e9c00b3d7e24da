import RestorationModel

extension UIControl {
    /// The states a control can be in. A button's titles can differ per state; a state without
    /// its own title falls back to `.normal`'s.
    nonisolated public struct State: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let normal = State([])
        public static let highlighted = State(rawValue: 1 << 0)
        public static let disabled = State(rawValue: 1 << 1)
        public static let selected = State(rawValue: 1 << 2)
        public static let focused = State(rawValue: 1 << 3)
    }

    /// The control's current state, from `isEnabled` and `isSelected`.
    public var state: State {
        var state: State = .normal
        if !isEnabled { state.insert(.disabled) }
        if isSelected { state.insert(.selected) }
        return state
    }
}
