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
