import Foundation
import Testing
@testable import RestorationKit

/// RESTORATION.md, "Preservation", point 7: the archive is one file, `data.data`, a binary
/// property list in `Library/Saved Application State/<bundle id>.savedState/`, and it is
/// replaced whole or not at all.
extension RuleBook {
    @Suite struct ArchiveFile {
        init() {
            Fixture.reset()
            Hooks.reset()
        }

        /// Reads a binary property list with Python's `plistlib`, an implementation that shares
        /// nothing with the engine, and returns it as JSON (dates in ISO 8601, data in hex),
        /// with the file's first 8 bytes under "magic".
        static func readWithPlistlib(_ url: URL) throws -> [String: Any] {
            let script = """
                import datetime, json, plistlib, sys
                raw = open(sys.argv[1], 'rb').read()
                value = plistlib.loads(raw, fmt=plistlib.FMT_BINARY)
                def plain(o):
                    if isinstance(o, datetime.datetime): return o.isoformat()
                    if isinstance(o, bytes): return o.hex()
                    raise TypeError(type(o))
                print(json.dumps({"magic": raw[:8].decode("latin-1"), "value": value}, default=plain, sort_keys=True))
                """
            let result = try Subprocess.run(["python3", "-c", script, url.path])
            try #require(result.status == 0, "python3 could not read the archive: \(result.errors)")
            let json = try JSONSerialization.jsonObject(with: result.output)
            return try #require(json as? [String: Any])
        }

        private func savedStateFolder(_ phone: Phone) -> URL {
            phone.containerURL.appendingPathComponent("Library", isDirectory: true)
                .appendingPathComponent("Saved Application State", isDirectory: true)
                .appendingPathComponent("com.example.RuleBook.savedState", isDirectory: true)
        }

        private func contents(of folder: URL) throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        }

        private func launchWithNote(_ phone: Phone) throws -> ApplicationHost {
            let host = phone.launch(NotesAppDelegate.self)
            try #require((host.delegate as? NotesAppDelegate)?.navigation).pushViewController(NoteViewController(note: "Rusty Spork"), animated: false)
            return host
        }

        @Test("The archive is a real binary property list: Python's plistlib reads its versions, bundle version, timestamp, class map, object paths and app values")
        func independentReader() throws {
            let phone = Phone()
            _ = try launchWithNote(phone)
            phone.homeAndKill()

            let read = try Self.readWithPlistlib(savedStateFolder(phone).appendingPathComponent("data.data"))
            #expect(read["magic"] as? String == "bplist00")
            let archive = try #require(read["value"] as? [String: Any])
            #expect(Set(archive.keys) == ["kTopLevelState", "kRestorationClassMap", "kObjectStates"])

            let topLevel = try #require(archive["kTopLevelState"] as? [String: Any])
            #expect(topLevel["kUIStateRestorationArchiveMajorVersionKey"] as? Int == 2)
            #expect(topLevel["kUIStateRestorationArchiveMinorVersionKey"] as? Int == 1)
            #expect(topLevel["UIApplicationStateRestorationBundleVersion"] as? String == "1")
            #expect(topLevel["UIApplicationStateRestorationSystemVersion"] as? String == "17.0")
            #expect(topLevel["UIApplicationStateRestorationTimestamp"] as? String == "2026-11-22T09:00:00")
            #expect(topLevel["UIApplicationStateRestorationUserInterfaceIdiom"] as? Int == 0)

            #expect(archive["kRestorationClassMap"] as? [String: String] == ["Navigation/:[1]:/Note": "RestorationKitTests.NoteViewController"])

            let objects = try #require(archive["kObjectStates"] as? [String: [String: Any]])
            #expect(objects.keys.sorted() == ["Navigation", "Navigation/:[0]:/List", "Navigation/:[1]:/Note"])
            let note = try #require(objects["Navigation/:[1]:/Note"])
            #expect(note["kind"] as? String == "View Controller")
            #expect(note["class"] as? String == "RestorationKitTests.NoteViewController")
            #expect((note["state"] as? [String: Any])?["note"] as? String == "Rusty Spork")
            let navigationState = try #require(objects["Navigation"]?["state"] as? [String: Any])
            let children = try #require(navigationState["kUIViewControllerChildrenKey"] as? [[String: String]])
            #expect(children == [["$objectIdentifierProxy": "Navigation/:[0]:/List"], ["$objectIdentifierProxy": "Navigation/:[1]:/Note"]])
        }

        @Test("It lives at Library/Saved Application State/<bundle id>.savedState/data.data in the app's container, alone")
        func location() throws {
            let phone = Phone()
            _ = try launchWithNote(phone)
            phone.homeAndKill()
            let savedState = phone.containerURL.appendingPathComponent("Library/Saved Application State", isDirectory: true)
            #expect(try contents(of: savedState) == ["com.example.RuleBook.savedState"])
            #expect(try contents(of: savedStateFolder(phone)) == ["data.data"])
        }

        @Test("Each Home replaces the archive whole: no temporary file is left beside it, and nothing of the old archive remains")
        func replacedWhole() throws {
            let phone = Phone()
            _ = try launchWithNote(phone)
            phone.homeAndKill()
            let folder = savedStateFolder(phone)
            #expect(try contents(of: folder) == ["data.data"])

            let second = phone.launch(NotesAppDelegate.self)
            #expect(second.restorationReport.outcome == .restored)
            try #require((second.delegate as? NotesAppDelegate)?.navigation).popViewController(animated: false)
            second.pressHome()
            phone.kill()
            #expect(try contents(of: folder) == ["data.data"])

            let written = try Data(contentsOf: folder.appendingPathComponent("data.data"))
            #expect(written == second.lastArchive?.encoded())
            let archive = try #require(Self.readWithPlistlib(folder.appendingPathComponent("data.data"))["value"] as? [String: Any])
            #expect((archive["kObjectStates"] as? [String: Any])?.keys.sorted() == ["Navigation", "Navigation/:[0]:/List"])
            #expect((archive["kRestorationClassMap"] as? [String: Any])?.isEmpty == true)
        }

        @Test("When the archive cannot be written (a full disk: a real process under ulimit -f 0), the old archive stays intact and is what the next launch restores")
        func failedWriteKeepsOldArchive() throws {
            let container = ProcessContainer()
            try container.saveNote("first")
            let saved = try Data(contentsOf: container.archiveURL)

            let full = try container.launch(["RULEBOOK_EDIT": "second"], fileSizeLimitZero: true)
            #expect(try full.waitUntilLaunched() == "restored")
            #expect(full.logLines.nsLogMessages.contains("Warning: Unable to create restoration in progress marker file"))
            #expect(try full.screen().element(identifiedBy: "note")?[property: ScreenProperty.text] == "second")
            #expect(try full.request("home", reply: "ok") == "home")
            #expect(try full.report().preservationCauses.contains { $0.kind == .archiveNotWritten }, "the workbook says why nothing new was saved")
            #expect(!full.logLines.contains { $0.contains("could not be written") }, "a device's log has no such line")
            try full.kill()

            #expect(try Data(contentsOf: container.archiveURL) == saved)
            #expect(try contents(of: container.savedStateURL) == ["data.data"], "no partial or temporary file is left behind")

            let next = try container.launch()
            #expect(try next.waitUntilLaunched() == "restored")
            #expect(try next.screen().element(identifiedBy: "note")?[property: ScreenProperty.text] == "first")
            try next.quit()
        }
    }
}
