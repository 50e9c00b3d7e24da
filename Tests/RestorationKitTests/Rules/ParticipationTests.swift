import Foundation
import Testing
@testable import RestorationKit

/// RESTORATION.md, "Who takes part".
extension RuleBook {
    @Suite struct Participation {
        init() { Fixture.reset() }

        @Test("An app whose delegate does not opt in writes no archive (both opt-ins default to false)")
        func noOptInNoArchive() {
            let phone = Phone()
            phone.launch(SilentAppDelegate.self)
            phone.homeAndKill()
            #expect(!phone.archiveExists)
            let relaunch = phone.launch(SilentAppDelegate.self)
            #expect(relaunch.restorationReport.outcome == .noArchive)
        }

        @Test("A delegate that stops opting in to saving leaves the stale archive exactly as it was")
        func staleArchiveStays() throws {
            let phone = Phone()
            let first = phone.launch(NotesAppDelegate.self)
            (first.delegate as? NotesAppDelegate)?.navigation?.pushViewController(NoteViewController(note: "old"), animated: false)
            phone.homeAndKill()
            let before = try Data(contentsOf: phone.container.archiveURL)

            Fixture.savesState = false
            phone.launch(NotesAppDelegate.self)
            phone.homeAndKill()
            #expect(try Data(contentsOf: phone.container.archiveURL) == before)
        }

        @Test("A delegate that saves but does not opt in to restoring launches fresh and keeps the archive; the workbook says why as a cause, the log says nothing of it")
        func savesButDoesNotRestore() throws {
            let phone = Phone()
            let first = phone.launch(NotesAppDelegate.self)
            (first.delegate as? NotesAppDelegate)?.navigation?.pushViewController(NoteViewController(note: "x"), animated: false)
            phone.homeAndKill()
            Fixture.restoresState = false
            let second = phone.launch(NotesAppDelegate.self)
            #expect(second.restorationReport.outcome == .notOptedIn)
            #expect((second.delegate as? NotesAppDelegate)?.navigation?.viewControllers.count == 1)
            #expect(phone.archiveExists)
            #expect(second.restorationReport.causes.map(\.kind) == [.notOptedInToRestoring])
            #expect(phone.log(containing: "opt in").isEmpty, "\(phone.logLines)")
        }

        @Test("A controller without an identifier is skipped, and so is everything below it")
        func missingIdentifierSkipsSubtree() throws {
            Fixture.navigationIdentifier = nil
            let phone = Phone()
            let first = phone.launch(NotesAppDelegate.self)
            let app = try #require(first.delegate as? NotesAppDelegate)
            app.navigation?.pushViewController(NoteViewController(note: "lost"), animated: false)
            phone.homeAndKill()
            let archive = try phone.readArchive()
            #expect(archive.entries.isEmpty, "the root has no identifier, so nothing below it may be saved")
        }

        @Test("A controller whose parent has no identifier is skipped although it has one")
        func ancestorWithoutIdentifier() throws {
            let phone = Phone()
            let first = phone.launch(NotesAppDelegate.self)
            let app = try #require(first.delegate as? NotesAppDelegate)
            let split = SplitViewController()
            split.encodesChildren = true // it references its child, but has no identifier itself
            let pane = NoteViewController(note: "inside an anonymous container")
            split.addChild(pane)
            app.navigation?.pushViewController(split, animated: false)
            phone.homeAndKill()
            let paths = try phone.readArchive().entries.map(\.path.description)
            #expect(paths == ["Navigation", "Navigation/:[0]:/List"])
        }

        @Test("A controller presented by one without an identifier is skipped, whatever identifier it has")
        func presentedUnderSkippedPresenter() throws {
            Fixture.navigationIdentifier = nil
            let phone = Phone()
            let first = phone.launch(NotesAppDelegate.self)
            let app = try #require(first.delegate as? NotesAppDelegate)
            let modal = UINavigationController(rootViewController: NoteViewController(note: "modal"))
            modal.restorationIdentifier = "Modal"
            app.navigation?.present(modal, animated: false)
            phone.homeAndKill()
            #expect(try phone.readArchive().entries.isEmpty)
        }

        @Test("A view takes part only with an identifier of its own and a controller that takes part")
        func viewsNeedIdentifierAndController() throws {
            let phone = Phone()
            let first = phone.launch(NotesAppDelegate.self)
            let app = try #require(first.delegate as? NotesAppDelegate)
            let note = NoteViewController(note: "n")
            let named = UIView()
            named.restorationIdentifier = "Canvas"
            let anonymous = UIView()
            note.view.addSubview(named)
            note.view.addSubview(anonymous)
            app.navigation?.pushViewController(note, animated: false)

            let orphan = UIViewController() // no identifier: its view's identifier is not enough
            let orphanView = UIView()
            orphanView.restorationIdentifier = "OrphanCanvas"
            orphan.view.addSubview(orphanView)
            app.navigation?.viewControllers.first?.addChild(orphan)
            phone.homeAndKill()

            let entries = try phone.readArchive().entries
            #expect(entries.map(\.path.description).contains("Navigation/:[1]:/Note/Canvas"))
            #expect(entries.first { $0.path.description.hasSuffix("Canvas") }?.kind == .view)
            #expect(!entries.contains { $0.path.description.contains("OrphanCanvas") })
        }
    }
}
