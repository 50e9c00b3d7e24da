import Foundation
import Testing
@testable import RestorationKit

/// RESTORATION.md rules where a device is strict: code that loses state on an iPhone must lose
/// it here too. Each test is named after its rule.
extension RuleBook {
    @Suite struct AsStrictAsADevice {
        init() {
            Fixture.reset()
            StoryboardNoteMaker.decodedStoryboard = nil
        }

        private func stack(_ host: ApplicationHost) -> [UIViewController] {
            (host.delegate as? NotesAppDelegate)?.navigation?.viewControllers ?? []
        }

        // MARK: The tab bar

        @Test("A tab bar saves only its selected tab and whether its view loaded, never a list of its tabs")
        func tabBarSavesOnlyTheSelection() throws {
            let phone = Phone()
            let first = phone.launch(ThreeTabsAppDelegate.self)
            try #require((first.delegate as? ThreeTabsAppDelegate)?.tabs).selectedIndex = 2
            phone.homeAndKill()
            let archive = try phone.readArchive()
            let tabs = try #require(archive.entry(at: RestorationPath(root: "Tabs")))
            #expect(Set(tabs.state.keys) == [ReservedKey.tabBarSelected, ReservedKey.viewWasLoaded])
            #expect(tabs.state[ReservedKey.tabBarSelected] == .dictionary([RestorationCoder.Marker.proxy: .string("Tabs/:[2]:/Sent")]))
            // The tabs with identifiers are still preserved, each under its own path.
            #expect(archive.entry(at: RestorationPath(parsing: "Tabs/:[0]:/Inbox")!) != nil)
            #expect(archive.entry(at: RestorationPath(parsing: "Tabs/:[2]:/Sent")!) != nil)
        }

        @Test("A tab without a restoration identifier stays on the bar after a relaunch, unrestored; the others come back with their state and the selection")
        func tabWithoutIdentifierStaysOnTheBar() throws {
            let phone = Phone()
            let first = phone.launch(ThreeTabsAppDelegate.self)
            let tabs = try #require((first.delegate as? ThreeTabsAppDelegate)?.tabs)
            for (page, count) in zip(tabs.viewControllers ?? [], [1, 2, 3]) { (page as? CountingPageViewController)?.count = count }
            tabs.selectedIndex = 2
            phone.homeAndKill()

            let second = phone.launch(ThreeTabsAppDelegate.self)
            let restored = try #require((second.delegate as? ThreeTabsAppDelegate)?.tabs)
            #expect(restored.viewControllers?.map(\.title) == ["Inbox", "Drafts", "Sent"])
            #expect(restored.viewControllers?.map { ($0 as? CountingPageViewController)?.count } == [1, 0, 3])
            #expect(restored.selectedIndex == 2)
            #expect(second.screen.element(identifiedBy: "tab bar")?[property: ScreenProperty.segments] == "Inbox | Drafts | Sent")
        }

        // MARK: The restored root

        @Test("UIKit never puts a restored root into the window, in a real process either: a recreated root nobody installs is lost, one the delegate installs is shown",
              arguments: ["forget", "install"])
        func restoredRootInARealProcess(_ delegateDoes: String) throws {
            let container = ProcessContainer()
            try container.saveNote("Rusty Spork")
            let relaunch = try container.launch(["RULEBOOK_RECREATE_ROOT": delegateDoes])
            #expect(try relaunch.waitUntilLaunched() == "restored")
            let shown = try relaunch.screen().element(identifiedBy: "note")?[property: ScreenProperty.text]
            try relaunch.quit()
            #expect(shown == (delegateDoes == "install" ? "Rusty Spork" : nil))
        }

        // MARK: Truncation

        @Test("A stack A, B, C whose B cannot be restored comes back as A alone: the child array is truncated at B")
        func stackIsTruncatedAtTheFirstMissingChild() throws {
            let phone = Phone()
            let first = phone.launch(NotesAppDelegate.self)
            let navigation = try #require((first.delegate as? NotesAppDelegate)?.navigation)
            navigation.pushViewController(DeclinedViewController(), animated: false)
            navigation.pushViewController(NoteViewController(note: "C"), animated: false)
            phone.homeAndKill()

            let second = phone.launch(NotesAppDelegate.self)
            #expect(stack(second).map(\.title) == ["List"])
            #expect(second.screen.element(identifiedBy: "navigation bar")?[property: ScreenProperty.title] == "List")
            #expect(phone.logMessages.contains("-[UIViewController(StateRestoration) _restoreChildViewControllers]: Can't find Child View Controller at index 1 with identifier Navigation/:[1]:/Declined, truncating child array"))
        }

