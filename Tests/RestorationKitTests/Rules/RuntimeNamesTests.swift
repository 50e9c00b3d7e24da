import Foundation
import Testing
@testable import RestorationKit

/// On iOS every version of an app has one module name, so `NSStringFromClass` names the app's
/// classes the same way whichever build wrote the archive. The runner names that module for a
/// chapter's apps (`WORKBOOK_MODULE_NAME`); the engine records, logs and finds classes by it.
extension RuleBook {
    @Suite struct RuntimeNames {
        init() {
            Fixture.reset()
            BookmarkViewController.reset()
        }

        static let holderPath = "Navigation/:[1]:/Bookmark"

        func saveAndRelaunch(_ phone: Phone) throws -> ApplicationHost {
            let first = phone.launch(NotesAppDelegate.self)
            let navigation = try #require(first.application.keyWindow?.rootViewController as? UINavigationController)
            navigation.pushViewController(BookmarkViewController(), animated: false)
            phone.homeAndKill()
            return phone.launch(NotesAppDelegate.self)
        }

        @Test("With a module name, the archive records the app's classes under it, in its class map and inside an archived object, and the relaunch finds them by it")
        func recordedAndFoundByModuleName() throws {
            let phone = Phone()
            phone.moduleName = "Bookmarks"
            BookmarkViewController.encode = { $0.encode(SecureBookmark(title: "Zurich"), forKey: "bookmark") }
            BookmarkViewController.decode = { BookmarkViewController.decoded["bookmark"] = $0.decodeObject(of: SecureBookmark.self, forKey: "bookmark") }
            let relaunch = try saveAndRelaunch(phone)

            let archive = try phone.readArchive()
            let path = try #require(RestorationPath(parsing: Self.holderPath))
            let saved = try #require(archive.entries.first { $0.path == path })
            #expect(saved.className == "Bookmarks.BookmarkViewController")
            #expect(archive.restorationClassMap[path] == "Bookmarks.BookmarkViewController")
            #expect(archive.entries.first { $0.path.description == "Navigation" }?.className == "RestorationKit.UINavigationController",
                    "UIKit's classes are not the app's")
            guard case .archivedObject(let data)? = saved.state["bookmark"].flatMap(MarkedArchiveValue.init) else {
                Issue.record("the bookmark was not archived"); return
            }
            #expect(KeyedArchiveClassName.of(data) == "Bookmarks.SecureBookmark")

            let navigation = try #require(relaunch.application.keyWindow?.rootViewController as? UINavigationController)
            #expect(navigation.topViewController is BookmarkViewController, "found by its restoration class's recorded name")
            #expect((BookmarkViewController.decoded["bookmark"]! as? SecureBookmark)?.title == "Zurich")
            #expect(phone.logMessages.contains { $0.contains(#""Navigation/:[1]:/Bookmark" = "Bookmarks.BookmarkViewController";"#) }, "the class map UIKit logs")
            #expect(phone.log(containing: "identifier path \(Self.holderPath): <Bookmarks.BookmarkViewController: 0x").count == 1)
            #expect(phone.log(containing: "RestorationKitTests.").isEmpty, "the compiled module shows nowhere")
        }

        @Test("Without a module name, the app's classes keep the module they were compiled into")
        func compiledNamesWithout() throws {
            let phone = Phone()
            _ = try saveAndRelaunch(phone)
            let path = try #require(RestorationPath(parsing: Self.holderPath))
            #expect(try phone.readArchive().restorationClassMap[path] == "RestorationKitTests.BookmarkViewController")
        }

        @Test("The runner's WORKBOOK_MODULE_NAME names the module and the process, as on iOS the product names both; a name that is no module's is reported and left out")
        func moduleNameFromEnvironment() {
            let named = LaunchConfiguration.fromEnvironment(["WORKBOOK_MODULE_NAME": "Islands"], arguments: ["/apps/Islands6State"])
            #expect(named.moduleName == "Islands")
            #expect(named.processName == "Islands")
            let unnamed = LaunchConfiguration.fromEnvironment([:], arguments: ["/apps/Islands6State"])
            #expect(unnamed.moduleName == nil)
            #expect(unnamed.processName == "Islands6State")
            var reports: [String] = []
            let wrong = LaunchConfiguration.fromEnvironment(["WORKBOOK_MODULE_NAME": "6 Islands"], arguments: ["/apps/Islands6State"]) { reports.append($0) }
            #expect(wrong.moduleName == nil)
            #expect(reports == ["WORKBOOK_MODULE_NAME=6 Islands is not a module name (letters, digits and _, not starting with a digit); keeping the app's own"])
        }

        @Test("A cause names a class by what follows its module's dot, whatever dots or letters its recorded name holds")
        func shortNames() {
            let names = ["Herbarium.PageViewController", "PageViewController", "A.B.C", "A.", "A..", ".", "", "..A..", ".A",
                         "Île.Café", "e\u{301}.x", "a.\u{301}b", "Module.\u{212A}elvin"]
            for name in names {
                // What the restorer has always said: the last part between dots, or the whole name.
                let expected = String(name.split(separator: ".").last ?? Substring(name))
                #expect(StateRestorer.shortName(name) == expected, "\(name)")
            }
            #expect(StateRestorer.shortName("Herbarium.PageViewController") == "PageViewController")
        }
    }
}
