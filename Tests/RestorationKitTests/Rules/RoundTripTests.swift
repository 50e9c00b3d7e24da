import Foundation
import Testing
@testable import RestorationKit

extension RuleBook {
    @Suite struct RoundTrip {
        init() { Fixture.reset() }

        @Test func aPushedNoteComesBackAfterHomeKillAndRelaunch() throws {
            let phone = Phone()
            let first = phone.launch(NotesAppDelegate.self)
            let app = try #require(first.delegate as? NotesAppDelegate)
            app.navigation?.pushViewController(NoteViewController(note: "Rusty Spork"), animated: false)
            phone.homeAndKill()

            let second = phone.launch(NotesAppDelegate.self)
            let relaunched = try #require(second.delegate as? NotesAppDelegate)
            let stack = try #require(relaunched.navigation?.viewControllers)
            #expect(stack.count == 2)
            let note = try #require(stack.last as? NoteViewController)
            #expect(note.note == "Rusty Spork")
            #expect(second.restorationReport.outcome == .restored)
            #expect(second.restorationReport.restoredPaths == ["Navigation", "Navigation/:[0]:/List", "Navigation/:[1]:/Note"])
        }
    }
}
