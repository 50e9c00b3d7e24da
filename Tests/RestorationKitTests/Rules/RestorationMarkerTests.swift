import BinaryPropertyList
import Foundation
import Testing
@testable import RestorationKit

/// RESTORATION.md, "When the archive is thrown away": the marker `inprogress.data` holds
/// `kRestorationTriesLeft`, 2 at first, counted down by each launch that finds it. A marker that
/// holds anything UIKit never writes (unreadable, mistyped, out of range) counts as no tries
/// left: the archive is discarded and the app launches fresh, instead of failing on every launch.
extension RuleBook {
    @Suite struct RestorationMarker {
        init() {
            Fixture.reset()
            Hooks.reset()
        }

        /// Marker contents no launch of UIKit writes, named for the test's output.
        nonisolated struct AbsurdMarker: CustomTestStringConvertible, Sendable {
            let testDescription: String
            let contents: Data

            init(_ name: String, _ contents: Data) {
                testDescription = name
                self.contents = contents
            }

            init(_ name: String, triesLeft: PropertyListValue) {
                self.init(name, BinaryPropertyList.encode(["kRestorationTriesLeft": triesLeft]))
            }
        }

        nonisolated static let absurdMarkers: [AbsurdMarker] = [
            AbsurdMarker("Int64.min", triesLeft: .integer(.min)),
            AbsurdMarker("-1", triesLeft: -1),
            AbsurdMarker("0", triesLeft: 0),
            AbsurdMarker("3, more than UIKit starts with", triesLeft: 3),
            AbsurdMarker("Int64.max", triesLeft: .integer(.max)),
            AbsurdMarker("a string \"2\"", triesLeft: "2"),
            AbsurdMarker("a real 2.0", triesLeft: 2.0),
            AbsurdMarker("a boolean", triesLeft: true),
            AbsurdMarker("no kRestorationTriesLeft", BinaryPropertyList.encode(["somethingElse": 2])),
            AbsurdMarker("an array instead of a dictionary", BinaryPropertyList.encode([2])),
            AbsurdMarker("an empty file", Data()),
            AbsurdMarker("garbage bytes", Data((0 ..< 64).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) })),
            AbsurdMarker("a property list cut short", BinaryPropertyList.encode(["kRestorationTriesLeft": 2]).dropLast(3)),
        ]

        /// A phone whose container holds a real archive of Navigation > List > Note.
        private func phoneWithArchive() throws -> Phone {
            let phone = Phone()
            let host = phone.launch(NotesAppDelegate.self)
            try #require((host.delegate as? NotesAppDelegate)?.navigation).pushViewController(NoteViewController(note: "Rusty Spork"), animated: false)
            phone.homeAndKill()
            return phone
        }

        private func freshScreen() -> Screen {
            let phone = Phone()
            let screen = phone.launch(NotesAppDelegate.self).screen
            phone.kill()
            return screen
        }

        private func stack(_ host: ApplicationHost) -> [String] {
            ((host.delegate as? NotesAppDelegate)?.navigation?.viewControllers ?? []).map { ($0 as? NoteViewController)?.note ?? "\(type(of: $0))" }
        }

        private func markerExists(_ phone: Phone) -> Bool {
            FileManager.default.fileExists(atPath: phone.container.restorationMarkerURL.path)
        }

        @Test("An absurd marker counts as exhausted: the archive is discarded, the workbook's cause says why, the app launches fresh and launches again after",
              arguments: absurdMarkers)
        func anAbsurdMarkerCountsAsExhausted(_ marker: AbsurdMarker) throws {
            let fresh = freshScreen()
            let phone = try phoneWithArchive()
            try marker.contents.write(to: phone.container.restorationMarkerURL)

            let host = phone.launch(NotesAppDelegate.self)
            #expect(host.restorationReport.outcome == .discarded)
            let cause = try #require(host.restorationReport.causes.first)
            #expect(cause.kind == .restorationAbandoned && cause.sentence.contains("the restoration marker") && cause.sentence.contains("counts as no tries left")
                    && cause.sentence.contains("launched fresh"), "\(cause)")
            #expect(phone.log(containing: "tries").isEmpty && phone.log(containing: "failed").isEmpty, "a device logs nothing of it: \(phone.logLines)")
            #expect(!phone.archiveExists)
            #expect(!markerExists(phone))
            #expect(host.screen == fresh)
            #expect(stack(host) == ["ListViewController"])
            #expect(!Fixture.calls.contains("Note.decode"))

            let next = phone.launch(NotesAppDelegate.self)
            #expect(next.restorationReport.outcome == .noArchive)
        }

        @Test("The workbook's cause names what was wrong with the marker; the log does not")
        func theCauseNamesTheProblem() throws {
            let cases: [(Data, String)] = [
                (BinaryPropertyList.encode(["kRestorationTriesLeft": .integer(.min)]), "the restoration marker's kRestorationTriesLeft is -9223372036854775808, outside 1...2, so it counts as no tries left"),
                (BinaryPropertyList.encode(["kRestorationTriesLeft": "2"]), "the restoration marker's kRestorationTriesLeft is a string, not an integer"),
                (BinaryPropertyList.encode([:]), "the restoration marker has no kRestorationTriesLeft"),
                (Data("not a plist".utf8), "the restoration marker is not a valid binary property list"),
            ]
            for (contents, words) in cases {
                let phone = try phoneWithArchive()
                try contents.write(to: phone.container.restorationMarkerURL)
                let host = phone.launch(NotesAppDelegate.self)
                #expect(host.restorationReport.reason?.contains(words) == true, "reason: \(host.restorationReport.reason ?? "none")")
                #expect(host.restorationReport.causes.filter { $0.sentence.contains(words) }.count == 1, "\(host.restorationReport.causes)")
                #expect(phone.log(containing: words).isEmpty, "the workbook's words, not a device's")
            }
        }

        @Test("A valid marker still counts down: 2 tries left are restored with 1 written, 1 try left discards the archive")
        func aValidMarkerCountsDown() throws {
            let phone = try phoneWithArchive()
            try BinaryPropertyList.encode(["kRestorationTriesLeft": 2]).write(to: phone.container.restorationMarkerURL)
            var triesSeen: [PropertyListValue?] = []
            let markerURL = phone.container.restorationMarkerURL
            Fixture.delegateFinder = { _, _ in
                triesSeen.append(try? BinaryPropertyList.decode(Data(contentsOf: markerURL))["kRestorationTriesLeft"])
                return nil
            }
            let restored = phone.launch(NotesAppDelegate.self)
            #expect(restored.restorationReport.outcome == .restored)
            #expect(!triesSeen.isEmpty && triesSeen.allSatisfy { $0 == .integer(1) })
            #expect(stack(restored) == ["ListViewController", "Rusty Spork"])
            #expect(!markerExists(phone), "restoration completed")

            phone.homeAndKill()
            try BinaryPropertyList.encode(["kRestorationTriesLeft": 1]).write(to: phone.container.restorationMarkerURL)
            let last = phone.launch(NotesAppDelegate.self)
            #expect(last.restorationReport.outcome == .discarded)
            #expect(last.restorationReport.reason?.contains("kRestorationTriesLeft reached 0") == true)
            #expect(!phone.archiveExists)
            #expect(stack(last) == ["ListViewController"])
        }

        @Test("Thousands of seeded mutations of real markers (byte flips, cuts, splices, integer extremes) never crash a launch: each reads as 1 or 2 tries left, or as exhausted",
              .timeLimit(.minutes(1)))
        func fuzzedMarkersNeverCrash() throws {
            let phone = try phoneWithArchive()
            let archive = try Data(contentsOf: phone.container.archiveURL)
            let originals = [1, 2].map { [UInt8](BinaryPropertyList.encode(["kRestorationTriesLeft": .integer($0)])) }
            var readings: [String: Int] = [:]
            for seed in UInt64(0) ..< 4_000 {
                var mutator = PropertyListMutator(seed: seed)
                let marker = Data(mutator.mutate(originals[Int(seed % 2)]))
                let reading = RestorationMarkerReading(contents: marker)
                switch reading {
                case .absent: Issue.record("seed \(seed): a marker file read as no marker")
                case .triesLeft(let tries): readings["\(tries.count) tries left", default: 0] += 1
                case .unusable: readings["unusable", default: 0] += 1
                }
                // Every 80th one in a launch: what the user sees follows from the reading.
                guard seed % 80 == 0 else { continue }
                try FileManager.default.createDirectory(at: phone.container.savedStateURL, withIntermediateDirectories: true)
                try archive.write(to: phone.container.archiveURL)
                try marker.write(to: phone.container.restorationMarkerURL)
                let host = phone.launch(NotesAppDelegate.self)
                let expected: RestorationReport.Outcome = reading == .triesLeft(.initial) ? .restored : .discarded
                #expect(host.restorationReport.outcome == expected, "seed \(seed): \(reading)")
                #expect(phone.archiveExists == (expected == .restored), "seed \(seed)")
                #expect(!markerExists(phone), "seed \(seed)")
            }
            #expect(readings["unusable", default: 0] > 1_000 && readings["2 tries left", default: 0] > 20 && readings["1 tries left", default: 0] > 20, "\(readings)")
        }

        @Test("A marker holding Int64.min does not stop a real app from starting: it launches fresh, and again after")
        func int64MinMarkerInARealProcess() throws {
            let container = ProcessContainer()
            try container.saveNote("poison")
            try BinaryPropertyList.encode(["kRestorationTriesLeft": .integer(.min)]).write(to: container.markerURL)

            let app = try container.launch(timeLimit: 10)
            #expect(try app.waitUntilLaunched() == "discarded")
            let report = try app.report()
            #expect(report.causes.contains { $0.sentence.contains("-9223372036854775808, outside 1...2") && $0.sentence.contains("launched fresh") }, "\(report.causes)")
            #expect(try app.screen().element(identifiedBy: "note") == nil)
            try app.quit()
            #expect(!FileManager.default.fileExists(atPath: container.archiveURL.path))

            let (next, outcome) = try container.launchAndWait()
            #expect(outcome == "noArchive")
            try next.quit()
        }
    }
}
