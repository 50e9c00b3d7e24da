import Foundation
import Testing
@testable import RestorationKit

/// RESTORATION.md, "Who takes part": any object can take part through
/// `UIApplication.registerObject(forStateRestoration:restorationIdentifier:)`.
extension RuleBook {
    @Suite struct RegisteredObjects {
        init() {
            Fixture.reset()
            DraftStoreFactory.made = []
        }

        @Test("A registered object is preserved under its identifier and restored when registered again before restoration")
        func registeredAgain() throws {
            let phone = Phone()
            phone.launch(NotesAppDelegate.self)
            let store = DraftStore()
            store.draft = "half a sentence"
            UIApplication.registerObject(forStateRestoration: store, restorationIdentifier: "Drafts")
            phone.homeAndKill()
            let entry = try #require(try phone.readArchive().entry(at: RestorationPath(root: "Drafts")))
            #expect(entry.kind == .object)
            #expect(entry.state["draft"] == .string("half a sentence"))

            // The next launch registers a fresh store in willFinishLaunching (here: right after
            // creating the host, before launch), and restoration fills it.
            let fresh = DraftStore()
            let host = ApplicationHost(delegateType: NotesAppDelegate.self, configuration: phone.configuration)
            UIApplication.registerObject(forStateRestoration: fresh, restorationIdentifier: "Drafts")
            host.launch()
            #expect(fresh.draft == "half a sentence")
            #expect(DraftStoreFactory.made.isEmpty)
        }

        @Test("An object a storyboard controller registers in awakeFromNib (or when its view loads), made again only while restoration recreates that controller, is found and restored, and the controller's reference to it resolves",
              arguments: [(scoped: false, whenViewLoads: false), (scoped: true, whenViewLoads: false), (scoped: false, whenViewLoads: true)])
        func registeredByAControllerMadeDuringRestoration(scopedUnderTheController: Bool, whenViewLoads: Bool) throws {
            WriterViewController.scopesThing = scopedUnderTheController
            WriterViewController.makesThingWhenViewLoads = whenViewLoads
            defer {
                WriterViewController.scopesThing = false
                WriterViewController.makesThingWhenViewLoads = false
            }
            let phone = Phone()
            phone.mainStoryboardFile = "Notebook"
            let first = phone.launch(StoryboardAppDelegate.self)
            let root = try #require(first.delegate.window?.rootViewController as? UINavigationController)
            let writer = try #require(root.storyboard?.instantiateViewController(withIdentifier: "Writer") as? WriterViewController)
            writer.loadViewIfNeeded()
            writer.thing.word = "Kensington"
            root.pushViewController(writer, animated: false)
            phone.homeAndKill()
            let thingPath = scopedUnderTheController ? "Root/:[1]:/Writer/thing" : "thing"
            #expect(try phone.readArchive().entry(at: RestorationPath(parsing: thingPath)!)?.state["word"] == .string("Kensington"))

            let second = phone.launch(StoryboardAppDelegate.self)
            let restoredRoot = try #require(second.delegate.window?.rootViewController as? UINavigationController)
            let restored = try #require(restoredRoot.topViewController as? WriterViewController, "the writer comes back through the storyboard")
            #expect(restored.thing.word == "Kensington", "the thing the restored writer made is found and decodes its state")
            #expect((restored.decodedThing as? Thing) === restored.thing, "the writer's reference resolves to its own thing")
            #expect(second.restorationReport.restoredPaths.contains(thingPath))
            #expect(second.restorationReport.dropped.isEmpty, "\(second.restorationReport.dropped)")
        }

        @Test("Its restoration parent scopes its path; an object not registered again is recreated by its restoration class")
        func parentScopesPath() throws {
            let phone = Phone()
            let first = phone.launch(NotesAppDelegate.self)
            let list = try #require((first.delegate as? NotesAppDelegate)?.navigation?.topViewController)
            let store = DraftStore()
            store.parent = list
            store.draft = "scoped"
            UIApplication.registerObject(forStateRestoration: store, restorationIdentifier: "Drafts")
            phone.homeAndKill()
            #expect(try phone.readArchive().entry(at: RestorationPath(parsing: "Navigation/:[0]:/List/Drafts")!) != nil)
            #expect(try phone.readArchive().restorationClassMap[RestorationPath(parsing: "Navigation/:[0]:/List/Drafts")!] == String(reflecting: DraftStoreFactory.self))

            let host = phone.launch(NotesAppDelegate.self)
            #expect(DraftStoreFactory.made.map(\.draft) == ["scoped"])
            #expect(host.restorationReport.restoredPaths.contains("Navigation/:[0]:/List/Drafts"))
        }

