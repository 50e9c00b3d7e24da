import Foundation
import RestorationKit

/// One run of the demo: launch, use the app, Home, kill, relaunch; then what the user saw.
struct DemoRun {
    let delegate: ApplicationHost.Delegate.Type
    let containerURL: URL?

    struct Outcome: Codable {
        var before: Screen
        var snapshot: Screen
        var after: Screen
        var lost: [ScreenDifference]
        var flicker: Bool
        var archive: String?
        var log: [String]
        var milliseconds: Double
    }

    func run() throws -> Outcome {
        let folder = containerURL ?? FileManager.default.temporaryDirectory.appendingPathComponent("workbook-demo-\(UUID().uuidString)")
        defer { if containerURL == nil { try? FileManager.default.removeItem(at: folder) } }
        try? FileManager.default.removeItem(at: folder)
        let configuration = LaunchConfiguration(
            containerURL: folder, bundleIdentifier: "com.example.StateRestorationDemo",
            clockStart: ISO8601DateFormatter().date(from: "2026-11-22T09:00:00Z"), randomSeed: 1, debugLogging: true)
        let started = DispatchTime.now()

        // First launch: use the app as a person would.
        var host: ApplicationHost? = ApplicationHost(delegateType: delegate, configuration: configuration)
        host!.launch()
        try use(host!)
        let before = host!.screen
        host!.pressHome()
        let archive = host!.lastArchive.map { ArchiveDump($0).text }
        host = nil // killed while suspended, as the system does under memory pressure

        // Relaunch on the same container.
        let relaunch = ApplicationHost(delegateType: delegate, configuration: configuration)
        var log: [String] = []
        relaunch.log.onLine = { log.append($0) }
        relaunch.launch()
        let after = relaunch.screen
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1_000_000
        return Outcome(before: before, snapshot: relaunch.screenShownAtLaunch, after: after,
                       lost: ScreenDifference.between(before, after), flicker: relaunch.screenShownAtLaunch != after,
                       archive: archive, log: log, milliseconds: elapsed)
    }

    /// Move the slider, open the second tab, pick Tokyo, open its page.
    private func use(_ host: ApplicationHost) throws {
        guard let tabs = host.delegate.window?.rootViewController as? UITabBarController,
              let first = tabs.viewControllers?.first as? FirstViewController,
              let navigation = tabs.viewControllers?.last as? UINavigationController,
              let second = navigation.viewControllers.first as? SecondViewController else {
            throw DemoError("the demo app's hierarchy is not what the demo expects")
        }
        try first.slider.simulateSlide(to: 0.89)
        try tabs.simulateSelectTab(at: 1)
        try second.cityPicker.simulateSelectSegment(at: 1)
        try second.showButton.simulateTap()
    }
}

struct DemoError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

extension DemoRun.Outcome {
    /// The run as a person reads it: the three screens side by side, then the verdict.
    func report(title: String, style: TerminalStyle, verbose: Bool) -> String {
        var out = [style.bold(title), ""]
        out += SideBySide.join([("Before Home", before.drawing()), ("Snapshot at launch", snapshot.drawing()), ("After relaunch", after.drawing())])
        out.append("")
        if lost.isEmpty {
            out.append(style.green("✓ Nothing lost: the app came back exactly as the user left it."))
        } else {
            out.append(style.red("✗ The user lost \(lost.count) thing\(lost.count == 1 ? "" : "s"):"))
            out += lost.map { "    \($0)" }
        }
        out.append(flicker ? style.red("✗ Flicker: the snapshot showed one screen, the app then showed another.") : style.green("✓ No flicker: the first frame matched the snapshot."))
        out.append(style.dim(String(format: "  (launch, use, Home, kill, relaunch: %.1f ms)", milliseconds)))
        if verbose {
            out += ["", style.bold("Archive (data.data)"), archive ?? "(none written: the app does not opt in)", "", style.bold("Restoration log")]
            out += log.isEmpty ? ["(empty)"] : log
        }
        out.append("")
        return out.joined(separator: "\n")
    }
}
