import BinaryPropertyList
import Foundation
import Testing
@testable import RestorationKit

/// RESTORATION.md, "When the archive is thrown away", and `extendStateRestoration()` /
/// `completeStateRestoration()`. The crashes are real: `RuleBookApp` runs as a process of its own.
extension RuleBook {
    @Suite struct ArchiveDiscard {
        init() {
            Fixture.reset()
            Hooks.reset()
        }

        private func pushNote(_ host: ApplicationHost, _ note: String) throws {
            try #require((host.delegate as? NotesAppDelegate)?.navigation).pushViewController(NoteViewController(note: note), animated: false)
        }

        private func stack(_ host: ApplicationHost) -> [String] {
            ((host.delegate as? NotesAppDelegate)?.navigation?.viewControllers ?? []).map { ($0 as? NoteViewController)?.note ?? "\(type(of: $0))" }
        }

        /// The tries left written in the marker, read as a plain property list.
        private func triesLeft(in markerURL: URL) throws -> PropertyListValue? {
            try BinaryPropertyList.decode(Data(contentsOf: markerURL))["kRestorationTriesLeft"]
        }

        // MARK: In-process

        @Test("Force quit from the app switcher deletes the saved state and the snapshot: the next launch is fresh")
        func forceQuitDeletes() throws {
            let phone = Phone()
            let host = phone.launch(NotesAppDelegate.self)
            try pushNote(host, "lost")
            host.pressHome()
            let snapshot = phone.container.snapshotURL.path
            #expect(phone.archiveExists)
            #expect(FileManager.default.fileExists(atPath: snapshot))
            phone.forceQuit()
            #expect(!phone.archiveExists)
            #expect(!FileManager.default.fileExists(atPath: snapshot), "the launch would show the screen the user swiped away")
            let second = phone.launch(NotesAppDelegate.self)
            #expect(second.restorationReport.outcome == .noArchive)
            #expect(stack(second) == ["ListViewController"])
        }

        @Test("Killing a suspended app keeps the archive: the next launch restores it")
        func killWhileSuspendedKeeps() throws {
            let phone = Phone()
            try pushNote(phone.launch(NotesAppDelegate.self), "kept")
            phone.homeAndKill()
            #expect(phone.archiveExists)
            let second = phone.launch(NotesAppDelegate.self)
            #expect(second.restorationReport.outcome == .restored)
            #expect(stack(second) == ["ListViewController", "kept"])
        }

        @Test("Killing an app in the foreground preserves nothing: the next launch sees the previous archive, unchanged")
        func killInForegroundLeavesPreviousArchive() throws {
            let phone = Phone()
            try pushNote(phone.launch(NotesAppDelegate.self), "from the first launch")
            phone.homeAndKill()
            let saved = try Data(contentsOf: phone.container.archiveURL)

            let second = phone.launch(NotesAppDelegate.self)
            try pushNote(second, "never saved")
            phone.kill() // no Home in this launch

            #expect(try Data(contentsOf: phone.container.archiveURL) == saved)
            let third = phone.launch(NotesAppDelegate.self)
            #expect(stack(third) == ["ListViewController", "from the first launch"])
        }

        @Test("The marker inprogress.data exists while restoring, holding 2 tries left, and is removed when restoration completes")
        func markerDuringRestoration() throws {
            let phone = Phone()
            try pushNote(phone.launch(NotesAppDelegate.self), "n")
            phone.homeAndKill()
            #expect(!FileManager.default.fileExists(atPath: phone.container.restorationMarkerURL.path), "no marker before restoring")

            var triesSeen: [PropertyListValue?] = []
            let markerURL = phone.container.restorationMarkerURL
            Fixture.delegateFinder = { _, _ in
                triesSeen.append(try? self.triesLeft(in: markerURL))
                return nil
            }
            let host = phone.launch(NotesAppDelegate.self)
            #expect(!triesSeen.isEmpty && triesSeen.allSatisfy { $0 == .integer(2) })
            #expect(!FileManager.default.fileExists(atPath: phone.container.restorationMarkerURL.path))
            #expect(host.restorationReport.outcome == .restored)
        }

        @Test("extendStateRestoration() keeps the marker until every call is balanced by completeStateRestoration()")
        func extendKeepsMarker() throws {
            let phone = Phone()
            try pushNote(phone.launch(NotesAppDelegate.self), "n")
            phone.homeAndKill()
            var extended = false
            Fixture.delegateFinder = { _, _ in
                if !extended {
                    extended = true
                    UIApplication.shared.extendStateRestoration()
                    UIApplication.shared.extendStateRestoration()
                }
                return nil
            }
            let host = phone.launch(NotesAppDelegate.self)
            let marker = phone.container.restorationMarkerURL.path
            #expect(host.restorationReport.outcome == .restored)
            #expect(FileManager.default.fileExists(atPath: marker), "restoration is extended")
            host.application.completeStateRestoration()
            #expect(FileManager.default.fileExists(atPath: marker), "one extension is still open")
            host.application.completeStateRestoration()
            #expect(!FileManager.default.fileExists(atPath: marker))
        }

        @Test("When the marker cannot be written, the log says so and restoration goes on")
        func markerCannotBeWritten() throws {
            let phone = Phone()
            try pushNote(phone.launch(NotesAppDelegate.self), "still restored")
            phone.homeAndKill()
            // A directory where the marker file would go: no file can be written there, even by root.
            try FileManager.default.createDirectory(at: phone.container.restorationMarkerURL.appendingPathComponent("occupied"), withIntermediateDirectories: true)

            let host = phone.launch(NotesAppDelegate.self)
            #expect(phone.log(containing: "Warning: Unable to create restoration in progress marker file").count == 1)
            #expect(host.restorationReport.outcome == .restored)
            #expect(stack(host) == ["ListViewController", "still restored"])
        }

