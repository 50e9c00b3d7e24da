import Foundation
import Testing
@testable import RestorationKit

/// The causes the engine names when state does not come back (issue 13): one small app per
/// mistake, each with the sentence a student reads, word for word.
extension RuleBook {
    @Suite struct Causes {
        init() {
            Fixture.reset()
            ReminderDateViewController.reset()
        }

        /// Launches the notes app with a note pushed (and a reminder when asked), presses Home,
        /// kills it, and launches it again.
        private func relaunchWithNote(reminder: Bool = false, _ delegate: ApplicationHost.Delegate.Type = NotesAppDelegate.self) throws -> (first: ApplicationHost, second: ApplicationHost) {
            let phone = Phone()
            let first = phone.launch(delegate)
            let app = try #require(first.delegate as? NotesAppDelegate)
            app.navigation?.pushViewController(NoteViewController(note: "milk"), animated: false)
            if reminder { app.navigation?.pushViewController(ReminderDateViewController(), animated: false) }
            first.pressHome()
            phone.kill()
            return (first, phone.launch(delegate))
        }

        @Test("A delegate that implements neither opt-in to saving is told so at Home")
        func notOptedInToSaving() {
            let phone = Phone()
            let launch = phone.launch(SilentAppDelegate.self)
            launch.pressHome()
            #expect(launch.restorationReport.preservationCauses == [RestorationCause(.notOptedInToSaving, className: "SilentAppDelegate", sentence:
                "The app delegate (SilentAppDelegate) implements neither application(_:shouldSaveSecureApplicationState:) nor application(_:shouldSaveApplicationState:), and both answer false when not implemented, so nothing was saved at Home.")])
        }

        @Test("A delegate that answers false to restoring is told which method said no")
        func notOptedInToRestoring() throws {
            Fixture.restoresState = false
            let (_, second) = try relaunchWithNote()
            #expect(second.restorationReport.causes.map(\.sentence) == [
                "The app delegate (NotesAppDelegate) returned false from application(_:shouldRestoreSecureApplicationState:), so the saved state was not restored and the app launched fresh.",
            ])
        }

        @Test("A controller without an identifier is named with where it stands and what was skipped below it")
        func noRestorationIdentifier() throws {
            Fixture.navigationIdentifier = nil
            let (first, _) = try relaunchWithNote()
            #expect(first.restorationReport.preservationCauses.map(\.sentence) == [
                "UINavigationController (the window's root view controller) has no restoration identifier, so it was not saved, nor was anything below it: ListViewController \"List\", NoteViewController \"Note\".",
            ])
            #expect(first.restorationReport.preservationCauses.first?.kind == .noRestorationIdentifier)
        }

        @Test("A child without an identifier is named as the child of its parent's path; its identified siblings are not")
        func childWithoutIdentifier() throws {
            Fixture.listIdentifier = nil
            let (first, _) = try relaunchWithNote()
            #expect(first.restorationReport.preservationCauses.map(\.sentence) == [
                "ListViewController (child 0 of Navigation) has no restoration identifier, so it was not saved.",
            ])
        }

        @Test("A controller nothing recreates says what each of the four ways answered")
        func notRecreated() throws {
            Fixture.buildsInWillFinish = false // built in didFinishLaunching: too late for the implicit search
            let (_, second) = try relaunchWithNote()
            #expect(second.restorationReport.causes.map(\.sentence) == [
                "Nothing recreated UINavigationController at Navigation: it has no restoration class; the app delegate's application(_:viewControllerWithRestorationIdentifierPath:coder:) returned nil; no controller made at launch has this path; it was not made from a storyboard. It and everything below it were not restored.",
            ])
            #expect(second.restorationReport.causes.first?.path == "Navigation")
        }

        @Test("A restoration class that returns nil is named, with the path it was asked for")
        func restorationClassReturnedNil() throws {
            NoteViewController.restorationClassAnswer = .refuse
            let (_, second) = try relaunchWithNote()
            #expect(second.restorationReport.causes == [RestorationCause(.restorationClassReturnedNil, path: "Navigation/:[1]:/Note", className: "NoteViewController", sentence:
                "The restoration class NoteViewController returned nil from viewController(withRestorationIdentifierPath:coder:) for Navigation/:[1]:/Note, so it and everything below it were not restored.")])
        }

        @Test("A key decoded under another spelling than it was saved names the keys saved and the closest")
        func keyNeverEncoded() throws {
            ReminderDateViewController.readsMisspeltKey = true
            let (_, second) = try relaunchWithNote(reminder: true)
            #expect(second.restorationReport.causes.map(\.sentence) == [
                "ReminderDateViewController at Navigation/:[2]:/Reminder read the key \"remindDate\" in decodeRestorableState(with:), but nothing was saved under it; the keys it saved: \"isRepeating\", \"reminderDate\"; the closest is \"reminderDate\".",
            ])
        }

        @Test("A screen that reads back exactly the keys it saved has no cause")
        func keysReadAsSaved() throws {
            let (_, second) = try relaunchWithNote(reminder: true)
            #expect(second.restorationReport.causes.isEmpty, "a correct app has no cause: \(second.restorationReport.causes)")
        }

        @Test("An encode override without super is named at Home")
        func superNotCalledWhenEncoding() throws {
            NoteViewController.forgetsSuper = true
            let (first, _) = try relaunchWithNote()
            #expect(first.restorationReport.preservationCauses.map(\.sentence) == [
                "NoteViewController at Navigation/:[1]:/Note does not call super.encodeRestorableState(with:), so UIKit's own state for it (its children, the selected tab, what it presented) was not saved.",
            ])
        }

        @Test("A decode override without super is named at the relaunch")
        func superNotCalledWhenDecoding() throws {
            ReminderDateViewController.forgetsSuperWhenDecoding = true
            let (_, second) = try relaunchWithNote(reminder: true)
            #expect(second.restorationReport.causes.map(\.sentence) == [
                "ReminderDateViewController at Navigation/:[2]:/Reminder does not call super.decodeRestorableState(with:), so UIKit's own state for it (its children, the selected tab, what it presented) was not restored.",
            ])
        }

        @Test("A root recreated by the delegate but never put into the window is named, with what shows instead")
        func rootNotInWindow() throws {
            Fixture.buildsInWillFinish = false
            Fixture.delegateFinder = { components, _ in
                if components == ["Navigation", "List"] { return ListViewController() }
                guard components == ["Navigation"] else { return nil }
                let navigation = UINavigationController()
                navigation.restorationIdentifier = "Navigation"
                return navigation // and never installed: didFinishLaunching builds another
            }
            let (_, second) = try relaunchWithNote()
            #expect(second.restorationReport.causes.map(\.sentence) == [
                "UINavigationController at Navigation was recreated by restoration but never put into the window, so it is not shown: the window shows UINavigationController instead.",
            ])
        }

        @Test("A correct app has no cause at Home nor at the relaunch")
        func correctAppHasNone() throws {
            let (first, second) = try relaunchWithNote()
            #expect(first.restorationReport.preservationCauses.isEmpty)
            #expect(second.restorationReport.causes.isEmpty)
        }

        @Test("The closest key is the one with the fewest letters to change, whatever the case")
        func closestSpelling() {
            #expect(KeySpelling.closest(to: "remindDate", among: ["isRepeating", "reminderDate"]) == "reminderDate")
            #expect(KeySpelling.closest(to: "TYPEDTEXT", among: ["pickedDate", "typedText"]) == "typedText")
            #expect(KeySpelling.closest(to: "x", among: []) == nil)
        }
    }
}
