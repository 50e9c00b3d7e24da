import BinaryPropertyList
import Captures
import Foundation
import RestorationKit
@testable import Site

/// A package of its own in a temporary folder: one chapter with two steps, a scenario, captures
/// written here (not by running anything), and the real Templates/. Tests change it as they need.
struct SiteFixture {
    let root: URL
    var output: URL { root.appendingPathComponent("site") }
    var chapter: URL { root.appendingPathComponent("Chapters/demo") }
    var capture: URL { root.appendingPathComponent("captures/demo/Demo1Next/leave") }

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let firstStep = """
        import RestorationKit

        /// The app's delegate.
        final class AppDelegate: UIResponder, UIApplicationDelegate {
            var window: UIWindow?
        }

        """

    static let secondStep = """
        import RestorationKit

        /// The app's delegate.
        final class AppDelegate: UIResponder, UIApplicationDelegate {
            var window: UIWindow?

            // workbook:begin opt-in
            func application(_ application: UIApplication, shouldSaveSecureApplicationState coder: NSCoder) -> Bool {
                true
            }
            // workbook:end opt-in

            /// Says "<script>alert(1)</script>" to nobody.
            func greet(_ name: String) -> String { "<script>\\(name)</script>" }
            func greet() -> String { greet("you") }
        }

        """

