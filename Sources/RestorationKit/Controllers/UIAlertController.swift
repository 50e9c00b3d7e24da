import Foundation
import RestorationModel

/// One button of an alert: its title, its style, and what it does once the alert is gone.
@MainActor open class UIAlertAction {
    nonisolated public enum Style: Int, Sendable {
        case `default`, cancel, destructive
    }

    public let title: String?
    public let style: Style
    let handler: ((UIAlertAction) -> Void)?
    public var isEnabled = true

    public init(title: String?, style: Style, handler: ((UIAlertAction) -> Void)? = nil) {
        self.title = title
        self.style = style
        self.handler = handler
    }
}

/// An alert or action sheet, presented over the screen that asked for it. As on iOS it takes no
/// part in state restoration (it has no restoration identifier, and an alert should not come back
/// after a relaunch), the snapshot taken at Home leaves it out, and a verdict does not count it
/// as lost: it was a question, not the user's state.
@MainActor open class UIAlertController: UIViewController {
    nonisolated public enum Style: Int, Sendable {
        case actionSheet, alert
    }

    public let preferredStyle: Style
    public private(set) var actions: [UIAlertAction] = []
    open var message: String?

    public init(title: String?, message: String?, preferredStyle: Style) {
        self.preferredStyle = preferredStyle
        self.message = message
        super.init(nibName: nil, bundle: nil)
        self.title = title
    }

    public required init?(coder: NSCoder) {
        fatalError("UIAlertController is made in code")
    }

    open func addAction(_ action: UIAlertAction) {
        actions.append(action)
    }

    /// The alert's contents as views (its title, its message and a button per action), so the
    /// user's taps reach the actions as they reach any button.
    open override func loadView() {
        let content = UIView()
        for text in [title, message].compactMap({ $0 }) {
            let label = UILabel()
            label.text = text
            content.addSubview(label)
        }
        for action in actions {
            let button = UIButton(primaryAction: UIAction(title: action.title ?? "") { [unowned self] _ in
                // The alert goes first; the action's handler then runs on the screen below it.
                dismiss(animated: true) { action.handler?(action) }
            })
            button.isEnabled = action.isEnabled
            content.addSubview(button)
        }
        view = content
    }

    /// The alert as one element drawn over the screen below it.
    func alertElement() -> ScreenElement {
        ScreenElement(role: .alert, name: title, children: view.screenElements())
    }
}
