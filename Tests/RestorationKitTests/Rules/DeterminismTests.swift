import BinaryPropertyList
import Foundation
import Testing
@testable import RestorationKit

/// DESIGN.md, "Determinism": a fixed clock and a seeded random source make every run the same to
/// the byte, which is what lets captures be cached, compared and published.
extension RuleBook {
    @Suite struct Determinism {
        init() {
            Fixture.reset()
            Hooks.reset()
        }

        /// The clock `Phone.configuration` fixes: 2026-11-22 09:00 UTC.
        static let clock = Date(timeIntervalSince1970: 1_795_338_000)

        /// Launch, push a note and a lucky number (drawn from the device's clock and random
        /// source), present a note, Home, kill, relaunch, Home again. Returns both archives and
        /// the screens the user saw.
        private func runScenario(_ phone: Phone) throws -> (archives: [Data], screens: [Screen]) {
            let first = phone.launch(NotesAppDelegate.self)
            let navigation = try #require((first.delegate as? NotesAppDelegate)?.navigation)
            navigation.pushViewController(NoteViewController(note: "Rusty Spork"), animated: false)
            navigation.pushViewController(LuckyNumberViewController(), animated: false)
            navigation.present(NoteViewController(note: "on top"), animated: false)
            let left = first.screen
            phone.homeAndKill()
            let firstArchive = try Data(contentsOf: phone.container.archiveURL)

            let second = phone.launch(NotesAppDelegate.self)
            let restored = second.screen
            phone.homeAndKill()
            return ([firstArchive, try Data(contentsOf: phone.container.archiveURL)], [left, second.screenShownAtLaunch, restored])
        }

        @Test("The same scenario on two fresh phones gives byte-identical archives, identical screens and identical log lines")
        func sameScenarioSameBytes() throws {
            let phoneA = Phone()
            let a = try runScenario(phoneA)
            Fixture.reset()
            let phoneB = Phone()
            let b = try runScenario(phoneB)
            #expect(a.archives == b.archives)
            #expect(a.archives[0] == a.archives[1], "restoring and saving again changes nothing")
            #expect(a.screens == b.screens)
            #expect(a.screens.map { $0.controllers } == b.screens.map { $0.controllers })
            #expect(!phoneA.logLines.isEmpty)
            #expect(phoneA.logLines == phoneB.logLines)
        }

        @Test("Device.random gives the same sequence for the same seed and another for another seed")
        func seededRandom() throws {
            func draws(seed: UInt64) -> [Int] {
                let phone = Phone()
                var configuration = phone.configuration
                configuration.randomSeed = seed
                let host = ApplicationHost(delegateType: NotesAppDelegate.self, configuration: configuration)
                host.launch()
                defer { UIApplication.current = nil }
                return (0..<8).map { _ in Int.random(in: 0..<1_000_000, using: &Device.random) }
            }
            #expect(draws(seed: 42) == draws(seed: 42))
            #expect(draws(seed: 42) != draws(seed: 7))

            // Through an app: the lucky number drawn on two phones is the same.
            let numbers = try (0..<2).map { _ in
                let host = Phone().launch(NotesAppDelegate.self)
                let lucky = LuckyNumberViewController()
                try #require((host.delegate as? NotesAppDelegate)?.navigation).pushViewController(lucky, animated: false)
                return lucky.number
            }
            #expect(numbers[0] == numbers[1])
        }

        @Test("The archive's timestamp is the fixed clock, moved on only by the time the runner lets pass")
        func timestampIsTheFixedClock() throws {
            let phone = Phone()
            let host = phone.launch(NotesAppDelegate.self)
            #expect(Device.now == Self.clock)
            let lucky = LuckyNumberViewController()
            try #require((host.delegate as? NotesAppDelegate)?.navigation).pushViewController(lucky, animated: false)
            #expect(lucky.drawnAt == Self.clock)
            phone.homeAndKill()
            #expect(try phone.readArchive().topLevel[UIApplication.stateRestorationTimestampKey] == .date(Self.clock))

            let second = phone.launch(NotesAppDelegate.self)
            Device.advanceClock(by: 90) // the runner's "wait 90"
            second.pressHome()
            #expect(try phone.readArchive().topLevel[UIApplication.stateRestorationTimestampKey] == .date(Self.clock.addingTimeInterval(90)))
        }

        @Test("Two separate processes of the same app, with the same clock and seed, write byte-identical archives and send identical lines")
        func sameBytesAcrossProcesses() throws {
            func run() throws -> (archive: Data, lines: [String]) {
                let container = ProcessContainer()
                let first = try container.launch(["RULEBOOK_NOTE": "Rusty Spork"])
                _ = try first.waitUntilLaunched()
                _ = try first.request("home", reply: "ok")
                try first.kill()
                let archive = try Data(contentsOf: container.archiveURL)
                let second = try container.launch()
                _ = try second.waitUntilLaunched()
                _ = try second.request("screen", reply: "screen")
                _ = try second.request("report", reply: "state")
                try second.quit()
                return (archive, first.lines + second.lines)
            }
            let a = try run()
            let b = try run()
            #expect(a.archive == b.archive)
            #expect(a.lines == b.lines)
            #expect(a.lines.contains { $0.hasPrefix("log ") }, "the second launch logged its restoration")
        }
    }
}
