import BinaryPropertyList
import Foundation
import Testing
@testable import RestorationKit

/// RESTORATION.md, "When the archive is thrown away" ("restoration fails with an error") and
/// "Restoration", step 3: an archive that cannot be used never crashes the app. One that cannot
/// be read is discarded with the reason in the log, and the app launches fresh; one that reads
/// but names things that cannot be found loses only those things.
extension RuleBook {
    @Suite struct BadArchive {
        init() {
            Fixture.reset()
            Hooks.reset()
        }

        typealias Fields = [String: PropertyListValue]

        /// A phone holding a real archive of Navigation > List > Note, and that archive's bytes.
        private func phoneWithArchive(developerMode: Bool = false) throws -> (Phone, Data) {
            let phone = Phone()
            phone.developerMode = developerMode
            let host = phone.launch(NotesAppDelegate.self)
            try #require((host.delegate as? NotesAppDelegate)?.navigation).pushViewController(NoteViewController(note: "Rusty Spork"), animated: false)
            phone.homeAndKill()
            return (phone, try Data(contentsOf: phone.container.archiveURL))
        }

        /// What a first launch of the app shows.
        private func freshScreen() -> Screen {
            let phone = Phone()
            let screen = phone.launch(NotesAppDelegate.self).screen
            phone.kill()
            return screen
        }

        private func stack(_ host: ApplicationHost) -> [String] {
            ((host.delegate as? NotesAppDelegate)?.navigation?.viewControllers ?? []).map { ($0 as? NoteViewController)?.note ?? "\(type(of: $0))" }
        }

        /// The archive's top-level fields, edited.
        nonisolated static func edited(_ data: Data, _ edit: (inout Fields) -> Void) throws -> Data {
            var fields = try #require(BinaryPropertyList.decode(data).dictionaryValue)
            edit(&fields)
            return BinaryPropertyList.encode(.dictionary(fields))
        }

        /// Edits one object's record (`kind`, `class`, `state`) in the archive's fields.
        nonisolated static func editObject(_ path: String, in fields: inout Fields, _ edit: (inout Fields) -> Void) {
            var objects = fields["kObjectStates"]?.dictionaryValue ?? [:]
            var record = objects[path]?.dictionaryValue ?? [:]
            edit(&record)
            objects[path] = .dictionary(record)
            fields["kObjectStates"] = .dictionary(objects)
        }

        /// Edits the top-level state (where the archive version is) in the archive's fields.
        nonisolated static func editTopLevel(in fields: inout Fields, _ edit: (inout Fields) -> Void) {
            var topLevel = fields["kTopLevelState"]?.dictionaryValue ?? [:]
            edit(&topLevel)
            fields["kTopLevelState"] = .dictionary(topLevel)
        }

        /// Edits one object's state in the archive's fields.
        nonisolated static func editState(_ path: String, in fields: inout Fields, _ edit: (inout Fields) -> Void) {
            editObject(path, in: &fields) { record in
                var state = record["state"]?.dictionaryValue ?? [:]
                edit(&state)
                record["state"] = .dictionary(state)
            }
        }

        static func proxy(_ path: String) -> PropertyListValue {
            .dictionary(["$objectIdentifierProxy": .string(path)])
        }