        @Test("An object registered only in didFinishLaunching gets nothing back, and the cause says when it was registered and by when it had to be",
              arguments: [true, false])
        func registeredAfterRestoration(late: Bool) throws {
            let phone = Phone()
            phone.launch(NotesAppDelegate.self)
            let counter = VisitCounter()
            counter.visits = 3
            UIApplication.registerObject(forStateRestoration: counter, restorationIdentifier: "Visits")
            phone.homeAndKill()

            LateRegisteringAppDelegate.registersLate = late
            let host = phone.launch(LateRegisteringAppDelegate.self)
            let causes = host.restorationReport.causes.filter { $0.path == "Visits" }
            guard late else {
                #expect(causes.map(\.kind) == [.notRestored], "never registered at all: \(causes)")
                return
            }
            #expect(LateRegisteringAppDelegate.counter?.visits == 0, "restoration had run when it was registered")
            #expect(causes == [RestorationCause(
                .registeredAfterRestoration, path: "Visits", className: "VisitCounter",
                sentence: "VisitCounter at Visits was saved, but at this launch it was registered with registerObject(forStateRestoration:restorationIdentifier:) in application(_:didFinishLaunchingWithOptions:), after restoration had run, so restoration did not find it and it never got its state back. Register it by the end of application(_:willFinishLaunchingWithOptions:), before restoration runs (or while restoration recreates its restoration parent).")],
                    "\(host.restorationReport.causes)")
        }

        @Test("An object registered only once the app has launched (on the user's first visit to it) is explained as registered too late when the report is read then, not as never registered")
        func registeredAfterLaunching() throws {
            let phone = Phone()
            phone.launch(NotesAppDelegate.self)
            let counter = VisitCounter()
            counter.visits = 3
            UIApplication.registerObject(forStateRestoration: counter, restorationIdentifier: "Visits")
            phone.homeAndKill()

            LateRegisteringAppDelegate.registersLate = false
            let host = phone.launch(LateRegisteringAppDelegate.self)
            #expect(host.restorationReport.causes.filter { $0.path == "Visits" }.map(\.kind) == [.notRestored])
            let visited = VisitCounter()
            UIApplication.registerObject(forStateRestoration: visited, restorationIdentifier: "Visits")
            let causes = host.restorationReport.causes.filter { $0.path == "Visits" }
            #expect(causes.map(\.kind) == [.registeredAfterRestoration], "\(causes)")
            #expect(causes.first?.sentence.contains("registered with registerObject(forStateRestoration:restorationIdentifier:) once the app had launched, after restoration had run") == true,
                    "\(causes)")
            #expect(visited.visits == 0, "it got nothing back")
        }

        @Test("An object whose restoration parent takes no part is not preserved")
        func parentWithoutIdentifier() throws {
            let phone = Phone()
            phone.launch(NotesAppDelegate.self)
            let store = DraftStore()
            let orphan = UIViewController() // not in the tree, no identifier
            store.parent = orphan
            UIApplication.registerObject(forStateRestoration: store, restorationIdentifier: "Drafts")
            phone.homeAndKill()
            #expect(try phone.readArchive().entries.allSatisfy { !$0.path.description.hasSuffix("Drafts") })
            withExtendedLifetime(orphan) {}
        }
    }
}

/// An object with no restoration class: only registering it again brings its state back.
private final class VisitCounter: NSObject, UIStateRestoring {
    var visits = 0
    func encodeRestorableState(with coder: NSCoder) { coder.encode(visits, forKey: "visits") }
    func decodeRestorableState(with coder: NSCoder) { visits = coder.decodeInteger(forKey: "visits") }
}

/// Registers a fresh counter in didFinishLaunching, once restoration has run (or never).
private final class LateRegisteringAppDelegate: NotesAppDelegate {
    nonisolated(unsafe) static var registersLate = true
    nonisolated(unsafe) static var counter: VisitCounter?

    override func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        if Self.registersLate {
            let counter = VisitCounter()
            Self.counter = counter
            UIApplication.registerObject(forStateRestoration: counter, restorationIdentifier: "Visits")
        }
        return super.application(application, didFinishLaunchingWithOptions: launchOptions)
    }
}
