import Foundation
import Testing
@testable import RestorationKit

/// RESTORATION.md, "Preservation" (its order) and "Restoration" (order of calls, steps 1 to 8).
extension RuleBook {
    @Suite struct LifeCycleOrder {
        init() {
            Fixture.reset()
            Hooks.reset()
        }

        /// Launches the tracing notes app and pushes a tracing note.
        private func launchWithNote(_ phone: Phone, note: String = "Rusty Spork") throws -> (ApplicationHost, TracingNotesAppDelegate) {
            let host = phone.launch(TracingNotesAppDelegate.self)
            let app = try #require(host.delegate as? TracingNotesAppDelegate)
            try #require(app.navigation).pushViewController(TracingNoteViewController(note: note), animated: false)
            return (host, app)
        }

        @Test("Home: willResignActive and its notification, didEnterBackground and its notification, then shouldSave, willEncode and each object's encode, then the snapshot; the app is left suspended")
        func preservationOrder() throws {
            let phone = Phone()
            let (host, _) = try launchWithNote(phone)
            let recorder = NotificationRecorder([UIApplication.willResignActiveNotification, UIApplication.didEnterBackgroundNotification], of: host.application)
            var filesDuringEncode: (archive: Bool, snapshot: Bool)?
            var filesInBackground: (archive: Bool, snapshot: Bool)?
            let (archive, snapshot) = (phone.container.archiveURL.path, phone.container.snapshotURL.path)
            let files = { (FileManager.default.fileExists(atPath: archive), FileManager.default.fileExists(atPath: snapshot)) }
            Hooks.duringDidEnterBackground = { filesInBackground = files() }
            Hooks.duringNoteEncode = { filesDuringEncode = files() }
            Fixture.calls = []

            host.pressHome()
            withExtendedLifetime(recorder) {}

            #expect(Fixture.calls == [
                "willResignActive", "UIApplicationWillResignActiveNotification",
                "didEnterBackground", "UIApplicationDidEnterBackgroundNotification",
                "shouldSave", "willEncode", "Navigation.encode", "Note.encode",
            ])
            #expect(filesInBackground.map { [$0.archive, $0.snapshot] } == [false, false], "nothing is written before didEnterBackground returns")
            #expect(filesDuringEncode.map { [$0.archive, $0.snapshot] } == [false, false], "the archive and the snapshot come after every object encoded")
            #expect(phone.archiveExists)
            #expect(FileManager.default.fileExists(atPath: phone.container.snapshotURL.path), "the snapshot is taken last")
            #expect(host.application.applicationState == .background)
        }

        @Test("Relaunch: willFinishLaunching, shouldRestore, lookups parents first, decodes parents first, didDecode, applicationFinishedRestoringState, didFinishLaunching, didBecomeActive")
        func launchOrder() throws {
            let phone = Phone()
            _ = try launchWithNote(phone)
            phone.homeAndKill()
            Fixture.calls = []

            let host = phone.launch(TracingNotesAppDelegate.self)
            let finished = ["List.finished", "Note.finished"]
            #expect(Fixture.calls.filter { !finished.contains($0) } == [
                "willFinishLaunching", "buildDefaultHierarchy",
                "shouldRestore",
                "delegate Navigation", "delegate Navigation,List", "TracingNoteMaker Navigation,Note",
                "Navigation.decode", "List.decode", "Note.viewDidLoad", "Note.decode",
                "didDecode",
                "didFinishLaunching", "didBecomeActive",
            ])
            // applicationFinishedRestoringState: every restored object, between didDecode and
            // didFinishLaunching, in no guaranteed order.
            let didDecode = try #require(Fixture.calls.firstIndex(of: "didDecode"))
            let didFinish = try #require(Fixture.calls.firstIndex(of: "didFinishLaunching"))
            let finishedCalls = Fixture.calls.enumerated().filter { finished.contains($0.element) }
            #expect(Set(finishedCalls.map(\.element)) == Set(finished))
            #expect(finishedCalls.allSatisfy { $0.offset > didDecode && $0.offset < didFinish })
            #expect(host.restorationReport.outcome == .restored)
        }

        @Test("Decoding always happens after the controller's view loaded, for pushed and presented controllers alike")
        func decodeAfterViewLoaded() throws {
            let phone = Phone()
            let (_, app) = try launchWithNote(phone)
            let modal = TracingNoteViewController(note: "modal")
            modal.restorationIdentifier = "Modal"
            app.navigation?.present(modal, animated: false)
            phone.homeAndKill()

            let host = phone.launch(TracingNotesAppDelegate.self)
            let navigation = try #require((host.delegate as? TracingNotesAppDelegate)?.navigation)
            let pushed = try #require(navigation.topViewController as? TracingNoteViewController)
            let presented = try #require(navigation.presentedViewController as? TracingNoteViewController)
            #expect(pushed.viewLoadedBeforeDecode == true)
            #expect(presented.viewLoadedBeforeDecode == true)
            #expect((pushed.note, presented.note) == ("Rusty Spork", "modal"))
        }

        /// Saves Navigation > List > Note with nothing built in willFinishLaunching, so the
        /// delegate must recreate the containers; `installsRoot` is the textbook's
        /// one-component branch that puts the recreated root into the window.
        private func relaunchRecreatingRoot(installsRoot: Bool) throws -> (ApplicationHost, UINavigationController?) {
            Fixture.buildsInWillFinish = false
            let phone = Phone()
            let first = phone.launch(TracingNotesAppDelegate.self)
            #expect(Fixture.calls.filter { $0 == "buildDefaultHierarchy" }.count == 1, "a first launch builds it in didFinishLaunching")
            try #require((first.delegate as? TracingNotesAppDelegate)?.navigation).pushViewController(TracingNoteViewController(note: "kept"), animated: false)
            phone.homeAndKill()

            var madeNavigation: UINavigationController?
            Fixture.delegateFinder = { components, _ in
                switch components {
                case ["Navigation"]:
                    let navigation = TracingNavigationController()
                    navigation.restorationIdentifier = "Navigation"
                    madeNavigation = navigation
                    if installsRoot { UIApplication.shared.delegate?.window?.rootViewController = navigation }
                    return navigation
                case ["Navigation", "List"]: return ListViewController()
                default: return nil
                }
            }
            Fixture.calls = []
            return (phone.launch(TracingNotesAppDelegate.self), madeNavigation)
        }

        @Test("A restored root that the code recreating it puts into the window is what the user sees; didFinishLaunching finds it and builds nothing")
        func installedRestoredRootIsShown() throws {
            let (second, made) = try relaunchRecreatingRoot(installsRoot: true)
            let app = try #require(second.delegate as? TracingNotesAppDelegate)
            #expect(!Fixture.calls.contains("buildDefaultHierarchy"))
            #expect(app.navigation != nil && app.navigation === made)
            #expect((app.navigation?.topViewController as? NoteViewController)?.note == "kept")
        }

        @Test("UIKit never puts a restored root into the window: one nobody installs is not shown, didFinishLaunching builds a fresh list and the user loses the note")
        func uninstalledRestoredRootIsLost() throws {
            let (second, made) = try relaunchRecreatingRoot(installsRoot: false)
            let app = try #require(second.delegate as? TracingNotesAppDelegate)
            #expect(second.restorationReport.outcome == .restored, "restoration itself ran")
            #expect(Fixture.calls.contains("Note.decode"), "the note was even decoded, off screen")
            #expect(Fixture.calls.filter { $0 == "buildDefaultHierarchy" }.count == 1)
            #expect(app.navigation !== made)
            #expect(app.navigation?.viewControllers.count == 1)
            #expect(second.screen.element(identifiedBy: "navigation bar")?[property: ScreenProperty.title] == "List")
        }

        @Test("When restoration is refused, didFinishLaunching builds the default hierarchy")
        func refusedRestorationBuildsDefault() throws {
            let phone = Phone()
            let first = phone.launch(TracingNotesAppDelegate.self)
            try #require((first.delegate as? TracingNotesAppDelegate)?.navigation).pushViewController(TracingNoteViewController(note: "kept"), animated: false)
            phone.homeAndKill()
            Fixture.buildsInWillFinish = false
            Fixture.restoresState = false
            Fixture.calls = []
            let third = phone.launch(TracingNotesAppDelegate.self)
            #expect(Fixture.calls.filter { $0 == "buildDefaultHierarchy" }.count == 1)
            #expect((third.delegate as? TracingNotesAppDelegate)?.navigation?.viewControllers.count == 1)
        }

        @Test("@main on the app delegate starts a real process: it launches, answers the runner and quits cleanly")
        func mainStartsAProcess() throws {
            let container = ProcessContainer()
            let (app, outcome) = try container.launchAndWait(["RULEBOOK_NOTE": "hello from a process"])
            #expect(outcome == "noArchive")
            let screen = try app.screen()
            #expect(screen.element(identifiedBy: "note")?[property: ScreenProperty.text] == "hello from a process")
            #expect(screen.controllers == ["UINavigationController", "RuleBookNoteViewController"])
            try app.quit()
        }
    }
}
