import Foundation
import Testing
@testable import RestorationKit

/// RESTORATION.md, "Identifier paths".
extension RuleBook {
    @Suite struct Paths {
        init() { Fixture.reset() }

        @Test("Navigation and tab bar controllers insert :[n]: segments, so siblings may share an identifier")
        func indexSegments() throws {
            let phone = Phone()
            let host = phone.launch(TabsAppDelegate.self)
            let tabs = try #require((host.delegate as? TabsAppDelegate)?.tabs)
            tabs.selectedIndex = 1
            phone.homeAndKill()
            let paths = try phone.readArchive().entries.map(\.path.description)
            #expect(paths == [
                "Tabs",
                "Tabs/:[0]:/Navigation", "Tabs/:[1]:/Navigation",
                "Tabs/:[0]:/Navigation/:[0]:/First", "Tabs/:[1]:/Navigation/:[0]:/Second",
            ])
        }

        @Test("A modal hangs under its presenter with no index; its child's components are three, a pushed one's two")
        func modalPathHasThreeComponents() throws {
            var received: [[String]] = []
            let phone = Phone()
            let first = phone.launch(NotesAppDelegate.self)
            let app = try #require(first.delegate as? NotesAppDelegate)
            app.navigation?.pushViewController(NoteViewController(note: "pushed"), animated: false)
            let modal = UINavigationController(rootViewController: NoteViewController(note: "new item"))
            modal.restorationIdentifier = "Modal"
            app.navigation?.topViewController?.present(modal, animated: false)
            phone.homeAndKill()

            let paths = try phone.readArchive().entries.map(\.path.description)
            #expect(paths.contains("Navigation/Modal"))
            #expect(paths.contains("Navigation/Modal/:[0]:/Note"))
            #expect(paths.contains("Navigation/:[1]:/Note"))

            Fixture.delegateFinder = { components, _ in
                received.append(components)
                guard components == ["Navigation", "Modal"] else { return nil }
                let navigation = UINavigationController()
                navigation.restorationIdentifier = "Modal"
                return navigation
            }
            let second = phone.launch(NotesAppDelegate.self)
            let calls = Fixture.calls.filter { $0.hasPrefix("Note.restorationClass") }
            #expect(calls.contains("Note.restorationClass Navigation,Note"))
            #expect(calls.contains("Note.restorationClass Navigation,Modal,Note"))
            let restoredModal = try #require((second.delegate as? NotesAppDelegate)?.navigation?.presentedViewController as? UINavigationController)
            #expect((restoredModal.topViewController as? NoteViewController)?.note == "new item")
        }

        @Test("A controller presented from a child is presented by the child's container, so the child is not on the path")
        func presentedFromChild() throws {
            let phone = Phone()
            let first = phone.launch(NotesAppDelegate.self)
            let list = try #require((first.delegate as? NotesAppDelegate)?.navigation?.topViewController)
            let note = NoteViewController(note: "from the list")
            list.present(note, animated: false)
            #expect(note.presentingViewController === (first.delegate as? NotesAppDelegate)?.navigation)
            phone.homeAndKill()
            let paths = try phone.readArchive().entries.map(\.path.description)
            #expect(paths.contains("Navigation/Note"))
            #expect(!paths.contains { $0.contains("List/Note") })
        }

        @Test("Code that receives a path gets identifiers only, without index segments")
        func componentsWithoutIndexes() throws {
            let path = try #require(RestorationPath(parsing: "TabController/:[1]:/NavigationController/:[1]:/CityViewController"))
            #expect(path.identifierComponents == ["TabController", "NavigationController", "CityViewController"])
            #expect(path.parent?.description == "TabController/:[1]:/NavigationController")
            #expect(path.description == "TabController/:[1]:/NavigationController/:[1]:/CityViewController")
            for broken in ["", "/A", "A//B", ":[0]:/A", "A/:[0]:", "A/:[0]:/:[1]:/B", "A/:[-1]:/B"] {
                #expect(RestorationPath(parsing: broken) == nil, "\(broken) is not a path")
            }
        }

        @Test("Paths must be unique: the first object is kept, the second skipped (the workbook's guess), and the workbook's cause names the path, both classes and where each stands, never the log")
        func duplicatePaths() throws {
            let phone = Phone()
            let first = phone.launch(NotesAppDelegate.self)
            let app = try #require(first.delegate as? NotesAppDelegate)
            let split = SplitViewController()
            split.restorationIdentifier = "Split"
            split.encodesChildren = true
            split.addChild(NoteViewController(note: "first"))
            split.addChild(NoteViewController(note: "second"))
            app.navigation?.pushViewController(split, animated: false)
            phone.homeAndKill()

            let archive = try phone.readArchive()
            let duplicates = archive.entries.filter { $0.path.description == "Navigation/:[1]:/Split/Note" }
            #expect(duplicates.count == 1)
            #expect(duplicates.first?.state["note"] == .string("first"))
            #expect(phone.preservationCauses == [RestorationCause(
                .duplicatePath, path: "Navigation/:[1]:/Split/Note", className: "NoteViewController",
                sentence: "Two objects have the restoration identifier path Navigation/:[1]:/Split/Note: a NoteViewController (child 0 of SplitViewController), saved, and another NoteViewController (child 1 of SplitViewController), skipped, so its state was not saved. Paths must be unique: give each its own restoration identifier. What UIKit does with a second object on one path is not documented, and keeping the first is the workbook's own guess.")],
                    "\(phone.preservationCauses)")
            #expect(phone.log(containing: "Two objects").isEmpty, "\(phone.logLines)")
        }
    }
}
