import BinaryPropertyList
import Foundation
import Testing
@testable import RestorationKit

/// RESTORATION.md, "When the archive is thrown away" ("restoration fails with an error"): an
/// archive, however hostile, is read with work linear in its size. One whose shared references
/// expand exponentially is refused like any unreadable archive, instead of hanging the launch.
extension RuleBook {
    @Suite struct HostileArchive {
        init() {
            Fixture.reset()
            Hooks.reset()
        }

        static let notePath = "Navigation/:[1]:/Note"

        /// A phone holding a real archive of Navigation > List > Note, and that archive's bytes.
        private func phoneWithArchive() throws -> (Phone, Data) {
            let phone = Phone()
            let host = phone.launch(NotesAppDelegate.self)
            try #require((host.delegate as? NotesAppDelegate)?.navigation).pushViewController(NoteViewController(note: "Rusty Spork"), animated: false)
            phone.homeAndKill()
            return (phone, try Data(contentsOf: phone.container.archiveURL))
        }

        /// `archive` with the note's text replaced by 40 levels of arrays that each reference the
        /// level below twice: a file of about a kilobyte that stands for 2^41 values.
        static func expandingArchive(from archive: Data) throws -> Data {
            var fields = try #require(BinaryPropertyList.decode(archive).dictionaryValue)
            BadArchive.editState(notePath, in: &fields) { $0["note"] = ExpandingPropertyList.chain(levels: 40) }
            return ExpandingPropertyList.encode(.dictionary(fields))
        }

        @Test("An archive whose shared references expand exponentially is refused at once by the reader, with the limit named",
              .timeLimit(.minutes(1)))
        func anExpandingArchiveIsRefusedAtOnce() throws {
            let (_, original) = try phoneWithArchive()
            let expanding = try Self.expandingArchive(from: original)
            #expect(expanding.count < 2_000)

            let outcome = Result { () throws(StateArchiveError) in try StateArchive(data: expanding) }
            guard case .failure(let error) = outcome else {
                Issue.record("the expanding archive was read")
                return
            }
            #expect(error.description.contains("expands to more than \(8 * expanding.count) objects"))
            #expect(error.description.contains("shared references nest too deeply"))
            // At once: the archive is refused by its reader in fewer steps than the file has bytes,
            // not one for each of the 2^41 values it stands for.
            let (read, work) = BinaryPropertyList.decodeMeasuringWork([UInt8](expanding))
            #expect(throws: BinaryPropertyListError.self) { try read.get() }
            #expect(work <= expanding.count, "\(work) steps for \(expanding.count) bytes")
        }

        @Test("An app whose archive expands exponentially launches fresh instead of hanging (a real process), and the archive is gone")
        func anExpandingArchiveLaunchesFresh() throws {
            let container = ProcessContainer()
            try container.saveNote("Rusty Spork")
            try Self.expandingArchive(from: Data(contentsOf: container.archiveURL)).write(to: container.archiveURL)

            let app = try container.launch(timeLimit: 10)
            #expect(try app.waitUntilLaunched() == "discarded")
            #expect(try app.report().causes.contains { $0.kind == .restorationAbandoned && $0.sentence.contains("shared references nest too deeply") && $0.sentence.contains("launched fresh") })
            #expect(!app.logLines.contains { $0.contains("nest too deeply") })
            #expect(try app.screen().element(identifiedBy: "note") == nil)
            try app.quit()
            #expect(!FileManager.default.fileExists(atPath: container.archiveURL.path))
        }

        @Test("Thousands of seeded mutations of real archives (flips, cuts, splices, offset table, trailer, shared references) never crash or hang the reader: what decodes expands to at most 8 values per byte",
              .timeLimit(.minutes(1)))
        func fuzzedArchivesStayLinear() throws {
            let (phone, original) = try phoneWithArchive()
            // The app's archive, and one whose note holds 30 nested arrays: deep enough for shared
            // references to multiply past the budget.
            var fields = try #require(BinaryPropertyList.decode(original).dictionaryValue)
            BadArchive.editState(Self.notePath, in: &fields) { $0["history"] = ExpandingPropertyList.chain(levels: 30) }
            let originals = [[UInt8](original), BinaryPropertyList.encodeBytes(.dictionary(fields))]
            var decoded = 0, refused = 0, readAsArchives = 0
            var mostWork = (perByte: 0.0, seed: UInt64(0))
            for seed in UInt64(0) ..< 3_000 {
                var mutator = PropertyListMutator(seed: seed)
                let bytes = mutator.mutate(originals[Int(seed % 2)])
                let damaged = Data(bytes)
                let budget = 8 * damaged.count
                let (read, work) = BinaryPropertyList.decodeMeasuringWork(bytes)
                do throws(BinaryPropertyListError) {
                    // What decodes is small enough for whoever walks it (the archive's reader
                    // below, a dump, a diff) to do work linear in the file too.
                    let value = try read.get()
                    decoded += 1
                    #expect(expandedValueCount(value, limit: budget) <= budget, "seed \(seed)")
                } catch {
                    refused += 1
                    #expect(!error.reason.isEmpty, "seed \(seed)")
                }
                if Double(work) / Double(damaged.count) > mostWork.perByte { mostWork = (Double(work) / Double(damaged.count), seed) }
                if (try? StateArchive(data: damaged)) != nil { readAsArchives += 1 }

                // Every 100th one in a launch: restored, or discarded with the archive gone.
                guard seed % 100 == 0 else { continue }
                try FileManager.default.createDirectory(at: phone.container.savedStateURL, withIntermediateDirectories: true)
                try damaged.write(to: phone.container.archiveURL)
                let host = phone.launch(NotesAppDelegate.self)
                let outcome = host.restorationReport.outcome
                #expect(outcome == .restored || outcome == .discarded, "seed \(seed): \(outcome)")
                if outcome == .discarded { #expect(!phone.archiveExists, "seed \(seed)") }
            }
            #expect(decoded > 100 && refused > 100 && readAsArchives > 50, "decoded \(decoded), refused \(refused), read as archives \(readAsArchives)")
            // Linear: however the file was damaged, the reader takes at most two steps for each of
            // its bytes (an undamaged file takes fewer steps than it has bytes).
            #expect(mostWork.perByte <= 2, "seed \(mostWork.seed) took \(mostWork.perByte) steps per byte")
        }
    }
}
