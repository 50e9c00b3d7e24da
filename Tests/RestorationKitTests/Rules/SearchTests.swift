import Foundation
import Testing
@testable import RestorationKit

/// RESTORATION.md, "Restoration", step 3 onwards: how each saved controller is found at launch,
/// and what happens to those that are not.
extension RuleBook {
    @Suite struct Search {
        init() { Fixture.reset() }

        /// Saves Navigation > List > Note, then returns the phone ready to relaunch.
        private func phoneWithSavedNote(note: String = "saved") throws -> Phone {
            let phone = Phone()
            let host = phone.launch(NotesAppDelegate.self)
            try #require(host.delegate as? NotesAppDelegate).navigation?.pushViewController(NoteViewController(note: note), animated: false)
            phone.homeAndKill()
            Fixture.calls = []
            return phone
        }

        private func stack(_ host: ApplicationHost) -> [UIViewController] {
            (host.delegate as? NotesAppDelegate)?.navigation?.viewControllers ?? []
        }

        @Test("The restoration class is asked first, with the identifier components and the object's own coder")
        func restorationClassFirst() throws {
            let phone = try phoneWithSavedNote()
            Fixture.delegateFinder = { components, _ in
                if components.last == "Note" { Issue.record("the delegate must not be asked for a controller with a restoration class") }
                return nil
            }
            let host = phone.launch(NotesAppDelegate.self)
            #expect(Fixture.calls.contains("Note.restorationClass Navigation,Note"))
            #expect(!Fixture.calls.contains("delegate Navigation,Note"))
            #expect((stack(host).last as? NoteViewController)?.note == "saved")
        }

        @Test("A restoration class that returns nil means do not restore: the search stops, the controller and its subtree are dropped")
        func restorationClassNil() throws {
            let phone = try phoneWithSavedNote()
            NoteViewController.restorationClassAnswer = .refuse
            let host = phone.launch(NotesAppDelegate.self)
            #expect(!Fixture.calls.contains("delegate Navigation,Note"))
            #expect(stack(host).count == 1)
            #expect(host.restorationReport.dropped.map(\.path) == ["Navigation/:[1]:/Note"])
            #expect(phone.log(containing: "Can't find Child View Controller at index 1 with identifier Navigation/:[1]:/Note, truncating child array").count == 1)
        }

        @Test("A restoration class switches off the implicit search, even when a controller with the same path exists")
        func restorationClassDisablesImplicit() throws {
            let phone = Phone()
            let first = phone.launch(NotesAppDelegate.self)
            let list = try #require((first.delegate as? NotesAppDelegate)?.navigation?.topViewController as? ListViewController)
            list.restorationClass = NoteViewController.self // an odd choice, but it must be obeyed
            phone.homeAndKill()
            NoteViewController.restorationClassAnswer = .refuse
            let second = phone.launch(NotesAppDelegate.self)
            #expect(second.restorationReport.dropped.map(\.path) == ["Navigation/:[0]:/List"])
            #expect(!Fixture.calls.contains("List.decode"), "the existing list built in willFinishLaunching is not used")
        }

        @Test("The app delegate is asked next; nil means go on searching")
        func delegateNext() throws {
            let phone = try phoneWithSavedNote()
            let host = phone.launch(NotesAppDelegate.self)
            #expect(Fixture.calls.contains("delegate Navigation"), "the navigation controller has no restoration class")
            #expect(Fixture.calls.contains("delegate Navigation,List"))
            // The delegate said nil for both, so the implicit search found the ones built in willFinishLaunching.
            #expect(stack(host).first is ListViewController)
            #expect(Fixture.calls.contains("List.decode"))
        }

        @Test("What the delegate returns is the restored controller")
        func delegateProvides() throws {
            let phone = try phoneWithSavedNote()
            var made: UINavigationController?
            Fixture.buildsInWillFinish = false
            Fixture.delegateFinder = { components, _ in
                switch components {
                case ["Navigation"]:
                    let navigation = UINavigationController()
                    navigation.restorationIdentifier = "Navigation"
                    made = navigation
                    // The root is the delegate's to install, as the textbook's one-component branch does.
                    UIApplication.shared.delegate?.window?.rootViewController = navigation
                    return navigation
                case ["Navigation", "List"]:
                    return ListViewController()
                default:
                    return nil
                }
            }
            let host = phone.launch(NotesAppDelegate.self)
            #expect((host.delegate as? NotesAppDelegate)?.navigation === made)
            #expect(stack(host).count == 2)
            #expect(Fixture.calls.firstIndex(of: "didFinishLaunching")! > Fixture.calls.firstIndex(of: "didDecode")!)
        }

        @Test("The implicit search reuses the controller with exactly the same path, created in willFinishLaunching")
        func implicitSearch() throws {
            let phone = try phoneWithSavedNote()
            var builtEarly: UIViewController?
            Fixture.delegateFinder = { components, _ in
                if components == ["Navigation"] { builtEarly = (UIApplication.shared.delegate as? NotesAppDelegate)?.navigation }
                return nil
            }
            let host = phone.launch(NotesAppDelegate.self)
            #expect(builtEarly != nil && (host.delegate as? NotesAppDelegate)?.navigation === builtEarly)
        }

