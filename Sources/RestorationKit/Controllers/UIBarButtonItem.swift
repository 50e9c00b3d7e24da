import Foundation
import RestorationModel

/// A button in a navigation bar or toolbar. Actions are closures (`UIAction`).
@preconcurrency @MainActor open class UIBarButtonItem: NSObject {
    nonisolated public enum SystemItem: Sendable {
        case done, cancel, edit, save, add, trash, refresh, compose, reply, action, search, close

        /// What the button shows; system items draw their standard titles.
        var title: String {
            switch self {
            case .done: "Done"
            case .cancel: "Cancel"
            case .edit: "Edit"
            case .save: "Save"
            case .add: "+"
            case .trash: "Trash"
            case .refresh: "Refresh"
            case .compose: "Compose"
            case .reply: "Reply"
            case .action: "Share"
            case .search: "Search"
            case .close: "Close"
            }
        }
    }

    nonisolated public enum Style: Sendable { case plain, done }

    open var title: String?
    open var style: Style = .plain
    open var isEnabled = true
    open var primaryAction: UIAction?
    open var accessibilityIdentifier: String?
    open var tag = 0
    public let systemItem: SystemItem?

    public init(systemItem: SystemItem, primaryAction: UIAction? = nil) {
        self.systemItem = systemItem
        self.title = systemItem.title
        self.primaryAction = primaryAction
        super.init()
    }

    public init(title: String?, style: Style = .plain, primaryAction: UIAction? = nil) {
        self.systemItem = nil
        self.title = title
        self.style = style
        self.primaryAction = primaryAction
        super.init()
    }

    /// What a user's tap does: runs the action. Throws when a user could not tap it.
    public func simulateTap() throws {
        guard isEnabled else { throw UserActionError("the \(title ?? "bar") button is disabled") }
        if let primaryAction {
            primaryAction.sender = self
            primaryAction.handler(primaryAction)
            primaryAction.sender = nil
        }
        StoryboardSegues.tapped(self)
    }

    func screenElement(side: String) -> ScreenElement {
        var element = ScreenElement(role: .barButton, identifier: accessibilityIdentifier ?? title)
        element.set(ScreenProperty.title, title ?? "")
        element.set(ScreenProperty.side, side)
        if !isEnabled { element.set(ScreenProperty.enabled, "no") }
        return element
    }
}
