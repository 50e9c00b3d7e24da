import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
import RestorationModel
@testable import Runner
import Scenarios
import TestSupport

/// `UserDefaults.standard` as on a device: the app's preferences live in its container
/// (`Library/Preferences/<bundle id>.plist`), and what the app set survives a SIGKILL of the
/// suspended app without `synchronize()`, as the preferences daemon keeps every write on iOS.
@Suite(.serialized) struct UserDefaultsKillTests {
    static let scenario = """
        launch
        expect remembered is "kept in defaults"
        press home
        kill
        launch
        expect restored
        expect remembered is "kept in defaults"
        """

    @Test("A value set in UserDefaults before Home is read back after a real SIGKILL, from the container's Library/Preferences, sandboxed or not",
          arguments: [false, true])
    func defaultsSurviveAKill(sandboxed: Bool) throws {
        if sandboxed { try #require(LaunchSandbox.isAvailable, "\(LaunchSandbox.unavailableReason ?? "")") }
        // As the checker lays out a submission, so that the sandbox can be given the container.
        let parent = URL(fileURLWithPath: "/var/tmp").appendingPathComponent("defaults-test-\(UUID().uuidString)")
        let containerURL = parent.appendingPathComponent("container")
        try FileManager.default.createDirectory(at: containerURL, withIntermediateDirectories: true)
        chmod(parent.path, 0o711)
        defer { try? FolderTree.remove(parent) }
        let user = sandboxed && geteuid() == 0 ? try SandboxUser.lease() : nil
        defer { user?.killEveryProcess() }

        var settings = ScenarioRun.Settings()
        settings.environment = ["RULEBOOK_NOTE": "Rusty Spork", "RULEBOOK_DEFAULTS": "kept in defaults"]
        settings.sandbox = sandboxed ? LaunchSandbox(userID: user?.id) : nil
        let run = ScenarioRun(scenario: try ScenarioParser.parse(Self.scenario, file: "defaults.scenario"), appName: "RuleBookApp",
                              executable: try BuiltProducts.executable("RuleBookApp"), containerURL: containerURL, settings: settings)
        let result = run.run()
        #expect(result.passed, "\(result.failures)")

        let container = AppContainer(url: containerURL, bundleIdentifier: "com.restorationworkbook.RuleBookApp")
        let file = container.preferencesURL.appendingPathComponent("\(container.bundleIdentifier).plist")
        let saved = try PropertyListSerialization.propertyList(from: Data(contentsOf: file), format: nil) as? [String: Any]
        #expect(saved?["remembered"] as? String == "kept in defaults", "the preferences file is in the container, as on a device")
        // Where Foundation on Linux puts them otherwise: `~/.config`, or `/.config` for a process
        // without HOME, as the runner starts apps.
        for folder in [FileManager.default.homeDirectoryForCurrentUser, URL(fileURLWithPath: "/")] {
            let outside = folder.appendingPathComponent(".config/\(container.bundleIdentifier).plist")
            #expect(!FileManager.default.fileExists(atPath: outside.path), "nothing is written at \(outside.path)")
        }
    }
}