        // MARK: Real processes

        private func saveNoteInProcess(_ container: ProcessContainer, _ note: String, environment: [String: String] = [:]) throws {
            try container.saveNote(note, environment: environment)
        }

        /// A launch that crashes in `decodeRestorableState`; returns how it ended.
        private func crashingLaunch(_ container: ProcessContainer, environment: [String: String] = [:]) throws -> AppProcess.Ending {
            let app = try container.launch(environment.merging(["RULEBOOK_CRASH_DURING_DECODE": "1"]) { _, new in new })
            let ending = try app.waitForExit()
            #expect(!app.lines.contains { $0.hasPrefix("launched") }, "the app died before it finished launching")
            #expect(app.standardError.contains("crashing during decodeRestorableState"))
            return ending
        }

        @Test("A real SIGKILL of the suspended app keeps the archive, and the relaunched process restores the note")
        func realKillWhileSuspended() throws {
            let container = ProcessContainer()
            try saveNoteInProcess(container, "Rusty Spork")
            let (app, outcome) = try container.launchAndWait()
            #expect(outcome == "restored")
            #expect(try app.screen().element(identifiedBy: "note")?[property: ScreenProperty.text] == "Rusty Spork")
            try app.quit()
        }

        @Test("Each launch that dies while restoring counts the tries down (2, then 1); the third finds none left, discards the archive and launches fresh")
        func triesLeftCountDown() throws {
            let container = ProcessContainer()
            try saveNoteInProcess(container, "poison")

            guard case .signalled = try crashingLaunch(container) else { Issue.record("the first crashing launch did not die of a signal"); return }
            #expect(try triesLeft(in: container.markerURL) == .integer(2))
            guard case .signalled = try crashingLaunch(container) else { Issue.record("the second crashing launch did not die of a signal"); return }
            #expect(try triesLeft(in: container.markerURL) == .integer(1))

            // The third launch still has the bug, but restoration is skipped, so it survives.
            let third = try container.launch(["RULEBOOK_CRASH_DURING_DECODE": "1"])
            #expect(try third.waitUntilLaunched() == "discarded")
            let cause = try #require(try third.report().causes.first)
            #expect(cause.kind == .restorationAbandoned && cause.sentence.contains("kRestorationTriesLeft reached 0") && cause.sentence.contains("launched fresh"), "\(cause)")
            #expect(cause.sentence.contains("That UIKit allows two tries is an inference"), "the workbook's guess is said to be one")
            #expect(!third.logLines.contains { $0.contains("kRestorationTriesLeft") }, "a device logs nothing of it")
            #expect(!FileManager.default.fileExists(atPath: container.archiveURL.path))
            #expect(!FileManager.default.fileExists(atPath: container.markerURL.path))
            let screen = try third.screen()
            #expect(screen.element(identifiedBy: "navigation bar")?[property: ScreenProperty.title] == "List")
            #expect(screen.element(identifiedBy: "note") == nil)
            try third.quit()

            let fourth = try container.launch()
            #expect(try fourth.waitUntilLaunched() == "noArchive")
            try fourth.quit()
        }

        @Test("With UIStateRestorationDeveloperMode the archive is kept after failed restorations, and comes back once the bug is fixed")
        func developerModeKeepsArchive() throws {
            let container = ProcessContainer()
            let developer = ["UIStateRestorationDeveloperMode": "YES"]
            try saveNoteInProcess(container, "debug me", environment: developer)
            let saved = try Data(contentsOf: container.archiveURL)

            _ = try crashingLaunch(container, environment: developer)
            _ = try crashingLaunch(container, environment: developer)
            let third = try container.launch(developer.merging(["RULEBOOK_CRASH_DURING_DECODE": "1"]) { _, new in new })
            #expect(try third.waitUntilLaunched() == "discarded")
            #expect(try third.report().causes.contains { $0.sentence.contains("UIStateRestorationDeveloperMode is on, so the saved state was kept") })
            #expect(!third.logLines.contains { $0.contains("UIStateRestorationDeveloperMode") })
            try third.quit()
            #expect(try Data(contentsOf: container.archiveURL) == saved)

            let fixed = try container.launch(developer)
            #expect(try fixed.waitUntilLaunched() == "restored")
            #expect(try fixed.screen().element(identifiedBy: "note")?[property: ScreenProperty.text] == "debug me")
            try fixed.quit()
        }

        @Test("A crash between extendStateRestoration() and completeStateRestoration() counts against the archive as any crash while restoring: the next launch restores it again, and the one after a second such crash discards it")
        func crashWhileExtended() throws {
            let container = ProcessContainer()
            try saveNoteInProcess(container, "half restored")
            // One count for every crash while restoring: an extended restoration is no exception.
            for (launch, markerHolds) in [(1, 2), (2, 1)] as [(Int, Int64)] {
                let extended = try container.launch(["RULEBOOK_EXTEND_RESTORATION": "1"])
                #expect(try extended.waitUntilLaunched() == "restored", "launch \(launch) restores the archive")
                #expect(try extended.screen().element(identifiedBy: "note")?[property: ScreenProperty.text] == "half restored")
                #expect(try triesLeft(in: container.markerURL) == .integer(markerHolds), "restoration is still extended")
                try extended.kill()
            }

            let next = try container.launch()
            #expect(try next.waitUntilLaunched() == "discarded")
            #expect(!FileManager.default.fileExists(atPath: container.archiveURL.path))
            #expect(try next.screen().element(identifiedBy: "note") == nil)
            try next.quit()
        }
    }
}
