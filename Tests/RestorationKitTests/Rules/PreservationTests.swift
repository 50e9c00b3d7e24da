import BinaryPropertyList
import Foundation
import Testing
@testable import RestorationKit

/// RESTORATION.md, "Preservation": coders, what the base classes save, references, reserved keys,
/// and the archive's top level.
extension RuleBook {
    @Suite struct Preservation {
        init() { Fixture.reset() }

        private func launchWithNote(_ phone: Phone, note: String = "Rusty Spork") throws -> NotesAppDelegate {
            let host = phone.launch(NotesAppDelegate.self)
            let app = try #require(host.delegate as? NotesAppDelegate)
            app.navigation?.pushViewController(NoteViewController(note: note), animated: false)
            return app
        }

        @Test("The delegate's willEncodeRestorableStateWith gets the top-level coder first; its keys come back at launch")
        func topLevelCoder() throws {
            var readBack: String?
            Fixture.willEncode = { coder in coder.encode("2026 edition", forKey: "catalogue") }
            Fixture.shouldRestoreWith = { coder in
                readBack = coder.decodeObject(forKey: "catalogue") as? String
                return true
            }
            let phone = Phone()
            _ = try launchWithNote(phone)
            phone.homeAndKill()
            let order = Fixture.calls.filter { ["willEncode", "List.decode", "shouldSave"].contains($0) }
            #expect(order == ["shouldSave", "willEncode"])
            #expect(try phone.readArchive().topLevel["catalogue"] == .string("2026 edition"))
            phone.launch(NotesAppDelegate.self)
            #expect(readBack == "2026 edition")
        }

        @Test("Each object gets its own coder: the same key in two objects never collides")
        func separateCoders() throws {
            let phone = Phone()
            let app = try launchWithNote(phone, note: "bottom")
            let modal = NoteViewController(note: "top")
            app.navigation?.present(modal, animated: false)
            phone.homeAndKill()
            let archive = try phone.readArchive()
            #expect(archive.entry(at: RestorationPath(parsing: "Navigation/:[1]:/Note")!)?.state["note"] == .string("bottom"))
            #expect(archive.entry(at: RestorationPath(parsing: "Navigation/Note")!)?.state["note"] == .string("top"))
        }

        @Test("UIViewController saves what it presented and whether its view was loaded, not its children")
        func viewControllerBaseState() throws {
            let phone = Phone()
            let app = try launchWithNote(phone)
            let split = SplitViewController()
            split.restorationIdentifier = "Split"
            split.addChild(NoteViewController(note: "unsaved child"))
            app.navigation?.present(split, animated: false)
            phone.homeAndKill()
            let archive = try phone.readArchive()
            let navigation = try #require(archive.entry(at: RestorationPath(root: "Navigation")))
            #expect(navigation.state[ReservedKey.presented] == .dictionary([RestorationCoder.Marker.proxy: .string("Navigation/Split")]))
            #expect(navigation.state[ReservedKey.viewWasLoaded] == .boolean(true))
            #expect(!archive.entries.contains { $0.path.description == "Navigation/Split/Note" },
                    "a plain controller does not save its children; a custom container must encode them")
        }