        // MARK: The storyboard key

        @Test("UIStateRestorationViewControllerStoryboardKey decodes to the storyboard itself: a restoration class instantiates from it, as Apple's guide shows")
        func storyboardKeyDecodesToTheStoryboard() throws {
            let storyboard = UIStoryboard.register(name: "Main", scenes: ["Note": {
                let note = NoteViewController(note: "from the storyboard")
                note.restorationClass = StoryboardNoteMaker.self
                return note
            }])
            let phone = Phone()
            let first = phone.launch(NotesAppDelegate.self)
            let note = try #require(UIStoryboard(name: "Main", bundle: nil).instantiateViewController(withIdentifier: "Note") as? NoteViewController)
            note.note = "edited"
            (first.delegate as? NotesAppDelegate)?.navigation?.pushViewController(note, animated: false)
            phone.homeAndKill()

            let second = phone.launch(NotesAppDelegate.self)
            #expect(StoryboardNoteMaker.decodedStoryboard === storyboard)
            let restored = try #require(stack(second).last as? NoteViewController)
            #expect(restored.note == "edited")
        }

        // MARK: The getter gotcha

        @Test("An identifier provided by overriding the getter is preserved but not restored: the archive has it, the relaunch drops it")
        func getterIdentifierIsPreservedButNotRestored() throws {
            let phone = Phone()
            let first = phone.launch(GetterGotchaAppDelegate.self)
            try #require((first.delegate as? GetterGotchaAppDelegate)?.list).scrollPosition = 240
            phone.homeAndKill()
            let saved = try #require(try phone.readArchive().entry(at: RestorationPath(parsing: "Navigation/:[0]:/List")!))
            #expect(saved.state["scrollPosition"] == .integer(240), "data.data looks fine")

            let second = phone.launch(GetterGotchaAppDelegate.self)
            let list = try #require((second.delegate as? GetterGotchaAppDelegate)?.list)
            #expect(!list.decoded)
            #expect(list.scrollPosition == 0)
            #expect(second.restorationReport.dropped.map(\.path) == ["Navigation/:[0]:/List"])
        }

        // MARK: The window

        @Test("A window with a restoration identifier is preserved as a root of its own, with its size classes, and restored")
        func windowWithIdentifierIsPreserved() throws {
            Fixture.windowIdentifier = "MainWindow"
            let phone = Phone()
            phone.launch(NotesAppDelegate.self)
            phone.homeAndKill()
            let window = try #require(try phone.readArchive().entry(at: RestorationPath(root: "MainWindow")))
            #expect(window.kind == .view)
            #expect(RuntimeClassName.display(window.className) == "UIWindow")
            #expect(window.state[ReservedKey.windowHorizontalSizeClass] == .integer(Int64(UIUserInterfaceSizeClass.compact.rawValue)))
            #expect(window.state[ReservedKey.windowVerticalSizeClass] == .integer(Int64(UIUserInterfaceSizeClass.regular.rawValue)))

            let second = phone.launch(NotesAppDelegate.self)
            #expect(second.restorationReport.restoredPaths.contains("MainWindow"))
            #expect(phone.logMessages.contains { $0.hasSuffix("Object in root set for index [0] for identifier path MainWindow: <UIWindow: 0x600000000001>") })
        }

        @Test("A window without a restoration identifier is not in the archive")
        func windowWithoutIdentifierIsNotPreserved() throws {
            let phone = Phone()
            phone.launch(NotesAppDelegate.self)
            phone.homeAndKill()
            #expect(try phone.readArchive().entries.allSatisfy { $0.kind == .viewController })
        }

        // MARK: The snapshot, in a real process

        @Test("A real process whose controllers take no part relaunches on the launch image; one whose controllers took part shows its snapshot",
              arguments: [true, false])
        func snapshotOnlyAfterControllersTookPart(_ anonymous: Bool) throws {
            let container = ProcessContainer()
            let environment = anonymous ? ["RULEBOOK_ANONYMOUS": "1"] : [:]
            let first = try container.launch(environment.merging(["RULEBOOK_NOTE": "Rusty Spork"]) { $1 })
            _ = try first.waitUntilLaunched()
            #expect(try first.request("home", reply: "ok") == "home")
            try first.kill()

            let second = try container.launch(environment)
            _ = try second.waitUntilLaunched()
            let shown = try second.launchScreen()
            try second.quit()
            #expect((shown == .launchImage) == anonymous, "\(shown)")
        }
    }
}
