import Foundation
import RestorationModel

/// A closure-based action: Linux has no selectors, and UIKit's modern API needs none.
@preconcurrency @MainActor public final class UIAction {
    public let title: String
    public let handler: (UIAction) -> Void
    /// The control that sent the action, while it runs.
    public internal(set) weak var sender: AnyObject?

    public init(title: String = "", handler: @escaping (UIAction) -> Void) {
        self.title = title
        self.handler = handler
    }
}

/// A view that turns touches into actions: buttons, fields, sliders, pickers.
@preconcurrency @MainActor open class UIControl: UIView {
    nonisolated public struct Event: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let touchUpInside = Event(rawValue: 1 << 6)
        public static let valueChanged = Event(rawValue: 1 << 12)
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        public static let editingDidBegin = Event(rawValue: 1 << 16)
        public static let editingChanged = Event(rawValue: 1 << 17)
        public static let editingDidEnd = Event(rawValue: 1 << 18)
        public static let editingDidEndOnExit = Event(rawValue: 1 << 19)
        public static let allEvents = Event(rawValue: UInt.max)
    }

    open var isEnabled = true
    open var isSelected = false

    private var actions: [(action: UIAction, events: Event)] = []

    public func addAction(_ action: UIAction, for controlEvents: Event) {
        actions.append((action, controlEvents))
    }

    public func removeAction(_ action: UIAction, for controlEvents: Event) {
        actions.removeAll { $0.action === action && $0.events == controlEvents }
    }

    /// Runs every action registered for any of the events, in the order they were added.
    open func sendActions(for controlEvents: Event) {
        for entry in actions where !entry.events.isDisjoint(with: controlEvents) {
            entry.action.sender = self
            entry.action.handler(entry.action)
            entry.action.sender = nil
        }
    }
}
