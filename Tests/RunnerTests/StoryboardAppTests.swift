import Captures
import Foundation
import RestorationKit
import Testing
@testable import Runner
import Scenarios
import TestSupport

/// A storyboard app ported from iOS (`Tests/Fixtures/StoryboardApp`): its `Info.plist` names
/// the main storyboard, which RestorationKit loads before `willFinishLaunching`, and a note
/// pushed from the storyboard comes back through the storyboard, the fourth way.
@Suite(.serialized) struct StoryboardAppTests {
    let container = FileManager.default.temporaryDirectory.appendingPathComponent("storyboard-app-\(UUID().uuidString)")
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/StoryboardApp")

    func run(_ text: String, infoPlist: URL? = Self.fixture.appendingPathComponent("Info.plist")) throws -> (ScenarioResult, Capture) {
        let scenario = try ScenarioParser.parse(text, file: "inline.scenario")
        var settings = ScenarioRun.Settings()
        settings.infoPlist = infoPlist
        let run = ScenarioRun(scenario: scenario, appName: "StoryboardApp", executable: try BuiltProducts.executable("StoryboardApp"),
                              containerURL: container, settings: settings)
        return (run.run(), run.capture)
    }

    @Test("A ported storyboard app launches into its main storyboard and comes back through the storyboard after a kill")
    func restoresThroughTheStoryboard() throws {
        defer { try? FileManager.default.removeItem(at: container) }
        let (result, capture) = try run("""
            launch
            expect selected tab is "Notes"
            tap "New note"
            type "Buy milk" into body
            press home
            expect archive has "UIStateRestorationViewControllerStoryboardKey" at "TabController/:[0]:/NavigationController/:[1]:/NoteViewController"
            expect archive has "UIStateRestorationViewControllerStoryboardKey" at "TabController/:[0]:/NavigationController/:[0]:/NotesViewController"
            kill
            launch
            expect restored
            expect no flicker
            expect body is "Buy milk"
            """)
        #expect(result.passed, "\(result.failures)")
        #expect(capture.log.first?.contains("version 3") == true, "the bundle version comes from Info.plist: \(capture.log.first ?? "")")
    }

    @Test("Without its Info.plist the same app has no window: the user sees the launch image")
    func noInfoPlistNoStoryboard() throws {
        defer { try? FileManager.default.removeItem(at: container) }
        let (result, _) = try run("""
            launch
            expect screen shows "Launch image"
            """, infoPlist: nil)
        #expect(result.passed, "\(result.failures)")
    }

    @Test("An Info.plist that is not a property list is named with what was expected")
    func brokenInfoPlistIsNamed() throws {
        let broken = container.appendingPathExtension("plist")
        try Data("<plist><dict><key>UIMainStoryboardFile</key>".utf8).write(to: broken)
        defer { try? FileManager.default.removeItem(at: broken) }
        #expect(throws: InfoPlistError.self) { try InfoPlist(contentsOf: broken) }
        do { _ = try InfoPlist(contentsOf: broken) } catch {
            #expect(error.description == "\(broken.path): it is not a property list: expected <plist><dict>…</dict></plist>")
        }
    }
}