        @Test("When nothing provides a controller it is dropped with its subtree; the workbook says why as a cause and notes what went with it, and the log, as on a device, says nothing of it")
        func nothingFound() throws {
            let phone = try phoneWithSavedNote()
            Fixture.buildsInWillFinish = false // nothing for the implicit search to find
            let host = phone.launch(NotesAppDelegate.self)
            #expect(host.restorationReport.restoredPaths.isEmpty)
            #expect(Set(host.restorationReport.dropped.map(\.path)) == ["Navigation", "Navigation/:[0]:/List", "Navigation/:[1]:/Note"])
            let cause = try #require(host.restorationReport.causes.first)
            #expect(cause.kind == .notRecreated && cause.path == "Navigation", "\(host.restorationReport.causes)")
            #expect(host.notes.notes.map(\.path) == ["Navigation/:[0]:/List", "Navigation/:[1]:/Note"])
            #expect(host.notes.notes.allSatisfy { $0.kind == .parentNotRestored && $0.sentence.contains("its parent, Navigation, was not restored") })
            #expect(phone.log(containing: "Unable to restore").isEmpty && phone.log(containing: "Nothing recreated").isEmpty, "\(phone.logLines)")
            #expect(stack(host).count == 1, "didFinishLaunching built the default hierarchy instead")
            #expect(Fixture.calls.firstIndex(of: "didFinishLaunching")! > Fixture.calls.firstIndex(of: "willFinishLaunching")!)
        }

        @Test("A controller from a storyboard is instantiated from it again by its identifier")
        func storyboardSearch() throws {
            UIStoryboard.register(name: "Main", scenes: ["Note": { NoteViewController(note: "from the storyboard") }])
            let phone = Phone()
            let first = phone.launch(NotesAppDelegate.self)
            let note = UIStoryboard(name: "Main", bundle: nil).instantiateViewController(withIdentifier: "Note") as! NoteViewController
            note.restorationClass = nil // leave it to the storyboard
            note.note = "edited"
            (first.delegate as? NotesAppDelegate)?.navigation?.pushViewController(note, animated: false)
            phone.homeAndKill()
            let entry = try #require(try phone.readArchive().entry(at: RestorationPath(parsing: "Navigation/:[1]:/Note")!))
            #expect(entry.state[UIApplication.stateRestorationViewControllerStoryboardKey] == .string("Main"))

            let host = phone.launch(NotesAppDelegate.self)
            let restored = try #require(stack(host).last as? NoteViewController)
            #expect(restored.storyboard?.name == "Main")
            #expect(restored.note == "edited", "instantiated from the storyboard, then decoded")
        }

        @Test("A restored object of another class is kept but not asked to decode; the workbook says so as a cause, never in the log")
        func classMismatch() throws {
            let phone = Phone()
            let first = phone.launch(NotesAppDelegate.self)
            (first.delegate as? NotesAppDelegate)?.navigation?.pushViewController(SpecialNoteViewController(note: "special"), animated: false)
            phone.homeAndKill()
            // Saved: SpecialNoteViewController. Its restoration class makes a plain NoteViewController,
            // which is neither the saved class nor a subclass of it.
            let host = phone.launch(NotesAppDelegate.self)
            let restored = try #require(stack(host).last as? NoteViewController)
            #expect(!(restored is SpecialNoteViewController))
            #expect(restored.note == "", "kept, but not asked to decode")
            #expect(host.restorationReport.causes.contains(RestorationCause(
                .classMismatch, path: "Navigation/:[1]:/Note", className: "NoteViewController",
                sentence: "The object restored for Navigation/:[1]:/Note is a NoteViewController, not the saved SpecialNoteViewController or a subclass of it, so it was kept but not asked to decode its state.")),
                    "\(host.restorationReport.causes)")
            #expect(phone.log(containing: "not the saved").isEmpty, "\(phone.logLines)")
        }

        @Test("A restored object whose class is a subclass of the saved class is decoded")
        func subclassDecodes() throws {
            let phone = try phoneWithSavedNote(note: "for the subclass")
            var archive = try phone.readArchive()
            archive.restorationClassMap[RestorationPath(parsing: "Navigation/:[1]:/Note")!] = String(reflecting: SpecialNoteMaker.self)
            try archive.write(to: phone.container.archiveURL)
            let host = phone.launch(NotesAppDelegate.self)
            #expect((stack(host).last as? SpecialNoteViewController)?.note == "for the subclass")
        }

        @Test("applicationFinishedRestoringState is called on every restored object, after didDecode")
        func finishedRestoring() throws {
            let phone = try phoneWithSavedNote()
            phone.launch(NotesAppDelegate.self)
            let didDecode = try #require(Fixture.calls.firstIndex(of: "didDecode"))
            let finished = Fixture.calls.indices.filter { Fixture.calls[$0].hasSuffix(".finished") }
            #expect(finished.count == 2)
            #expect(finished.allSatisfy { $0 > didDecode })
            #expect(Fixture.calls.firstIndex(of: "List.decode")! < Fixture.calls.firstIndex(of: "Note.decode")!, "parents decode before children")
        }
    }
}
