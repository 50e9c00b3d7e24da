import Foundation
import RestorationModel

/// Several lines of text, editable or not. It is a scroll view, so it saves its content offset;
/// it also saves its selected range and whether it is editable. Like a field's, its **text is
/// not saved**: the app encodes it.
@preconcurrency @MainActor open class UITextView: UIScrollView {
    nonisolated public static let textDidBeginEditingNotification = Notification.Name("UITextViewTextDidBeginEditingNotification")
    nonisolated public static let textDidChangeNotification = Notification.Name("UITextViewTextDidChangeNotification")
    nonisolated public static let textDidEndEditingNotification = Notification.Name("UITextViewTextDidEndEditingNotification")

    private var storedText = ""
    /// Never `nil` when read. Setting it moves the caret to the end and tells no delegate.
    open var text: String! {
        get { storedText }
        set {
            storedText = newValue ?? ""
            storedSelection = NSRange(location: storedText.utf16.count, length: 0)
        }
    }

    open var isEditable = true
    open var isSelectable = true
    open var font: UIFont? = .systemFont(ofSize: 12)
    open var textColor: UIColor? = .label
    open var textAlignment: NSTextAlignment = .natural
    open var keyboardType: UIKeyboardType = .default
    open var returnKeyType: UIReturnKeyType = .default

    private var storedSelection = NSRange(location: 0, length: 0)
    /// The selection (or caret), in UTF-16 units; kept within the text when read.
    open var selectedRange: NSRange {
        get { UITextField.clamp(storedSelection, toLength: storedText.utf16.count) }
        set { storedSelection = newValue }
    }

    /// The scroll view's delegate, seen as a text view delegate.
    private var textViewDelegate: UITextViewDelegate? { delegate as? UITextViewDelegate }

    // MARK: State restoration

    /// Saves the content offset (as a scroll view), the selected range and `isEditable`.
    open override func encodeRestorableState(with coder: NSCoder) {
        super.encodeRestorableState(with: coder)
        guard let coder = coder as? RestorationCoder else { return }
        coder.encodeReserved(selectedRange, forKey: ReservedKey.textSelectedRange)
        coder.encodeReserved(isEditable, forKey: ReservedKey.textViewEditable)
    }

    open override func decodeRestorableState(with coder: NSCoder) {
        super.decodeRestorableState(with: coder)
        guard let coder = coder as? RestorationCoder else { return }
        if let range = coder.decodeReservedRange(forKey: ReservedKey.textSelectedRange) { storedSelection = range }
        if let editable = coder.decodeReserved(forKey: ReservedKey.textViewEditable) as? Bool { isEditable = editable }
    }

    // MARK: What a user does

    /// What a user's typing does: a tap begins editing (caret at the end) if it had not, then
    /// each character (a "\n" included: it is a new line here) is offered to the delegate's
    /// `textView(_:shouldChangeTextIn:replacementText:)` and, if accepted, replaces the
    /// selection, followed by `textViewDidChange`. Throws when the text view is not editable.
    public func simulateTyping(_ text: String) throws {
        let name = userFacingName("text view", nil)
        try ensureTouchable(name)
        guard isEditable else { throw UserActionError("\(name) is not editable") }
        if !isFirstResponder, !becomeFirstResponder() {
            throw UserActionError("\(name) did not begin editing: its delegate's textViewShouldBeginEditing returned false, or another field refused to end editing")
        }
        for character in text {
            let range = selectedRange
            let replacement = String(character)
            guard textViewDelegate?.textView(self, shouldChangeTextIn: range, replacementText: replacement) ?? true else { continue }
            if let bounds = Range(range, in: storedText) { storedText.replaceSubrange(bounds, with: replacement) }
            storedSelection = NSRange(location: range.location + replacement.utf16.count, length: 0)
            textViewDelegate?.textViewDidChange(self)
            NotificationCenter.default.post(name: Self.textDidChangeNotification, object: self)
        }
    }

    // MARK: What the user sees

    open override func screenElement() -> ScreenElement? {
        var element = ScreenElement(role: .textView, name: accessibilityLabel)
        element.set(ScreenProperty.text, storedText)
        if !isEditable { element.set(ScreenProperty.editable, "no") }
        if contentOffset != .zero { element.set(ScreenProperty.offset, ScreenElement.format(contentOffset)) }
        return element
    }
}

extension UITextView: KeyboardInput {
    var acceptsKeyboard: Bool { isEditable }

    func shouldBeginEditing() -> Bool {
        textViewDelegate?.textViewShouldBeginEditing(self) ?? true
    }

    func didBeginEditing() {
        storedSelection = NSRange(location: storedText.utf16.count, length: 0)
        textViewDelegate?.textViewDidBeginEditing(self)
        NotificationCenter.default.post(name: Self.textDidBeginEditingNotification, object: self)
    }

    func shouldEndEditing() -> Bool {
        textViewDelegate?.textViewShouldEndEditing(self) ?? true
    }

    func didEndEditing() {
        textViewDelegate?.textViewDidEndEditing(self)
        NotificationCenter.default.post(name: Self.textDidEndEditingNotification, object: self)
    }
}