    static let prose = """
        # Demo chapter

        Some *prose* with <b>raw HTML</b> in it and a [link](#the-run).

        ## The run

        ```workbook
        run: Demo1Next/leave
        show: screens, lost, steps, log
        filter: restoration
        ```

        ## The code

        ```workbook
        listing: Demo1Next/AppDelegate.swift
        symbol: AppDelegate.greet
        ```

        ```workbook
        listing: Demo1Next/AppDelegate.swift
        region: opt-in
        ```

        ```workbook
        listing: Demo1Next/AppDelegate.swift
        diff: previous
        ```

        ## The archive

        ```workbook
        archive: Demo1Next/leave
        number: 1
        ```

        ## The code

        ```swift
        let greeting = "<script>hello</script>"
        ```

        """

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("site-tests-\(UUID().uuidString)")
        try write(Self.prose, to: "Chapters/demo/chapter.md")
        try write(Self.firstStep, to: "Chapters/demo/Apps/Demo0Start/AppDelegate.swift")
        try write(Self.secondStep, to: "Chapters/demo/Apps/Demo1Next/AppDelegate.swift")
        try write("app Demo1Next\nlaunch\n", to: "Chapters/demo/Scenarios/Demo1Next/leave.scenario")
        try FileManager.default.copyItem(at: Self.packageRoot.appendingPathComponent("Templates"), to: root.appendingPathComponent("Templates"))
        try writeCapture()
    }

    func remove() {
        try? FileManager.default.removeItem(at: root)
    }

    func write(_ text: String, to path: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func read(_ path: String) throws -> String {
        try String(contentsOf: output.appendingPathComponent(path), encoding: .utf8)
    }

    /// The search's entries, as the pages load them (`search-index.js`).
    func searchEntries() throws -> [SearchIndex.Entry] {
        let script = try read("search-index.js")
        let prefix = "window.workbookSearchIndex = "
        guard script.hasPrefix(prefix), script.hasSuffix(";\n") else { throw CocoaError(.fileReadCorruptFile) }
        return try JSONDecoder().decode([SearchIndex.Entry].self, from: Data(script.dropFirst(prefix.count).dropLast(2).utf8))
    }

    func build(chapter: String? = nil, templates: URL? = nil, runs: (() -> Void)? = nil) throws -> SiteBuilder.Report {
        var options = SiteBuilder.Options(packageRoot: root, output: output, templateOverrides: templates, chapter: chapter)
        options.generator = "tests"
        return try SiteBuilder(options).build { _ in runs?() }
    }

    // MARK: The capture

    static let scenarioName = "Leave <script>alert('x')</script> and come back"

    static func screen(detail: Bool) -> Screen {
        var children = [
            ScreenElement(role: .navigationBar, properties: [.init("title", detail ? "Tokyo <script>" : "Cities")]),
        ]
        if detail {
            children.append(ScreenElement(role: .label, properties: [.init("text", "Welcome to <script>alert(1)</script>!")]))
            children.append(ScreenElement(role: .textField, name: "Name", properties: [.init("text", "Rusty")]))
        }
        children.append(ScreenElement(role: .slider, properties: [.init("value", "0.89"), .init("minimum", "0"), .init("maximum", "1")]))
        children.append(ScreenElement(role: .tabBar, properties: [.init("segments", "First | Second"), .init("selected", detail ? "Second" : "First")]))
        return Screen(content: ScreenElement(role: .window, children: children), controllers: [detail ? "CityViewController" : "ListViewController"])
    }

    func writeCapture(passed: Bool = true) throws {
        let before = Self.screen(detail: true), after = Self.screen(detail: false)
        let lost = try JSONSerialization.jsonObject(with: JSONEncoder().encode(LostState.between(before, after)))
        let result: [String: Any] = [
            "schema": ScenarioResult.schemaVersion,
            "snapshotHides": [],
            "app": "Demo1Next",
            "file": root.appendingPathComponent("Chapters/demo/Scenarios/Demo1Next/leave.scenario").path,
            "flicker": true,
            "launches": 2,
            "lost": lost,
            "causes": [["kind": "noRestorationIdentifier", "className": "CityViewController",
                        "sentence": "CityViewController, the window's root view controller, has no restoration identifier <so> it was skipped."]],
            "notes": [["kind": "parentNotRestored", "path": "TabController/:[1]:/Detail", "className": "DetailViewController",
                       "sentence": "DetailViewController at TabController/:[1]:/Detail was left out because its parent, TabController, was not restored."]],
            "scenario": Self.scenarioName,
            "steps": [
                ["isExpectation": false, "line": 2, "status": "passed", "step": "launch"],
                ["isExpectation": false, "line": 3, "status": "passed", "step": "tap \"<script>\""],
                ["isExpectation": true, "line": 4, "status": passed ? "passed" : "failed", "step": "expect flicker",
                 "message": passed ? nil : "the snapshot matched the first screen"].compactMapValues { $0 },
            ],
        ]
        try FileManager.default.createDirectory(at: capture.appendingPathComponent("screens"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: capture.appendingPathComponent("archives"), withIntermediateDirectories: true)
        try JSONSerialization.data(withJSONObject: result, options: [.sortedKeys]).write(to: capture.appendingPathComponent("result.json"))
        let encoder = JSONEncoder()
        for (name, screen) in [("01-after-launch", after), ("02-before-home", before), ("03-snapshot", before), ("04-launch-screen", before), ("05-after-launch", after)] {
            try encoder.encode(screen).write(to: capture.appendingPathComponent("screens/\(name).json"))
        }
        try Data("""
            ── launch 1 (version 1, clock 2026-11-22T09:00:00Z) ──
            2026-11-22 09:00:00.000 Tour[4242:303] A warning about <script>nothing</script>
            ── launch 2 (version 1, clock 2026-11-22T09:00:00Z) ──
            2026-11-22 09:00:00.000 Tour[4243:303] void _restoreState(UIApplication *, NSData *, NSObject<UIApplicationDelegate> *, NSURL *, NSString *, UIStateRestorationRestoreStateBeginHandler): Root restoration identifier paths are (
                TabController,
                "TabController/:[0]:/First"
            )

            """.utf8).write(to: capture.appendingPathComponent("log.txt"))
        var archive = StateArchive()
        archive.topLevel = ["<script>key": .string("<b>value</b>"), "UIApplicationStateRestorationBundleVersion": .string("1")]
        try archive.write(to: capture.appendingPathComponent("archives/01-data.data"))
        try Data("fingerprint\n".utf8).write(to: capture.appendingPathComponent("inputs.txt"))
    }
}