        nonisolated static func randomBytes(_ count: Int, seed: UInt64) -> [UInt8] {
            var random = SeededRandomNumberGenerator(seed: seed)
            return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &random) }
        }

        /// A binary property list written by hand: arrays nested `depth` deep around `true`.
        nonisolated static func deeplyNestedPropertyList(depth: Int) -> Data {
            func bigEndian(_ value: UInt64, bytes: Int) -> [UInt8] {
                (0..<bytes).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
            }
            var bytes = Array("bplist00".utf8)
            var offsets: [UInt64] = []
            for index in 0..<depth {
                offsets.append(UInt64(bytes.count))
                if index == depth - 1 {
                    bytes.append(0x09) // true
                } else {
                    bytes.append(0xA1) // an array of one object
                    bytes += bigEndian(UInt64(index + 1), bytes: 4)
                }
            }
            let tableOffset = UInt64(bytes.count)
            for offset in offsets { bytes += bigEndian(offset, bytes: 4) }
            bytes += [0, 0, 0, 0, 0, 0, 4, 4]
            bytes += bigEndian(UInt64(depth), bytes: 8) + bigEndian(0, bytes: 8) + bigEndian(tableOffset, bytes: 8)
            return Data(bytes)
        }

        // MARK: Archives that cannot be read

        /// One way to damage an archive, and the words its rejection gives.
        struct Damage: CustomTestStringConvertible, Sendable {
            let testDescription: String
            let reason: String
            let apply: @Sendable (Data) throws -> Data
        }

        nonisolated static let damages: [Damage] = [
            Damage(testDescription: "empty file", reason: "not a valid binary property list") { _ in Data() },
            Damage(testDescription: "truncated to its 8-byte header", reason: "not a valid binary property list") { $0.prefix(8) },
            Damage(testDescription: "truncated to half", reason: "not a valid binary property list") { $0.prefix($0.count / 2) },
            Damage(testDescription: "missing its last byte", reason: "not a valid binary property list") { $0.dropLast() },
            Damage(testDescription: "1 KB of random bytes (seed 1)", reason: "not a valid binary property list") { _ in Data(randomBytes(1024, seed: 1)) },
            Damage(testDescription: "the bplist00 header then random bytes (seed 2)", reason: "not a valid binary property list") { _ in Data("bplist00".utf8 + randomBytes(1024, seed: 2)) },
            Damage(testDescription: "its trailer overwritten with random bytes (seed 3)", reason: "not a valid binary property list") { $0.dropLast(32) + randomBytes(32, seed: 3) },
            Damage(testDescription: "arrays nested 100,000 deep", reason: "not a valid binary property list") { _ in deeplyNestedPropertyList(depth: 100_000) },
            Damage(testDescription: "a state value nested 1,000 deep", reason: "not a valid binary property list") { data in
                try edited(data) { fields in
                    var deep: PropertyListValue = "bottom"
                    for _ in 0..<1_000 { deep = .array([deep]) }
                    editState("Navigation/:[1]:/Note", in: &fields) { $0["deep"] = deep }
                }
            },
            Damage(testDescription: "major version 3", reason: "State restoration archive was saved with major version 3, minor version 1. Current major version 2, current minor version 1.") { data in
                var archive = try StateArchive(data: data)
                archive.majorVersion = 3
                return archive.encoded()
            },
            Damage(testDescription: "an array at the top level", reason: "top level is not a dictionary") { data in
                BinaryPropertyList.encode(.array([try BinaryPropertyList.decode(data)]))
            },
            Damage(testDescription: "no version numbers", reason: "no version numbers") { data in
                try edited(data) { editTopLevel(in: &$0) { $0["kUIStateRestorationArchiveMajorVersionKey"] = nil } }
            },
            Damage(testDescription: "a version that is a string", reason: "no version numbers") { data in
                try edited(data) { editTopLevel(in: &$0) { $0["kUIStateRestorationArchiveMajorVersionKey"] = "2" } }
            },
            Damage(testDescription: "no top-level state", reason: "no top-level state") { data in
                try edited(data) { $0["kTopLevelState"] = nil }
            },
            Damage(testDescription: "an object without its class", reason: "is not an object record") { data in
                try edited(data) { editObject("Navigation/:[1]:/Note", in: &$0) { $0["class"] = nil } }
            },
            Damage(testDescription: "an object whose kind is unknown", reason: "is not an object record") { data in
                try edited(data) { editObject("Navigation", in: &$0) { $0["kind"] = "Gadget" } }
            },
            Damage(testDescription: "the object states as an array", reason: "object states are not a dictionary") { data in
                try edited(data) { $0["kObjectStates"] = .array([]) }
            },
            Damage(testDescription: "a class map entry that is not a name", reason: "is not a class name") { data in
                try edited(data) { $0["kRestorationClassMap"] = .dictionary(["Navigation/:[1]:/Note": 42]) }
            },
        ] + ["A/:[x]:/B", ":[0]:/A", "Navigation//List", "Navigation/:[0]:", "Navigation/:[0]:/:[1]:/List", "", "Navigation/:[-1]:/List"].map { path in
            Damage(testDescription: "an object under the path \"\(path)\"", reason: "invalid path") { data in
                try edited(data) { editObject(path, in: &$0) { $0 = ["kind": "View Controller", "class": "RestorationKitTests.NoteViewController", "state": [:]] } }
            }
        }

        @Test("An archive that cannot be read never crashes the app: the workbook's cause gives the reason, the archive is deleted, and the app launches fresh",
              arguments: damages)
        func unreadableArchive(_ damage: Damage) throws {
            let fresh = freshScreen()
            let (phone, original) = try phoneWithArchive()
            try damage.apply(original).write(to: phone.container.archiveURL)

            let host = phone.launch(NotesAppDelegate.self)
            #expect(host.restorationReport.outcome == .discarded)
            #expect(host.restorationReport.reason?.contains(damage.reason) == true, "reason: \(host.restorationReport.reason ?? "none")")
            #expect(host.restorationReport.causes.contains { $0.kind == .restorationAbandoned && $0.sentence.contains(damage.reason) && $0.sentence.contains("deleted") },
                    "\(host.restorationReport.causes)")
            #expect(phone.log(containing: damage.reason).isEmpty, "a device logs nothing of it")
            #expect(!phone.archiveExists)
            #expect(host.screen == fresh)
            #expect(stack(host) == ["ListViewController"])
            #expect(!Fixture.calls.contains("List.decode"))
        }

        @Test("With developer mode an unreadable archive is kept as it is, and the app still launches fresh",
              arguments: [damages[3], damages[9], damages[14]])
        func unreadableArchiveKeptInDeveloperMode(_ damage: Damage) throws {
            let fresh = freshScreen()
            let (phone, original) = try phoneWithArchive(developerMode: true)
            let damaged = try damage.apply(original)
            try damaged.write(to: phone.container.archiveURL)

            let host = phone.launch(NotesAppDelegate.self)
            #expect(host.restorationReport.outcome == .discarded)
            #expect(host.restorationReport.causes.filter { $0.sentence.contains("UIStateRestorationDeveloperMode is on, so the saved state was kept") }.count == 1)
            #expect(phone.log(containing: "UIStateRestorationDeveloperMode").isEmpty)
            #expect(try Data(contentsOf: phone.container.archiveURL) == damaged)
            #expect(host.screen == fresh)
        }

        @Test("Random byte flips in a real archive (200 seeded variants) never crash the app; when it is discarded, the launch is fresh")
        func flippedBytes() throws {
            let fresh = freshScreen()
            let (phone, original) = try phoneWithArchive()
            var outcomes: [RestorationReport.Outcome: Int] = [:]
            for seed in UInt64(1)...200 {
                var random = SeededRandomNumberGenerator(seed: seed)
                var bytes = [UInt8](original)
                for _ in 0..<Int.random(in: 1...4, using: &random) {
                    bytes[Int.random(in: 8..<bytes.count, using: &random)] ^= UInt8.random(in: 1 ... .max, using: &random)
                }
                try FileManager.default.createDirectory(at: phone.container.savedStateURL, withIntermediateDirectories: true)
                try Data(bytes).write(to: phone.container.archiveURL)
                let host = phone.launch(NotesAppDelegate.self)
                let outcome = host.restorationReport.outcome
                outcomes[outcome, default: 0] += 1
                if outcome == .discarded {
                    #expect(!phone.archiveExists, "seed \(seed)")
                    #expect(host.screen == fresh, "seed \(seed)")
                } else {
                    #expect(outcome == .restored, "seed \(seed): \(outcome)")
                    #expect(!FileManager.default.fileExists(atPath: phone.container.restorationMarkerURL.path), "seed \(seed): restoration completed")
                }
                phone.kill()
            }
            #expect(outcomes[.discarded, default: 0] > 0, "most flips break the file: \(outcomes)")
        }

        // MARK: Archives that read, but name what cannot be found

        @Test("A restoration class name that is crafted, not a class, or not a UIViewControllerRestoration is never used: that controller is dropped, the rest comes back",
              arguments: ["$s4main3FooCN", "$s11RestorationKit6UIViewCN", "Swift.Int", "Swift.String", "RestorationKit.UIView", "RestorationKitTests.DraftStoreFactory",
                          "RestorationKitTests.ListViewController", "", ".", "RestorationKitTests.", "Foundation.NSObject", "x.y.z.Nothing", String(repeating: "A.", count: 5_000) + "B"])
        func craftedRestorationClass(_ name: String) throws {
            let (phone, original) = try phoneWithArchive()
            try Self.edited(original) { $0["kRestorationClassMap"] = .dictionary(["Navigation/:[1]:/Note": .string(name)]) }.write(to: phone.container.archiveURL)

            let host = phone.launch(NotesAppDelegate.self)
            #expect(host.restorationReport.outcome == .restored)
            #expect(host.restorationReport.dropped.map(\.path) == ["Navigation/:[1]:/Note"])
            #expect(stack(host) == ["ListViewController"])
            #expect(!Fixture.calls.contains("Note.restorationClass Navigation,Note"), "the note's real restoration class is not what the archive named")
            #expect(phone.log(containing: "Can't find Child View Controller at index 1 with identifier Navigation/:[1]:/Note, truncating child array").count == 1)
            if ["RestorationKit.UIView", "RestorationKitTests.DraftStoreFactory", "RestorationKitTests.ListViewController"].contains(name) {
                #expect(phone.log(containing: "Warning: restoration class for view controller does not conform to UIViewControllerRestoration protocol: Class is \(RuntimeClassName.display(name))").count == 1)
            }
        }

        @Test("A crafted class name recorded for an object is only compared, never trusted: the object comes back but is not asked to decode",
              arguments: ["$s4main3FooCN", "Swift.Int", "RestorationKit.UIView"])
        func craftedObjectClass(_ name: String) throws {
            let (phone, original) = try phoneWithArchive()
            try Self.edited(original) { Self.editObject("Navigation/:[1]:/Note", in: &$0) { $0["class"] = .string(name) } }.write(to: phone.container.archiveURL)

            let host = phone.launch(NotesAppDelegate.self)
            #expect(host.restorationReport.outcome == .restored)
            #expect(stack(host) == ["ListViewController", ""], "the note is back, its state not decoded")
            #expect(!Fixture.calls.contains("Note.decode"))
        }

        @Test("An object recorded as the wrong kind is dropped with everything below it; the app shows its default screen")
        func wrongKind() throws {
            let fresh = freshScreen()
            let (phone, original) = try phoneWithArchive()
            try Self.edited(original) { Self.editObject("Navigation", in: &$0) { $0["kind"] = "View" } }.write(to: phone.container.archiveURL)
            let host = phone.launch(NotesAppDelegate.self)
            #expect(host.restorationReport.restoredPaths == [])
            #expect(host.restorationReport.dropped.map(\.path) == ["Navigation", "Navigation/:[0]:/List", "Navigation/:[1]:/Note"])
            #expect(host.screen == fresh)
        }

        @Test("A container whose children list its own path stops there, as at a child that cannot be found: the stack is truncated")
        func childrenPointAtThemselves() throws {
            let (phone, original) = try phoneWithArchive()
            try Self.edited(original) { fields in
                Self.editState("Navigation", in: &fields) { $0["kUIViewControllerChildrenKey"] = [Self.proxy("Navigation/:[0]:/List"), Self.proxy("Navigation"), Self.proxy("Navigation/:[1]:/Note")] }
            }.write(to: phone.container.archiveURL)

            let host = phone.launch(NotesAppDelegate.self)
            let navigation = try #require((host.delegate as? NotesAppDelegate)?.navigation)
            #expect(!navigation.viewControllers.contains { $0 === navigation })
            #expect(navigation.parent == nil)
            #expect(stack(host) == ["ListViewController"])
            #expect(phone.log(containing: "Can't find Child View Controller at index 1 with identifier Navigation, truncating child array").count == 1)
            #expect(host.screen.element(identifiedBy: "navigation bar")?[property: ScreenProperty.title] == "List")
        }

        @Test("A container whose only child reference is its own path does not become its own child")
        func onlyChildIsItself() throws {
            let (phone, original) = try phoneWithArchive()
            try Self.edited(original) { fields in
                Self.editState("Navigation", in: &fields) { $0["kUIViewControllerChildrenKey"] = [Self.proxy("Navigation")] }
            }.write(to: phone.container.archiveURL)

            let host = phone.launch(NotesAppDelegate.self)
            let navigation = try #require((host.delegate as? NotesAppDelegate)?.navigation)
            #expect(!navigation.viewControllers.contains { $0 === navigation })
            #expect(navigation.parent == nil)
            #expect(phone.log(containing: "Can't find Child View Controller at index 0 with identifier Navigation, truncating child array").count == 1)
            _ = host.screen // computing what the user sees terminates
        }

        @Test("A child reference to a path that does not exist truncates the stack there, with the truncating line")
        func childrenPointNowhere() throws {
            let (phone, original) = try phoneWithArchive()
            try Self.edited(original) { fields in
                Self.editState("Navigation", in: &fields) {
                    $0["kUIViewControllerChildrenKey"] = [Self.proxy("Navigation/:[0]:/List"), Self.proxy("Nowhere/:[3]:/Ghost"), "not a reference", Self.proxy("Navigation/:[1]:/Note")]
                }
            }.write(to: phone.container.archiveURL)

            let host = phone.launch(NotesAppDelegate.self)
            #expect(stack(host) == ["ListViewController"])
            #expect(phone.log(containing: "Can't find Child View Controller at index 1 with identifier Nowhere/:[3]:/Ghost, truncating child array").count == 1)
            #expect(phone.log(containing: "truncating child array").count == 1, "the rest of the array is not looked at")
        }

        @Test("100,000 child references are read without trouble: the stack stops at the first that does not exist")
        func hundredThousandReferences() throws {
            let (phone, original) = try phoneWithArchive()
            let archive = try Self.edited(original) { fields in
                Self.editState("Navigation", in: &fields) {
                    $0["kUIViewControllerChildrenKey"] = .array([Self.proxy("Navigation/:[0]:/List")]
                        + Array(repeating: Self.proxy("Navigation/:[2]:/Ghost"), count: 99_998)
                        + [Self.proxy("Navigation/:[1]:/Note")])
                }
            }
            try archive.write(to: phone.container.archiveURL)

            let host = phone.launch(NotesAppDelegate.self)
            #expect(stack(host) == ["ListViewController"])
            // The references after the first that does not resolve are not looked at: one line.
            #expect(phone.log(containing: "truncating child array").count == 1)
            // Without trouble: the archive is read in fewer steps than it has bytes, the path its
            // 100,000 references repeat decoded once.
            let (read, work) = BinaryPropertyList.decodeMeasuringWork([UInt8](archive))
            #expect((try? read.get()) != nil)
            #expect(work <= archive.count, "\(work) steps for \(archive.count) bytes")
        }

        @Test("An object 10,000 identifiers deep, whose ancestors were never saved, is dropped without trouble")
        func deepPath() throws {
            let (phone, original) = try phoneWithArchive()
            let deep = "Navigation/" + (0..<10_000).map { "Level\($0)" }.joined(separator: "/")
            try Self.edited(original) { Self.editObject(deep, in: &$0) { $0 = ["kind": "View Controller", "class": "RestorationKitTests.NoteViewController", "state": [:]] } }
                .write(to: phone.container.archiveURL)
            let host = phone.launch(NotesAppDelegate.self)
            #expect(host.restorationReport.dropped.map(\.path) == [deep])
            #expect(stack(host) == ["ListViewController", "Rusty Spork"])
        }

        // MARK: Hostile references, in a real process (a hang or a crash must not stop the suite)

        /// A real archive from RuleBookApp, edited.
        private func hostileProcessArchive(_ edit: (inout Fields) -> Void) throws -> ProcessContainer {
            let container = ProcessContainer()
            try container.saveNote("Rusty Spork")
            try Self.edited(Data(contentsOf: container.archiveURL), edit).write(to: container.archiveURL)
            return container
        }

        @Test("A controller whose saved presented reference is its own container: the app still launches and answers; that presentation is left out")
        func presentsItsOwnContainer() throws {
            let container = try hostileProcessArchive { fields in
                Self.editState("Navigation/:[0]:/List", in: &fields) { $0["kUIViewControllerPresentedViewControllerKey"] = Self.proxy("Navigation") }
            }
            let app = try container.launch(timeLimit: 5)
            _ = try app.waitUntilLaunched()
            let screen = try app.screen()
            #expect(screen.element(identifiedBy: "note")?[property: ScreenProperty.text] == "Rusty Spork")
            try app.quit()
        }

        @Test("A nested container whose children reference its own parent: the app still launches and answers, with no cycle in its controllers")
        func childReferencesItsParent() throws {
            let container = try hostileProcessArchive { fields in
                Self.editState("Navigation", in: &fields) {
                    $0["kUIViewControllerChildrenKey"] = [Self.proxy("Navigation/:[0]:/List"), Self.proxy("Navigation/:[1]:/Stack")]
                }
                Self.editObject("Navigation/:[1]:/Stack", in: &fields) {
                    $0 = ["kind": "View Controller", "class": "RestorationKit.UINavigationController",
                          "state": ["kUIViewControllerChildrenKey": [Self.proxy("Navigation")]]]
                }
            }
            let app = try container.launch(timeLimit: 5)
            _ = try app.waitUntilLaunched()
            let screen = try app.screen()
            #expect(screen.controllers.filter { $0 == "UINavigationController" }.count <= 2)
            try app.quit()
        }

        // MARK: Versions

        @Test("A good restoration logs the archive's version line")
        func versionLine() throws {
            let (phone, _) = try phoneWithArchive()
            phone.launch(NotesAppDelegate.self)
            #expect(phone.log(containing: "State restoration archive was saved with major version 2, minor version 1. Current major version 2, current minor version 1.").count == 1)
        }

        @Test("After an app update the delegate reads the old bundle version from the top-level coder and can refuse: the app launches fresh")
        func appUpdateRefused() throws {
            let fresh = freshScreen()
            let (phone, _) = try phoneWithArchive()
            var savedVersion: String?
            Fixture.shouldRestoreWith = { coder in
                savedVersion = coder.decodeObject(forKey: UIApplication.stateRestorationBundleVersionKey) as? String
                return savedVersion == "2"
            }
            phone.bundleVersion = "2"
            let host = phone.launch(NotesAppDelegate.self)
            #expect(savedVersion == "1")
            #expect(host.restorationReport.outcome == .notOptedIn)
            #expect(host.screen == fresh)
            #expect(!Fixture.calls.contains("Note.decode"))

            // The same check lets an archive of the current version through.
            phone.homeAndKill()
            try #require((phone.launch(NotesAppDelegate.self).delegate as? NotesAppDelegate)?.navigation).pushViewController(NoteViewController(note: "v2"), animated: false)
            phone.homeAndKill()
            #expect(stack(phone.launch(NotesAppDelegate.self)) == ["ListViewController", "v2"])
            #expect(savedVersion == "2")
        }
    }
}
