import Foundation
import Testing
@testable import RestorationKit

/// A form with one of each control, pushed onto the notes app's navigation stack.
final class FormViewController: UIViewController {
    let name = UITextField()
    let save = UIButton(type: .system)
    let volume = UISlider()
    let city = UISegmentedControl(items: ["Paris", "Tokyo"])
    let reminder = UIDatePicker()
    var saved: [String] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Form"
        name.placeholder = "Name"
        save.setTitle("Save", for: .normal)
        save.addAction(UIAction { [unowned self] _ in saved.append(name.text ?? "") }, for: .touchUpInside)
        volume.accessibilityIdentifier = "volume"
        city.accessibilityIdentifier = "city"
        for control in [name, save, volume, city, reminder] as [UIView] { view.addSubview(control) }
        navigationItem.rightBarButtonItem = editButtonItem
    }
}

extension RuleBook {
    @Suite struct UserActions {
        init() { Fixture.reset() }

        private func formOnScreen() throws -> (ApplicationHost, FormViewController, Phone) {
            let phone = Phone()
            let host = phone.launch(NotesAppDelegate.self)
            let form = FormViewController()
            try #require((host.delegate as? NotesAppDelegate)?.navigation).pushViewController(form, animated: false)
            return (host, form, phone)
        }

        @Test("A user finds elements by visible title or by identifier, and the app sees a real touch")
        func typeAndTap() throws {
            let (host, form, phone) = try formOnScreen()
            try host.perform(.type(text: "Rusty Spork", into: .title("Name")))
            try host.perform(.tap(.title("Save")))
            #expect(form.saved == ["Rusty Spork"])
            try host.perform(.slide(to: 0.25, slider: .identifier("volume")))
            try host.perform(.chooseSegment("Tokyo", control: .identifier("city")))
            let date = Date(timeIntervalSince1970: 1_795_341_600)
            try host.perform(.pickDate(date, picker: nil))
            #expect(form.volume.value == 0.25 && form.city.selectedSegmentIndex == 1 && form.reminder.date == date)
            withExtendedLifetime(phone) {}
        }

        @Test("A scroll to (x, y) moves both coordinates; a scroll to y leaves x where the user left it")
        func scrollBothWays() throws {
            let (host, form, _) = try formOnScreen()
            let sheet = UIScrollView()
            sheet.accessibilityIdentifier = "sheet"
            sheet.contentSize = CGSize(width: 1200, height: 1800)
            form.view.addSubview(sheet)
            try host.perform(.scroll(.identifier("sheet"), x: 200, offset: 600))
            #expect(sheet.contentOffset == CGPoint(x: 200, y: 600))
            try host.perform(.scroll(.identifier("sheet"), offset: 100))
            #expect(sheet.contentOffset == CGPoint(x: 200, y: 100))
        }

        @Test("Pointing at something that is not there says what the screen offers instead")
        func missingElement() throws {
            let (host, _, phone) = try formOnScreen()
            #expect {
                try host.perform(.tap(.title("Delete")))
            } throws: { error in
                let message = (error as? UserActionError)?.description ?? ""
                return message.contains("nothing on this screen is \"Delete\"") && message.contains("button \"Save\"") && message.contains("field \"Name\"")
            }
            #expect(throws: UserActionError("\"Name\" is field \"Name\", not a slider")) {
                try host.perform(.slide(to: 1, slider: .title("Name")))
            }
            withExtendedLifetime(phone) {}
        }

        @Test("Back pops the navigation stack; the Edit button toggles editing; a tab is chosen by title")
        func navigationActions() throws {
            let (host, form, phone) = try formOnScreen()
            try host.perform(.setEditing(nil))
            #expect(form.isEditing)
            #expect(host.screen.content.children.first?.children.first?[property: "title"] == "Done")
            try host.perform(.setEditing(false))
            #expect(!form.isEditing)
            // A bar button without an identifier is named by its title, as in UI tests on iOS.
            try host.perform(.tap(.identifier("Edit")))
            #expect(form.isEditing)
            try host.perform(.tap(.identifier("Done")))
            #expect(!form.isEditing)
            try host.perform(.back)
            #expect((host.delegate as? NotesAppDelegate)?.navigation?.topViewController is ListViewController)
            #expect(throws: UserActionError("there is no back button on this screen")) { try host.perform(.back) }

            let tabsPhone = Phone()
            let tabs = tabsPhone.launch(TabsAppDelegate.self)
            try tabs.perform(.chooseTab("Second"))
            #expect((tabs.delegate as? TabsAppDelegate)?.tabs?.selectedIndex == 1)
            withExtendedLifetime(phone) {}
        }

        @Test("Dismiss closes the presented screen; with nothing presented it says so")
        func dismiss() throws {
            let (host, _, phone) = try formOnScreen()
            #expect(throws: UserActionError("nothing is presented on this screen, so there is nothing to dismiss")) { try host.perform(.dismiss) }
            let modal = UINavigationController(rootViewController: NoteViewController(note: "x"))
            (host.delegate as? NotesAppDelegate)?.navigation?.present(modal, animated: false)
            try host.perform(.dismiss)
            #expect((host.delegate as? NotesAppDelegate)?.navigation?.presentedViewController == nil)
            withExtendedLifetime(phone) {}
        }

        @Test("A suspended app cannot be touched")
        func suspended() throws {
            let (host, _, phone) = try formOnScreen()
            host.pressHome()
            #expect(throws: UserActionError.self) { try host.perform(.tap(.title("Save"))) }
            host.returnToForeground()
            try host.perform(.tap(.title("Save")))
            withExtendedLifetime(phone) {}
        }

        @Test("User actions travel as JSON and come back the same")
        func codable() throws {
            let actions: [UserAction] = [
                .tap(.title("Save")), .type(text: "a\"b", into: .identifier("name")), .selectRow(.text("Chair"), table: nil),
                .moveRow(from: .index(0), to: 2, table: .identifier("items")), .moveRow(from: .text("Rusty Spork"), to: 0, table: nil), .pickDate(Date(timeIntervalSince1970: 0), picker: nil),
                .setEditing(nil), .back, .dismiss,
            ]
            for action in actions {
                #expect(try JSONDecoder().decode(UserAction.self, from: JSONEncoder().encode(action)) == action)
            }
        }
    }
}
