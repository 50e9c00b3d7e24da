import Foundation
import Testing
@testable import RestorationKit

/// A field delegate that records what the field asks and tells it.
final class FieldDelegate: UITextFieldDelegate {
    let log = CallLog()
    var refusesDigits = false
    var resignsOnReturn = true

    func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool {
        log.record("shouldBegin")
        return true
    }

    func textFieldDidBeginEditing(_ textField: UITextField) {
        log.record("didBegin")
    }

    func textFieldDidEndEditing(_ textField: UITextField) {
        log.record("didEnd")
    }

    func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
        log.record("shouldChange \(range.location),\(range.length) \"\(string)\"")
        return !(refusesDigits && string.contains(where: \.isNumber))
    }

    func textFieldShouldClear(_ textField: UITextField) -> Bool {
        log.record("shouldClear")
        return true
    }

    func textFieldShouldReturn(_ textField: UITextField) -> Bool {
        log.record("shouldReturn")
        if resignsOnReturn { textField.resignFirstResponder() }
        return true
    }
}

extension RuleBook.ViewTests {
    @Suite struct TextInput {
        @Test("Typing begins editing, asks the delegate for each character, and sends editing-changed for each")
        func typingFiresInOrder() throws {
            let field = UITextField()
            field.placeholder = "Name"
            let delegate = FieldDelegate()
            field.delegate = delegate
            field.record(.editingDidBegin, as: "editingDidBegin", in: delegate.log)
            field.record(.editingChanged, as: "editingChanged", in: delegate.log)

            try field.simulateTyping("Hi")

            #expect(delegate.log.calls == [
                "shouldBegin", "didBegin", "editingDidBegin",
                "shouldChange 0,0 \"H\"", "editingChanged",
                "shouldChange 1,0 \"i\"", "editingChanged",
            ])
            #expect(field.text == "Hi")
            #expect(field.isEditing)
            #expect(field.isFirstResponder)
            #expect(field.selectedRange == NSRange(location: 2, length: 0))
            #expect(field.screenElement() == ScreenElement(role: .textField, name: "Name", properties: [.init("text", "Hi")]))
        }

        @Test("Characters the delegate refuses do not appear")
        func delegateRefusesCharacters() throws {
            let field = UITextField()
            let delegate = FieldDelegate()
            delegate.refusesDigits = true
            field.delegate = delegate
            try field.simulateTyping("a1b2")
            #expect(field.text == "ab")
        }

        @Test("The return key asks the delegate, which can end editing")
        func returnKey() throws {
            let field = UITextField()
            let delegate = FieldDelegate()
            field.delegate = delegate
            try field.simulateTyping("x")
            delegate.log.clear()
            try field.simulateReturn()
            #expect(delegate.log.calls == ["shouldReturn", "didEnd"])
            #expect(!field.isEditing)
            #expect(throws: UserActionError("the keyboard is not showing: the field is not being edited")) { try field.simulateReturn() }
        }

        @Test("A new line in typed text is the return key")
        func newLineIsReturn() throws {
            let field = UITextField()
            let delegate = FieldDelegate()
            field.delegate = delegate
            try field.simulateTyping("ok\n")
            #expect(field.text == "ok")
            #expect(delegate.log.calls.suffix(2) == ["shouldReturn", "didEnd"])
        }

        @Test("Clearing deletes the text with the keyboard, or with the clear button when the field has one")
        func clearing() throws {
            let field = UITextField()
            let delegate = FieldDelegate()
            field.delegate = delegate
            field.text = "Old"
            try field.simulateClear()
            #expect(field.text == "")
            #expect(delegate.log.calls.last == "shouldChange 0,3 \"\"")

            field.text = "Old"
            field.clearButtonMode = .whileEditing
            try field.simulateClear()
            #expect(field.text == "")
            #expect(delegate.log.calls.last == "shouldClear")
        }

        @Test("A secure field shows a bullet per character")
        func secureField() throws {
            let field = UITextField()
            field.isSecureTextEntry = true
            try field.simulateTyping("1234")
            #expect(field.screenElement()?[property: ScreenProperty.text] == "••••")
        }

        @Test("A disabled field cannot be typed into")
        func disabledField() {
            let field = UITextField()
            field.placeholder = "Serial"
            field.isEnabled = false
            #expect(throws: UserActionError("the field “Serial” is disabled")) { try field.simulateTyping("x") }
            #expect(field.text == "")
        }

        @Test("Typing into a second field ends editing of the first")
        func secondFieldTakesTheKeyboard() throws {
            let first = UITextField(), second = UITextField()
            let firstDelegate = FieldDelegate(), secondDelegate = FieldDelegate()
            first.delegate = firstDelegate
            second.delegate = secondDelegate
            try first.simulateTyping("a")
            try second.simulateTyping("b")
            #expect(firstDelegate.log.calls.last == "didEnd")
            #expect(!first.isEditing)
            #expect(second.isFirstResponder)
        }

        @Test("endEditing on a container ends editing of a field inside it")
        func endEditingOnContainer() throws {
            let container = UIView()
            let field = UITextField()
            container.addSubview(field)
            try field.simulateTyping("a")
            #expect(container.endEditing(true))
            #expect(!field.isEditing)
            #expect(!field.isFirstResponder)
        }

        @Test("Setting a field's text sends no events")
        func settingTextIsSilent() {
            let log = CallLog()
            let field = UITextField()
            field.record(.allEvents, as: "event", in: log)
            field.text = "From the app"
            #expect(log.calls.isEmpty)
            field.text = nil
            #expect(field.text == "")
        }

        @Test("Typing into a text view tells its delegate after each change; a read-only one refuses")
        func textView() throws {
            final class Delegate: UITextViewDelegate {
                var changes = 0
                func textViewDidChange(_ textView: UITextView) { changes += 1 }
            }
            let view = UITextView()
            let delegate = Delegate()
            view.delegate = delegate
            try view.simulateTyping("a\nb")
            #expect(view.text == "a\nb")
            #expect(delegate.changes == 3)
            #expect(view.selectedRange == NSRange(location: 3, length: 0))

            view.isEditable = false
            #expect(throws: UserActionError("the text view is not editable")) { try view.simulateTyping("c") }
            #expect(view.screenElement()?[property: ScreenProperty.editable] == "no")
        }
    }
}
