import Foundation
import Testing
@testable import RestorationKit

/// RESTORATION.md, "Preservation", point 7, and "Snapshot": the archive, the marker and the
/// snapshot are each replaced whole. A kill in the middle of a write leaves the old file, plus a
/// temporary one that the next launch clears away before anything else runs.
extension RuleBook {
    @Suite struct InterruptedWrite {
        init() {
            Fixture.reset()
            Hooks.reset()
        }

        private func contents(of folder: URL) throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        }

        private func snapshotFolder(_ phone: Phone) -> URL {
            phone.container.snapshotURL.deletingLastPathComponent()
        }

        /// What a kill between writing a temporary file and renaming it leaves behind.
        private func leaveInterruptedWrite(of target: URL) throws -> URL {
            let leftover = target.deletingLastPathComponent()
                .appendingPathComponent("\(AtomicFileWrite.temporaryPrefix)\(target.lastPathComponent)-killed-mid-write")
            try Data("half an archive".utf8).write(to: leftover)
            return leftover
        }

        @Test("A temporary file left by a write cut short is removed at the next launch, from the saved state and the snapshot folders; the archive still restores")
        func aLeftoverTemporaryFileIsRemovedAtLaunch() throws {
            let phone = Phone()
            let host = phone.launch(NotesAppDelegate.self)
            try #require((host.delegate as? NotesAppDelegate)?.navigation).pushViewController(NoteViewController(note: "kept"), animated: false)
            phone.homeAndKill()
            let leftovers = [
                try leaveInterruptedWrite(of: phone.container.archiveURL),
                try leaveInterruptedWrite(of: phone.container.restorationMarkerURL),
                try leaveInterruptedWrite(of: phone.container.snapshotURL),
            ]

            let next = phone.launch(NotesAppDelegate.self)
            for leftover in leftovers {
                #expect(!FileManager.default.fileExists(atPath: leftover.path), "\(leftover.lastPathComponent) is still there")
            }
            #expect(try contents(of: phone.container.savedStateURL) == ["data.data"])
            #expect(try contents(of: snapshotFolder(phone)) == ["snapshot.json"])
            #expect(next.restorationReport.outcome == .restored)
            #expect((next.delegate as? NotesAppDelegate)?.navigation?.viewControllers.compactMap { ($0 as? NoteViewController)?.note } == ["kept"])
        }

        @Test("Normal writes of the archive, the marker and the snapshot leave no temporary file behind")
        func aNormalWriteLeavesNoTemporaryFile() throws {
            let phone = Phone()
            let host = phone.launch(NotesAppDelegate.self)
            try #require((host.delegate as? NotesAppDelegate)?.navigation).pushViewController(NoteViewController(note: "n"), animated: false)
            phone.homeAndKill()
            #expect(try contents(of: phone.container.savedStateURL) == ["data.data"])
            #expect(try contents(of: snapshotFolder(phone)) == ["snapshot.json"])

            // While restoring, the marker has been written beside the archive, and nothing else.
            var duringRestoration: [[String]] = []
            let savedState = phone.container.savedStateURL
            Fixture.delegateFinder = { _, _ in
                duringRestoration.append((try? self.contents(of: savedState)) ?? [])
                return nil
            }
            let second = phone.launch(NotesAppDelegate.self)
            #expect(second.restorationReport.outcome == .restored)
            #expect(!duringRestoration.isEmpty && duringRestoration.allSatisfy { $0 == ["data.data", "inprogress.data"] }, "\(duringRestoration)")
            second.pressHome()
            phone.kill()
            #expect(try contents(of: phone.container.savedStateURL) == ["data.data"])
            #expect(try contents(of: snapshotFolder(phone)) == ["snapshot.json"])
        }
    }
}
