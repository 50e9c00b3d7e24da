import Foundation
import Testing
@testable import RestorationKit

/// A bookmark registered for restoration with no restoration class: only registering it again
/// before restoration brings it back.
private final class UnclassedBookmark: NSObject, UIStateRestoring {
    var title = ""
    func encodeRestorableState(with coder: NSCoder) { coder.encode(title, forKey: "title") }
}

/// RESTORATION.md, "UIKit's log and the workbook's explanations are two things": what the engine
/// explains beyond the lines a device prints is a cause of the run (why state was lost) or a note
/// (what else it did), never a line of the log. Each case here had a line of its own in UIKit's
/// dress before; now the explanation is there and the line is not.
extension RuleBook {
    @Suite struct WorkbookExplanation {
        init() {
            Fixture.reset()
        }

        @Test("ignoreSnapshotOnNextApplicationLaunch() outside preservation is ignored: a note says so, the log does not")
        func snapshotCallIgnored() throws {
            let phone = Phone()
            let host = phone.launch(NotesAppDelegate.self)
            host.application.ignoreSnapshotOnNextApplicationLaunch()
            #expect(phone.notes.map(\.kind) == [.callIgnored])
            #expect(phone.notes.first?.sentence.hasPrefix("ignoreSnapshotOnNextApplicationLaunch() was called outside state preservation, so it was ignored") == true)
            phone.homeAndKill()
            #expect(SnapshotStore(container: phone.container).screenShownAtLaunch() != .launchImage, "ignored: the snapshot is kept")
            #expect(phone.logLines.isEmpty, "\(phone.logLines)")
        }

        @Test("An unbalanced completeStateRestoration() is ignored: a note says so, the log does not")
        func unbalancedCompletion() {
            let phone = Phone()
            let host = phone.launch(NotesAppDelegate.self)
            host.application.completeStateRestoration()
            host.application.completeStateRestoration()
            #expect(phone.notes.map(\.kind) == [.callIgnored], "said once: \(phone.notes)")
            #expect(phone.logLines.isEmpty, "\(phone.logLines)")
        }

        @Test("Presenting on a controller that already presents one is refused: a note names both, the log has nothing")
        func presentationRefused() throws {
            let phone = Phone()
            let host = phone.launch(NotesAppDelegate.self)
            let navigation = try #require((host.delegate as? NotesAppDelegate)?.navigation)
            navigation.present(NoteViewController(note: "first"), animated: false)
            navigation.present(ListViewController(), animated: false)
            #expect((navigation.presentedViewController as? NoteViewController)?.note == "first")
            let note = try #require(phone.notes.first)
            #expect(note.kind == .presentationRefused && note.className == "ListViewController")
            #expect(note.sentence == "<ListViewController: List> was presented on <UINavigationController: Navigation>, which is already presenting <NoteViewController: Note>; the workbook ignored it.")
            #expect(phone.logLines.isEmpty, "\(phone.logLines)")
        }

        @Test("A reference to an object that takes no part saves nothing: a cause names the key and the object, the log does not")
        func referenceNotSaved() throws {
            Fixture.willEncode = { coder in coder.encode(UIViewController(), forKey: "pointer") }
            let phone = Phone()
            phone.launch(NotesAppDelegate.self)
            phone.homeAndKill()
            #expect(try phone.readArchive().topLevel["pointer"] == nil)
            #expect(phone.preservationCauses == [RestorationCause(
                .referenceNotSaved, className: "NotesAppDelegate",
                sentence: "The app delegate encoded a reference to a UIViewController under the key pointer, but that object takes no part in state restoration (it has no restoration identifier, or one of its ancestors has none), so nothing was saved under the key.")],
                    "\(phone.preservationCauses)")
            #expect(phone.log(containing: "pointer").isEmpty)
        }

        @Test("A registered object not registered again, with no restoration class, is not restored: a cause says why, the log does not")
        func registeredObjectNotFound() throws {
            let phone = Phone()
            phone.launch(NotesAppDelegate.self)
            let bookmark = UnclassedBookmark()
            bookmark.title = "Zurich"
            UIApplication.registerObject(forStateRestoration: bookmark, restorationIdentifier: "Bookmark")
            phone.homeAndKill()

            let host = phone.launch(NotesAppDelegate.self)
            #expect(host.restorationReport.dropped.map(\.path) == ["Bookmark"])
            let cause = try #require(host.restorationReport.causes.first { $0.kind == .notRestored })
            #expect(cause.path == "Bookmark" && cause.className == "UnclassedBookmark")
            #expect(cause.sentence.contains("it was not registered again with registerObject(forStateRestoration:restorationIdentifier:), and no object restoration class recreated it"))
            #expect(phone.log(containing: "Unable to restore").isEmpty && phone.log(containing: "registered").isEmpty, "\(phone.logLines)")
        }

        @Test("An empty class map is logged as Foundation describes an empty dictionary, its brackets on two lines")
        func emptyClassMap() throws {
            let phone = Phone()
            phone.launch(NotesAppDelegate.self)
            phone.homeAndKill()
            phone.launch(NotesAppDelegate.self)
            #expect(phone.logMessages.contains { $0.hasSuffix("Restoration Class map: {\n}") }, "\(phone.logMessages)")
        }
    }
}
