import Foundation
@testable import RestorationKit

/// A simulated phone with one app installed: launches it in its container, presses Home,
/// kills it and launches it again, the way a developer triggers restoration on a device.
/// Killing drops the running launch; only the container on disk survives.
final class Phone {
    let containerURL: URL
    var bundleVersion = "1"
    var debugLogging = true
    var developerMode = false
    /// `UIMainStoryboardFile` of the app's Info.plist, if it has one.
    var mainStoryboardFile: String?
    /// The module name the app's classes carry at run time, as the runner gives a chapter's apps.
    var moduleName: String?
    /// The launch running now, if any.
    private(set) var running: ApplicationHost?
    /// Every log line of every launch, in order.
    private(set) var logLines: [String] = []
    /// The workbook's notes of every launch, in order: its own words, apart from the log.
    private(set) var notes: [RestorationCause] = []
    /// The causes the last `homeAndKill()` saw while preserving (the launch they belong to is gone).
    private(set) var preservationCauses: [RestorationCause] = []

    init() {
        containerURL = FileManager.default.temporaryDirectory
            .appendingPathComponent("RuleBook-\(UUID().uuidString)", isDirectory: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: containerURL)
    }

    var container: AppContainer { AppContainer(url: containerURL, bundleIdentifier: "com.example.RuleBook") }

    var configuration: LaunchConfiguration {
        var configuration = LaunchConfiguration(
            containerURL: containerURL,
            bundleIdentifier: "com.example.RuleBook",
            bundleVersion: bundleVersion,
            clockStart: Date(timeIntervalSince1970: 1_795_338_000), // 2026-11-22 09:00 UTC
            randomSeed: 42,
            debugLogging: debugLogging,
            developerMode: developerMode)
        configuration.mainStoryboardFile = mainStoryboardFile
        configuration.moduleName = moduleName
        return configuration
    }

    /// Launches the app (killing whatever ran before) and returns the new launch.
    @discardableResult
    func launch(_ delegateType: ApplicationHost.Delegate.Type) -> ApplicationHost {
        kill()
        let host = ApplicationHost(delegateType: delegateType, configuration: configuration)
        host.log.onLine = { [unowned self] in logLines.append($0) }
        host.notes.onNote = { [unowned self] in notes.append($0) }
        host.launch()
        running = host
        return host
    }

    /// Home, then kill while suspended: what the system does under memory pressure.
    func homeAndKill() {
        running?.pressHome()
        preservationCauses = running?.restorationReport.preservationCauses ?? []
        kill()
    }

    /// SIGKILL: the process is gone; nothing more runs in it.
    func kill() {
        running = nil
        UIApplication.current = nil
    }

    /// The app switcher's force quit: the saved state and the snapshot are deleted, then the
    /// app is killed.
    func forceQuit() {
        container.discardSavedState()
        container.discardSnapshot()
        kill()
    }

    var archiveExists: Bool { FileManager.default.fileExists(atPath: container.archiveURL.path) }

    func readArchive() throws -> StateArchive {
        try StateArchive(contentsOf: container.archiveURL)
    }

    /// Every log line's message, without NSLog's date, time and process.
    var logMessages: [String] { logLines.nsLogMessages }

    /// The log lines containing a piece of text.
    func log(containing text: String) -> [String] {
        logLines.filter { $0.contains(text) }
    }
}
