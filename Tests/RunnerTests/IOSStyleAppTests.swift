import Captures
import Foundation
import Testing
@testable import Runner
import Scenarios
import TestSupport

/// An app written as for iOS (`Tests/Fixtures/IOSStyleApp`: `import UIKit` and nothing else),
/// built by SwiftPM and run by the runner as a process of its own.
@Suite(.serialized) struct IOSStyleAppTests {
    let container = FileManager.default.temporaryDirectory.appendingPathComponent("ios-style-\(UUID().uuidString)")

    func run(_ text: String) throws -> (ScenarioResult, Capture) {
        let scenario = try ScenarioParser.parse(text, file: "inline.scenario")
        let run = ScenarioRun(scenario: scenario, appName: "IOSStyleApp", executable: try BuiltProducts.executable("IOSStyleApp"), containerURL: container)
        return (run.run(), run.capture)
    }

    @Test("An app that imports UIKit builds and runs through the runner, and finds its Library folder in its container")
    func importUIKitAndLibrary() throws {
        defer { try? FileManager.default.removeItem(at: container) }
        let library = container.appendingPathComponent("Library").path
        let (result, _) = try run("""
            launch
            expect library is "\(library)"
            press home
            """)
        #expect(result.passed, "\(result.failures)")
        let note = FileManager.default.contents(atPath: container.appendingPathComponent("Library/note.txt").path)
        #expect(note == Data("left at Home\n".utf8), "what the app wrote to its Library folder is in the container")
    }

    @Test("A notification block that sets a label's isHidden without MainActor.assumeIsolated builds in Swift 5 mode, as for a device, and hides it from the snapshot")
    func swift5NotificationBlock() throws {
        defer { try? FileManager.default.removeItem(at: container) }
        let (result, capture) = try run("""
            launch
            press home
            """)
        #expect(result.passed, "\(result.failures)")
        let left = try #require(capture.screens.first { $0.moment == .beforeHome }?.screen)
        let snapshot = try #require(capture.screens.first { $0.moment == .snapshot }?.screen)
        #expect(left.element(identifiedBy: "secret") != nil, "the label shows while the app is active")
        #expect(snapshot.element(identifiedBy: "secret") == nil, "the block hid it before the snapshot")
    }

    @Test("A line the app prints in the background reaches the capture although the app is then killed")
    func printBeforeKillIsKept() throws {
        defer { try? FileManager.default.removeItem(at: container) }
        let (result, capture) = try run("""
            launch
            press home
            kill
            """)
        #expect(result.passed, "\(result.failures)")
        #expect(capture.output.contains("IOSStyleApp: entered the background"), "printed: \(capture.output)")
        let folder = container.appendingPathExtension("capture")
        defer { try? FileManager.default.removeItem(at: folder) }
        try CaptureWriter.write(capture, result: result, fingerprint: "test", to: folder)
        let written = try String(contentsOf: folder.appendingPathComponent("output.txt"), encoding: .utf8)
        #expect(written.contains("IOSStyleApp: entered the background"))
    }

    @Test("The protocol comes on a channel of its own: app code finds neither its descriptor nor its variable, and printed imitations are only output")
    func protocolChannel() throws {
        defer { try? FileManager.default.removeItem(at: container) }
        let (result, capture) = try run("""
            launch
            expect channel is "descriptor 3 closed, no variable"
            press home
            kill
            launch
            expect fresh launch
            """)
        // Read as answers, `launched restored` would claim a restoration and `screen {}` would be a
        // screen the runner cannot read: the run would fail.
        #expect(result.passed, "\(result.failures)")
        #expect(result.stop == nil)
        #expect(capture.output.contains("launched restored") && capture.output.contains("screen {}") && capture.output.contains("ok home"),
                "the imitation is kept as output: \(capture.output)")
    }
}