        @Test("UINavigationController saves references to its stack, bottom to top")
        func navigationStack() throws {
            let phone = Phone()
            _ = try launchWithNote(phone)
            phone.homeAndKill()
            let navigation = try #require(try phone.readArchive().entry(at: RestorationPath(root: "Navigation")))
            #expect(navigation.state[ReservedKey.children] == .array([
                .dictionary([RestorationCoder.Marker.proxy: .string("Navigation/:[0]:/List")]),
                .dictionary([RestorationCoder.Marker.proxy: .string("Navigation/:[1]:/Note")]),
            ]))
        }

        @Test("UITabBarController saves its children and the selected one, which comes back by identity")
        func tabSelection() throws {
            let phone = Phone()
            let first = phone.launch(TabsAppDelegate.self)
            try #require((first.delegate as? TabsAppDelegate)?.tabs).selectedIndex = 1
            phone.homeAndKill()
            let tabs = try #require(try phone.readArchive().entry(at: RestorationPath(root: "Tabs")))
            #expect(tabs.state[ReservedKey.tabBarSelected] == .dictionary([RestorationCoder.Marker.proxy: .string("Tabs/:[1]:/Navigation")]))

            let second = phone.launch(TabsAppDelegate.self)
            let restored = try #require((second.delegate as? TabsAppDelegate)?.tabs)
            #expect(restored.selectedIndex == 1)
            #expect(restored.selectedViewController?.title == "Second")
        }

        @Test("The selected tab is matched by identity: when a tab before it is gone, the same tab is still selected")
        func tabSelectionByIdentity() throws {
            let phone = Phone()
            TabsAppDelegate.tabsAtLaunch = ["First", "Second"]
            defer { TabsAppDelegate.tabsAtLaunch = ["First", "Second"] }
            let first = phone.launch(TabsAppDelegate.self)
            try #require((first.delegate as? TabsAppDelegate)?.tabs).selectedIndex = 1
            phone.homeAndKill()

            // The update builds only the second tab; its old path Tabs/:[1]:/... no longer exists.
            TabsAppDelegate.tabsAtLaunch = ["Second"]
            let second = phone.launch(TabsAppDelegate.self)
            let tabs = try #require((second.delegate as? TabsAppDelegate)?.tabs)
            #expect(tabs.viewControllers?.map(\.title) == ["Second"])
            #expect(tabs.selectedViewController?.title == "Second")
        }

        @Test("An override that forgets super loses what the base class saves: its presented controller is not preserved")
        func forgettingSuper() throws {
            NoteViewController.forgetsSuper = true
            let phone = Phone()
            let app = try launchWithNote(phone)
            let note = try #require(app.navigation?.topViewController as? NoteViewController)
            // Present from the note itself, without a container, so only the note can save the reference.
            app.navigation?.setViewControllers([note], animated: false)
            let navigation = try #require(app.navigation)
            let detail = NoteViewController(note: "presented")
            detail.restorationIdentifier = "Detail"
            navigation.present(detail, animated: false)
            phone.homeAndKill()
            let paths = try phone.readArchive().entries.map(\.path.description)
            #expect(paths.contains("Navigation/Detail"), "the navigation controller calls super, so its modal is saved")
            let noteEntry = try #require(try phone.readArchive().entry(at: RestorationPath(parsing: "Navigation/:[0]:/Note")!))
            #expect(noteEntry.state[ReservedKey.viewWasLoaded] == nil, "without super, the base class's keys are missing")
        }

        @Test("A controller written into a coder is stored as a reference and decodes to the restored instance")
        func referencesAreProxies() throws {
            final class PointerViewController: UIViewController {
                weak var target: UIViewController?
                override func encodeRestorableState(with coder: NSCoder) {
                    super.encodeRestorableState(with: coder)
                    coder.encode(target, forKey: "target")
                }
                override func decodeRestorableState(with coder: NSCoder) {
                    super.decodeRestorableState(with: coder)
                    target = coder.decodeObject(of: UIViewController.self, forKey: "target")
                }
            }
            let phone = Phone()
            let app = try launchWithNote(phone)
            let pointer = PointerViewController()
            pointer.restorationIdentifier = "Pointer"
            pointer.target = app.navigation?.viewControllers[1]
            app.navigation?.pushViewController(pointer, animated: false)
            phone.homeAndKill()
            let entry = try #require(try phone.readArchive().entry(at: RestorationPath(parsing: "Navigation/:[2]:/Pointer")!))
            #expect(entry.state["target"] == .dictionary([RestorationCoder.Marker.proxy: .string("Navigation/:[1]:/Note")]))

            Fixture.delegateFinder = { components, _ in
                guard components.last == "Pointer" else { return nil }
                let restored = PointerViewController()
                restored.restorationIdentifier = "Pointer"
                return restored
            }
            let second = phone.launch(NotesAppDelegate.self)
            let stack = try #require((second.delegate as? NotesAppDelegate)?.navigation?.viewControllers)
            #expect(stack.count == 3)
            #expect((stack[2] as? PointerViewController)?.target === stack[1], "the reference is the restored note itself, not a copy")
        }

        @Test("Keys UIKit reserves are refused (the workbook's rule), the value is not saved, and the workbook's cause, not the log, says so")
        func reservedKeys() throws {
            Fixture.willEncode = { coder in
                coder.encode("mine", forKey: "kViewControllerViewWasLoadedKey")
                coder.encode("v9", forKey: UIApplication.stateRestorationBundleVersionKey)
            }
            let phone = Phone()
            _ = try launchWithNote(phone)
            phone.homeAndKill()
            let archive = try phone.readArchive()
            #expect(archive.topLevel["kViewControllerViewWasLoadedKey"] == nil)
            #expect(archive.topLevel[UIApplication.stateRestorationBundleVersionKey] == .string("1"))
            #expect(phone.preservationCauses.map(\.kind) == [.reservedKey, .reservedKey])
            #expect(phone.preservationCauses.map(\.className) == ["NotesAppDelegate", "NotesAppDelegate"])
            #expect(phone.preservationCauses.first?.sentence == "The app delegate encoded a value under the key kViewControllerViewWasLoadedKey, which UIKit reserves for itself, so the workbook did not save it. Apple says only not to use these keys; refusing the value is the workbook's rule. Choose a key of your own.")
            #expect(phone.log(containing: "reserves").isEmpty)
        }

        @Test("The archive version keys are reserved: an app delegate cannot overwrite them, and the archive still reads as 2.1")
        func versionKeysReserved() throws {
            Fixture.willEncode = { coder in
                coder.encode(3, forKey: "kUIStateRestorationArchiveMajorVersionKey")
                coder.encode(9, forKey: "kUIStateRestorationArchiveMinorVersionKey")
            }
            let phone = Phone()
            _ = try launchWithNote(phone)
            phone.homeAndKill()
            let archive = try phone.readArchive()
            #expect(archive.majorVersion == 2 && archive.minorVersion == 1)
            #expect(archive.storedTopLevel["kUIStateRestorationArchiveMajorVersionKey"] == .integer(2))
            #expect(phone.preservationCauses.filter { $0.kind == .reservedKey }.count == 2)
        }

        @Test("The archive records version 2.1, the bundle and system versions, the time, the idiom and the class map")
        func archiveTopLevel() throws {
            let phone = Phone()
            phone.bundleVersion = "7"
            _ = try launchWithNote(phone)
            phone.homeAndKill()
            let archive = try phone.readArchive()
            #expect(archive.majorVersion == 2 && archive.minorVersion == 1)
            #expect(archive.topLevel[UIApplication.stateRestorationBundleVersionKey] == .string("7"))
            #expect(archive.topLevel[UIApplication.stateRestorationSystemVersionKey] == .string("17.0"))
            #expect(archive.topLevel[UIApplication.stateRestorationTimestampKey] == .date(phone.configuration.clockStart!))
            #expect(archive.topLevel[UIApplication.stateRestorationUserInterfaceIdiomKey] == .integer(0))
            #expect(archive.restorationClassMap == [RestorationPath(parsing: "Navigation/:[1]:/Note")!: String(reflecting: NoteViewController.self)])
            #expect(archive.entry(at: RestorationPath(root: "Navigation"))?.className == "UIKit.UINavigationController" ||
                    archive.entry(at: RestorationPath(root: "Navigation"))?.className == String(reflecting: UINavigationController.self))
        }

        @Test("Values of every property-list kind, dates, data, URLs, geometry and NSCoding objects survive the coder")
        func valueKinds() throws {
            let coder = RestorationCoder(log: nil, owner: "test")
            let date = Date(timeIntervalSince1970: 1_000_000)
            coder.encode("text", forKey: "string")
            coder.encode(42, forKey: "int")
            coder.encode(Int32(-7), forKey: "int32")
            coder.encode(Int64.max, forKey: "int64")
            coder.encode(0.5 as Float, forKey: "float")
            coder.encode(2.25, forKey: "double")
            coder.encode(true, forKey: "bool")
            coder.encode(date, forKey: "date")
            coder.encode(Data([1, 2, 3]), forKey: "data")
            coder.encode(URL(string: "x-coredata://store/Item/p4")!, forKey: "url")
            coder.encode(["a", "b"], forKey: "array")
            coder.encode(["k": 1], forKey: "dictionary")
            coder.encode(CGPoint(x: 0, y: 120.5), forKey: "point")
            coder.encode(CGRect(x: 1, y: 2, width: 3, height: 4), forKey: "rect")
            coder.encode(CGAffineTransform(rotationAngle: 0.5), forKey: "transform")
            coder.encode(NSDate(timeIntervalSince1970: 5), forKey: "nscoding")

            // Through the archive's bytes and back, as a relaunch reads it.
            let bytes = BinaryPropertyList.encode(.dictionary(coder.values))
            guard case .dictionary(let values) = try BinaryPropertyList.decode(bytes) else { Issue.record("not a dictionary"); return }
            let decoder = RestorationCoder(values: values, log: nil, owner: "test")
            #expect(decoder.decodeObject(forKey: "string") as? String == "text")
            #expect(decoder.decodeInteger(forKey: "int") == 42)
            #expect(decoder.decodeInt32(forKey: "int32") == -7)
            #expect(decoder.decodeInt64(forKey: "int64") == Int64.max)
            #expect(decoder.decodeFloat(forKey: "float") == 0.5)
            #expect(decoder.decodeDouble(forKey: "double") == 2.25)
            #expect(decoder.decodeBool(forKey: "bool"))
            #expect(decoder.decodeObject(forKey: "date") as? Date == date)
            #expect(decoder.decodeObject(forKey: "data") as? Data == Data([1, 2, 3]))
            #expect(decoder.decodeObject(of: [NSURL.self], forKey: "url") as? URL == URL(string: "x-coredata://store/Item/p4"))
            #expect(decoder.decodeObject(of: [NSArray.self, NSString.self], forKey: "array") as? [String] == ["a", "b"])
            #expect(decoder.decodeObject(of: [NSDictionary.self, NSString.self, NSNumber.self], forKey: "dictionary") as? [String: Int] == ["k": 1])
            #expect(decoder.decodeCGPoint(forKey: "point") == CGPoint(x: 0, y: 120.5))
            #expect(decoder.decodeCGRect(forKey: "rect") == CGRect(x: 1, y: 2, width: 3, height: 4))
            #expect(abs(decoder.decodeCGAffineTransform(forKey: "transform").b - CGFloat(sin(0.5))) < 1e-9)
            #expect((decoder.decodeObject(of: [NSDate.self], forKey: "nscoding") as? NSDate)?.timeIntervalSince1970 == 5)
            #expect(decoder.decodeObject(of: NSString.self, forKey: "string") == "text")
            #expect(!decoder.containsValue(forKey: "missing"))
            #expect(decoder.decodeInteger(forKey: "missing") == 0 && decoder.decodeObject(forKey: "missing") == nil)
        }
    }
}
