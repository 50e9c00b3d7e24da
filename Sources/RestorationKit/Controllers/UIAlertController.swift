import Foundation
import RestorationModel

/// One button of an alert: its title, its style, and what it does once the alert is gone.
@preconcurrency @MainActor open class UIAlertAction {
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
@preconcurrency @MainActor open class UIAlertController: UIViewController {
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
        // As UIKit presents an alert: its own presentation, the screen below staying in place.
        modalPresentationStyle = .custom
    }

    public required init?(coder: NSCoder) {
        fatalError("UIAlertController is made in code")
    }

    open func addAction(_ action: UIAlertAction) {
        actions.append(action)
    }

    /// The alert's text fields, in order; `nil` when it has none, as in UIKit.
    public var textFields: [UITextField]? { fields.isEmpty ? nil : fields }
    private var fields: [UITextField] = []

    /// Adds a text field below the message, configured by the handler at once. Only an alert
    /// can have text fields; adding one to an action sheet is a programming error, as on iOS.
    open func addTextField(configurationHandler: ((UITextField) -> Void)? = nil) {
        guard preferredStyle == .alert else {
            fatalError("Text fields can only be added to an alert controller of style UIAlertControllerStyleAlert")
        }
        let field = UITextField()
        field.borderStyle = .roundedRect
        configurationHandler?(field)
        fields.append(field)
        if let content = viewIfLoaded {
            // Fields go below the title and message, above the buttons.
            let firstButton = content.subviews.firstIndex { $0 is UIButton } ?? content.subviews.count
            content.insertSubview(field, at: firstButton)
        }
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
        for field in fields { content.addSubview(field) }
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

    /// The first text field takes the keyboard as the alert appears, as on iOS.
    open override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        fields.first?.becomeFirstResponder()
    }

    /// Typing ends with the alert.
    open override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        viewIfLoaded?.endEditing(true)
    }

    /// The alert as one element drawn over the screen below it.
    func alertElement() -> ScreenElement {
        ScreenElement(role: .alert, name: title, children: view.screenElements())
    }
}
