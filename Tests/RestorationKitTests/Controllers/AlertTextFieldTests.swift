import Foundation
import Testing
@testable import RestorationKit

/// A screen that asks for a plant's name in an alert with a text field.
final class NamingViewController: UIViewController {
    private(set) var named: [String] = []
    private(set) weak var alert: UIAlertController?

    func askForName() {
        let alert = UIAlertController(title: "New plant", message: "What is it called?", preferredStyle: .alert)
        alert.addTextField { field in
            field.placeholder = "Name"
            field.accessibilityIdentifier = "plant name"
        }
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        alert.addAction(UIAlertAction(title: "Add", style: .default) { [unowned self, unowned alert] _ in
            named.append(alert.textFields?.first?.text ?? "")
        })
        self.alert = alert
        present(alert, animated: true)
    }
}

extension RuleBook {
    @Suite struct AlertTextFields {
        init() { Fixture.reset() }

        @Test("An alert's text fields: configured when added, shown between the message and the buttons, the first one given the keyboard")
        func fieldsShown() throws {
            let phone = Phone()
            let host = phone.launch(NotesAppDelegate.self)
            let naming = NamingViewController()
            try #require((host.delegate as? NotesAppDelegate)?.navigation).pushViewController(naming, animated: false)
            naming.askForName()
            let alert = try #require(naming.alert)
            let field = try #require(alert.textFields?.first)
            #expect(alert.textFields?.count == 1)
            #expect(field.placeholder == "Name")
            #expect(field.isFirstResponder)
            let shown = try #require(host.screen.content.children.last)
            #expect(shown.role == .alert)
            #expect(shown.children.map(\.role) == [.label, .label, .textField, .button, .button])
            #expect(UIAlertController(title: nil, message: nil, preferredStyle: .alert).textFields == nil)
        }

        @Test("A scenario types into an alert's field, by placeholder or identifier, and the action reads what was typed")
        func typingIntoTheAlert() throws {
            let phone = Phone()
            let host = phone.launch(NotesAppDelegate.self)
            let naming = NamingViewController()
            try #require((host.delegate as? NotesAppDelegate)?.navigation).pushViewController(naming, animated: false)
            naming.askForName()
            try host.perform(.type(text: "Maiden", into: .title("Name")))
            try host.perform(.type(text: "hair fern", into: .identifier("plant name")))
            #expect(host.screen.drawing().contains("Name: [Maidenhair fern]"))
            let field = try #require(naming.alert?.textFields?.first)
            try host.perform(.tap(.title("Add")))
            #expect(naming.named == ["Maidenhair fern"])
            #expect(naming.presentedViewController == nil)
            #expect(!field.isFirstResponder, "the keyboard goes with the alert")
        }
    }
}
