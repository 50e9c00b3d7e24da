import Foundation
import Testing
@testable import RestorationKit

/// RESTORATION.md, "Preservation" 4 (a controller saves its storyboard) and "Restoration" 3.4
/// and 6 (the storyboard way; the key decodes to the storyboard), with storyboards as iOS
/// loads them: named by `Info.plist`, made before `willFinishLaunching`.
extension RuleBook {
    @Suite struct Storyboards {
        init() { StoryboardAppDelegate.rootSeenInWillFinish = nil }

        private func storyboardPhone() -> Phone {
            let phone = Phone()
            phone.mainStoryboardFile = "Tabs"
            return phone
        }

        @Test("The main storyboard named in Info.plist is loaded before willFinishLaunching: the window and its initial controller are already there")
        func mainStoryboardBeforeWillFinish() throws {
            let phone = storyboardPhone()
            let host = phone.launch(StoryboardAppDelegate.self)
            let tabs = try #require((host.delegate as? StoryboardAppDelegate)?.tabs)
            #expect(StoryboardAppDelegate.rootSeenInWillFinish === tabs)
            #expect(host.application.keyWindow === host.delegate.window, "made key and visible after didFinishLaunching")
            #expect(host.screen.element(identifiedBy: "tab bar")?[property: ScreenProperty.segments] == "List | List")
        }

        @Test("Every controller a storyboard makes records it, relationship children included; the archive names the storyboard for each")
        func everyControllerRecordsItsStoryboard() throws {
            let phone = storyboardPhone()
            let host = phone.launch(StoryboardAppDelegate.self)
            let tabs = try #require((host.delegate as? StoryboardAppDelegate)?.tabs)
            let stack = try #require(tabs.viewControllers?.first as? UINavigationController)
            let storyboard = try #require(tabs.storyboard)
            #expect(storyboard.name == "Tabs")
            #expect(stack.storyboard === storyboard)
            #expect(stack.viewControllers.first?.storyboard === storyboard)
            phone.homeAndKill()
            let archive = try phone.readArchive()
            for path in ["Root", "Root/:[0]:/Stack", "Root/:[0]:/Stack/:[0]:/List"] {
                #expect(archive.entry(at: RestorationPath(parsing: path)!)?.state[ReservedKey.storyboard] == .string("Tabs"), "\(path)")
            }
        }

        @Test("A storyboard scene without a restoration identifier takes no part: a storyboard ID is not one")
        func sceneWithoutRestorationIdentifier() throws {
            let phone = storyboardPhone()
            let host = phone.launch(StoryboardAppDelegate.self)
            let unnamed = try #require((host.delegate as? StoryboardAppDelegate)?.tabs?.viewControllers?.last)
            #expect(unnamed.restorationIdentifier == nil)
            phone.homeAndKill()
            #expect(try phone.readArchive().entries.allSatisfy { !$0.path.description.contains("Unnamed") })
        }

        @Test("A controller pushed from the storyboard comes back through it, with nothing but the storyboard to make it again")
        func restoredThroughTheStoryboard() throws {
            let phone = storyboardPhone()
            let first = phone.launch(StoryboardAppDelegate.self)
            let stack = try #require((first.delegate as? StoryboardAppDelegate)?.tabs?.viewControllers?.first as? UINavigationController)
            let page = try #require(stack.storyboard?.instantiateViewController(withIdentifier: "Page") as? StoryboardListViewController)
            page.mark = "pushed"
            stack.pushViewController(page, animated: false)
            phone.homeAndKill()

            let second = phone.launch(StoryboardAppDelegate.self)
            let restored = try #require((second.delegate as? StoryboardAppDelegate)?.tabs?.viewControllers?.first as? UINavigationController)
            #expect(restored.viewControllers.count == 2)
            #expect((restored.topViewController as? StoryboardListViewController)?.mark == "pushed")
            #expect(restored.topViewController?.storyboard?.name == "Tabs")
        }

        @Test("A relationship that loops back to its own scene ends instead of recursing")
        func relationshipLoopEnds() {
            let storyboard = UIStoryboard.register(TabsStoryboard.self)
            let loop = storyboard.instantiateViewController(withIdentifier: "Loop") as? UINavigationController
            #expect(loop != nil)
            var depth = 0
            var current = loop
            while let next = current?.viewControllers.first as? UINavigationController { depth += 1; current = next }
            #expect(depth < 100)
        }
    }
}
