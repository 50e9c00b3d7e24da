import Foundation
import Testing
@testable import RestorationKit

/// A screen is data: what the user sees, comparable before a kill and after a relaunch.
extension RuleBook {
    @Suite struct Screens {
        init() { Fixture.reset() }

        @Test("Two screens that look the same to a user compare equal, whatever their identifiers")
        func equalityIgnoresIdentifiers() {
            let left = Screen(content: ScreenElement(role: .window, children: [
                ScreenElement(role: .label, identifier: "title", properties: [.init("text", "Hello")]),
            ]), controllers: ["A"])
            let right = Screen(content: ScreenElement(role: .window, children: [
                ScreenElement(role: .label, identifier: "heading", properties: [.init("text", "Hello")]),
            ]), controllers: ["B"])
            #expect(left == right)
            #expect(Set([left, right]).count == 1)
            var changed = right
            changed.content.children[0].set("text", "Hello!")
            #expect(left != changed)
        }

        @Test("A navigation screen shows the bar (title, back button, bar buttons) above the top controller's content")
        func navigationScreen() throws {
            let phone = Phone()
            let host = phone.launch(NotesAppDelegate.self)
            let navigation = try #require((host.delegate as? NotesAppDelegate)?.navigation)
            let note = NoteViewController(note: "n")
            note.navigationItem.rightBarButtonItem = UIBarButtonItem(systemItem: .save)
            let label = UILabel()
            label.text = "Rusty Spork"
            note.view.addSubview(label)
            navigation.pushViewController(note, animated: false)

            let elements = host.screen.content.children
            #expect(elements.first?.role == .navigationBar)
            #expect(elements.first?[property: "title"] == "Note")
            #expect(elements.first?[property: "back"] == "List")
            #expect(elements.first?.children.map { $0[property: "title"] } == ["Save"])
            #expect(elements.dropFirst().contains { $0.role == .label && $0[property: "text"] == "Rusty Spork" })
            #expect(host.screen.controllers == ["UINavigationController", "NoteViewController"])
        }

        @Test("The children of a container of the app's own are parts of its screen; a navigation controller's are the screen")
        func embeddedChildren() throws {
            let phone = Phone()
            let host = phone.launch(NotesAppDelegate.self)
            let navigation = try #require((host.delegate as? NotesAppDelegate)?.navigation)
            let container = UIViewController()
            for text in ["Left", "Right"] {
                let part = NoteViewController(note: text)
                container.addChild(part)
                container.view.addSubview(part.view)
            }
            navigation.pushViewController(container, animated: false)
            let chain = host.screen.chain
            #expect(chain.map(\.name) == ["UINavigationController", "UIViewController", "NoteViewController", "NoteViewController"])
            #expect(chain.map(\.embedded) == [false, false, true, true])
        }

        @Test("A full-screen modal covers what it was presented over; dismissing it shows that again")
        func modalCovers() throws {
            let phone = Phone()
            let host = phone.launch(NotesAppDelegate.self)
            let navigation = try #require((host.delegate as? NotesAppDelegate)?.navigation)
            let underneath = host.screen
            let modal = UINavigationController(rootViewController: NoteViewController(note: "new"))
            modal.modalPresentationStyle = .fullScreen
            navigation.present(modal, animated: false)
            #expect(host.screen.content.children.first?[property: "title"] == "Note")
            #expect(host.screen != underneath)
            modal.topViewController?.dismiss(animated: false)
            #expect(host.screen == underneath)
        }

        @Test("Hidden views are not on the screen")
        func hiddenViews() throws {
            let phone = Phone()
            let host = phone.launch(NotesAppDelegate.self)
            let list = try #require((host.delegate as? NotesAppDelegate)?.navigation?.topViewController)
            let secret = UILabel()
            secret.text = "4111 1111 1111 1111"
            list.view.addSubview(secret)
            #expect(host.screen.drawing().contains("4111"))
            secret.isHidden = true
            #expect(!host.screen.drawing().contains("4111"))
        }

        @Test("A screen round-trips through JSON, as captures store it")
        func codable() throws {
            let phone = Phone()
            let host = phone.launch(TabsAppDelegate.self)
            let screen = host.screen
            let decoded = try JSONDecoder().decode(Screen.self, from: JSONEncoder().encode(screen))
            #expect(decoded == screen)
            #expect(decoded.controllers == screen.controllers)
            #expect(decoded.element(identifiedBy: "tab bar")?[property: "selected"] == "First")
        }

        @Test("The drawing is a phone-shaped box: bar on top, content, tabs at the bottom, every row the same width")
        func drawing() throws {
            let phone = Phone()
            let host = phone.launch(TabsAppDelegate.self)
            let lines = host.screen.drawing(width: 30).components(separatedBy: "\n")
            #expect(lines.first?.hasPrefix("┌") == true && lines.last?.hasPrefix("└") == true)
            #expect(Set(lines.map(\.count)).count == 1, "every row is as wide as the box")
            #expect(lines[1].contains("First"), "the navigation bar's title is on the first row")
            #expect(lines[lines.count - 2].contains("[First]") && lines[lines.count - 2].contains("Second"), "the tab bar is at the bottom, the selected tab marked")
            #expect(Screen.launchImage.drawing().contains("Launch image"))
        }

        @Test("Differences are listed as a user would say them")
        func differences() {
            func screen(_ name: String, selected: String) -> Screen {
                Screen(content: ScreenElement(role: .window, children: [
                    ScreenElement(role: .textField, name: "Name", properties: [.init("text", name)]),
                    ScreenElement(role: .tabBar, properties: [.init("segments", "A | B"), .init("selected", selected)]),
                ]), controllers: ["Detail"])
            }
            let lost = ScreenDifference.between(screen("Rusty Spork", selected: "B"), screen("", selected: "A")).map(\.description)
            #expect(lost == ["Name field: \"Rusty Spork\" → \"\"", "Tab bar › selected: \"B\" → \"A\""])
            #expect(ScreenDifference.between(screen("x", selected: "A"), screen("x", selected: "A")).isEmpty)
        }
    }
}
