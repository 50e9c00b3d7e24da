import Foundation
import RestorationModel

/// A single line of editable text. On its own it saves only the selected range: the **text is
/// not saved**, so an app whose field should come back filled in must encode the text itself
/// (or the model object behind it).
@preconcurrency @MainActor open class UITextField: UIControl {
    nonisolated public enum BorderStyle: Int, Sendable { case none, line, bezel, roundedRect }
    /// When an overlay (the clear button) shows.
    nonisolated public enum ViewMode: Int, Sendable { case never, whileEditing, unlessEditing, always }
    nonisolated public enum DidEndEditingReason: Int, Sendable { case committed, cancelled }

    nonisolated public static let textDidBeginEditingNotification = Notification.Name("UITextFieldTextDidBeginEditingNotification")
    nonisolated public static let textDidChangeNotification = Notification.Name("UITextFieldTextDidChangeNotification")
    nonisolated public static let textDidEndEditingNotification = Notification.Name("UITextFieldTextDidEndEditingNotification")

    private var storedText = ""
    /// Never `nil` when read: setting `nil` empties the field, as in UIKit. Setting it moves
    /// the caret to the end and sends no events (only a user's change does).
    open var text: String? {
        get { storedText }
        set {
            storedText = newValue ?? ""
            storedSelection = NSRange(location: storedText.utf16.count, length: 0)
        }
    }

    open var placeholder: String?
    open var isSecureTextEntry = false
    open var keyboardType: UIKeyboardType = .default
    open var returnKeyType: UIReturnKeyType = .default
    open var autocapitalizationType: UITextAutocapitalizationType = .sentences
    open var borderStyle: BorderStyle = .none
    open var clearButtonMode: ViewMode = .never
    open var clearsOnBeginEditing = false
    open var textAlignment: NSTextAlignment = .natural
    open var font: UIFont? = .systemFont(ofSize: 17)
    open var textColor: UIColor? = .label

    open weak var delegate: UITextFieldDelegate?

    /// Whether the field has the keyboard.
    public private(set) var isEditing = false

    private var storedSelection = NSRange(location: 0, length: 0)
    /// The selection (or caret, when its length is 0) in UTF-16 units, as `NSRange` counts.
    /// UIKit spells this `selectedTextRange` with `UITextRange`; RestorationKit uses an
    /// `NSRange`, as `UITextView.selectedRange` does. It is kept within the text.
    open var selectedRange: NSRange {
        get { Self.clamp(storedSelection, toLength: storedText.utf16.count) }
        set { storedSelection = newValue }
    }

    static func clamp(_ range: NSRange, toLength length: Int) -> NSRange {
        let location = min(max(range.location, 0), length)
        return NSRange(location: location, length: min(max(range.length, 0), length - location))
    }

    // MARK: State restoration

    /// Saves the selected range, as UIKit does: not the text.
    open override func encodeRestorableState(with coder: NSCoder) {
        super.encodeRestorableState(with: coder)
        (coder as? RestorationCoder)?.encodeReserved(selectedRange, forKey: ReservedKey.textSelectedRange)
    }

    /// Restores the selected range. It is kept as saved and fitted to the text when read, so it
    /// survives whichever order the app and the field restore in.
    open override func decodeRestorableState(with coder: NSCoder) {
        super.decodeRestorableState(with: coder)
        if let range = (coder as? RestorationCoder)?.decodeReservedRange(forKey: ReservedKey.textSelectedRange) {
            storedSelection = range
        }
    }

    // MARK: What a user does

    private var userName: String { userFacingName("field", placeholder) }

    /// What a user's typing does: a tap on the field begins editing if it was not (caret at the
    /// end), then each character is offered to the delegate's
    /// `textField(_:shouldChangeCharactersIn:replacementString:)` and, if accepted, replaces
    /// the selection and sends `.editingChanged`. A "\n" is the return key (`simulateReturn()`).
    /// The field keeps the keyboard afterwards, as on a device.
    public func simulateTyping(_ text: String) throws {
        try beginEditingForUser()
        for character in text {
            if character == "\n" || character == "\r\n" {
                try simulateReturn()
            } else {
                try beginEditingForUser() // again, if a return key ended editing
                replaceForUser(selectedRange, with: String(character))
            }
        }
    }

    /// What the keyboard's return key does: asks `textFieldShouldReturn`; when it agrees, sends
    /// `.primaryActionTriggered` and `.editingDidEndOnExit`. The field keeps the keyboard unless
    /// the app resigns it (usually in `textFieldShouldReturn`).
    public func simulateReturn() throws {
        guard isEditing else { throw UserActionError("the keyboard is not showing: \(userName) is not being edited") }
        guard delegate?.textFieldShouldReturn(self) ?? true else { return }
        sendActions(for: .primaryActionTriggered)
        sendActions(for: .editingDidEndOnExit)
    }

    /// What a user does to empty the field: taps it, then taps the clear button when the field
    /// shows one (asking `textFieldShouldClear`), or else deletes every character with the
    /// keyboard (asking `shouldChangeCharactersIn` once for the whole text).
    public func simulateClear() throws {
        try beginEditingForUser()
        guard !storedText.isEmpty else { return }
        let whole = NSRange(location: 0, length: storedText.utf16.count)
        if clearButtonMode == .whileEditing || clearButtonMode == .always {
            guard delegate?.textFieldShouldClear(self) ?? true else { return }
            applyUserChange(whole, "")
        } else {
            replaceForUser(whole, with: "")
        }
    }

    private func beginEditingForUser() throws {
        try ensureUsable(userName)
        guard !isEditing else { return }
        guard becomeFirstResponder() else {
            throw UserActionError("\(userName) did not begin editing: its delegate's textFieldShouldBeginEditing returned false, or another field refused to end editing")
        }
    }

    private func replaceForUser(_ range: NSRange, with replacement: String) {
        guard delegate?.textField(self, shouldChangeCharactersIn: range, replacementString: replacement) ?? true else { return }
        applyUserChange(range, replacement)
    }

    private func applyUserChange(_ range: NSRange, _ replacement: String) {
        var changed = storedText
        if let bounds = Range(range, in: changed) { changed.replaceSubrange(bounds, with: replacement) }
        storedText = changed
        storedSelection = NSRange(location: range.location + replacement.utf16.count, length: 0)
        sendActions(for: .editingChanged)
        NotificationCenter.default.post(name: Self.textDidChangeNotification, object: self)
    }

    // MARK: What the user sees

    /// Room for its text or placeholder (8 points a character) and a margin, at a rounded
    /// field's 34-point height.
    open override var intrinsicContentSize: CGSize {
        let characters = max(text?.count ?? 0, placeholder?.count ?? 0)
        return CGSize(width: CGFloat(characters * 8 + 14), height: 34)
    }

    /// The field, named by its placeholder; its text as shown (bullets when secure).
    open override func screenElement() -> ScreenElement? {
        var element = ScreenElement(role: .textField, name: placeholder ?? accessibilityLabel)
        element.set(ScreenProperty.text, isSecureTextEntry ? String(repeating: "•", count: storedText.count) : storedText)
        addEnabledState(to: &element)
        return element
    }
}

extension UITextField: KeyboardInput {
    var acceptsKeyboard: Bool { isEnabled }

    func shouldBeginEditing() -> Bool {
        delegate?.textFieldShouldBeginEditing(self) ?? true
    }

    func didBeginEditing() {
        isEditing = true
        if clearsOnBeginEditing { storedText = "" }
        storedSelection = NSRange(location: storedText.utf16.count, length: 0)
        delegate?.textFieldDidBeginEditing(self)
        sendActions(for: .editingDidBegin)
        NotificationCenter.default.post(name: Self.textDidBeginEditingNotification, object: self)
    }

    func shouldEndEditing() -> Bool {
        delegate?.textFieldShouldEndEditing(self) ?? true
    }

    func didEndEditing() {
        isEditing = false
        delegate?.textFieldDidEndEditing(self, reason: .committed)
        sendActions(for: .editingDidEnd)
        NotificationCenter.default.post(name: Self.textDidEndEditingNotification, object: self)
    }
}
