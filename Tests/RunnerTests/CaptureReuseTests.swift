import Captures
import Foundation
import Testing
@testable import Runner

/// A capture is reused while what made it is unchanged, and run again when anything it depends
/// on changes, the engine's sources included. What changed is known as the site knows it: by each
/// file's size and time, its bytes read again only when those changed, and each folder looked
/// at once per run however many scenarios share it.
@Suite struct CaptureReuseTests {
    /// A package of its own: one chapter whose app has two scenarios, and a small engine.
    struct Package {
        let root: URL
        var captures: URL { root.appendingPathComponent("captures") }
        var engineFile: URL { root.appendingPathComponent("Sources/RestorationKit/Engine.swift") }
        static let engineFileCount = 3
        static let appFileCount = 2

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("capture-reuse-\(UUID().uuidString)")
            for (path, text) in [
                ("Chapters/demo/chapter.md", "# Demo\n"),
                ("Chapters/demo/Apps/DemoApp/AppDelegate.swift", "import UIKit\n"),
                ("Chapters/demo/Apps/DemoApp/Info.plist", "<plist><dict></dict></plist>\n"),
                ("Chapters/demo/Scenarios/DemoApp/leave.scenario", "launch\npress home\n"),
                ("Chapters/demo/Scenarios/DemoApp/kill.scenario", "launch\npress home\nkill\nlaunch\n"),
                ("Sources/RestorationKit/Engine.swift", "// the engine\n"),
                ("Sources/RestorationModel/Values.swift", "// values\n"),
                ("Sources/CoreData/Store.swift", "// store\n"),
            ] {
                let url = root.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: url)
            }
        }

        func remove() { try? FileManager.default.removeItem(at: root) }

        /// The fingerprint of each scenario, as a run works them out, and how many files it read.
        func fingerprints(toolchain: String = "swift 6") throws -> (values: [String], filesRead: Int) {
            let chapter = try ChapterCatalog(root: root.appendingPathComponent("Chapters")).chapter(named: "demo")
            let app = try #require(chapter.apps.first)
            var inputs = CaptureInputs(packageRoot: root, capturesRoot: captures)
            let values = try app.scenarios.map { file in
                inputs.fingerprint(scenarioSource: try String(contentsOf: file, encoding: .utf8), app: app, chapter: chapter, toolchain: toolchain)
            }
            inputs.save()
            return (values, inputs.stamps.filesRead)
        }

        /// Writes a file with a modification time of its own, as an editor's save later on does.
        func write(_ text: String, to file: URL, secondsLater: TimeInterval) throws {
            try Data(text.utf8).write(to: file)
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: secondsLater)], ofItemAtPath: file.path)
        }
    }

    @Test("A run reads each file once however many scenarios it plans, and a run after it with nothing changed reads none")
    func filesAreReadOncePerRunAndNotAgain() throws {
        let package = try Package()
        defer { package.remove() }
        let first = try package.fingerprints()
        #expect(first.values.count == 2)
        #expect(first.values[0] != first.values[1], "the scenarios differ")
        // Two scenarios, and every file read once: not once per scenario.
        #expect(first.filesRead == Package.engineFileCount + Package.appFileCount)
        let second = try package.fingerprints()
        #expect(second.values == first.values)
        #expect(second.filesRead == 0)
    }

    @Test("A changed engine file changes every capture's fingerprint; the same bytes saved again change none")
    func engineChangeIsSeen() throws {
        let package = try Package()
        defer { package.remove() }
        let before = try package.fingerprints()
        try package.write("// the engine, changed\n", to: package.engineFile, secondsLater: 5)
        let changed = try package.fingerprints()
        #expect(changed.filesRead == 1)
        #expect(changed.values[0] != before.values[0] && changed.values[1] != before.values[1])
        // Same size, same bytes as before the change, saved later: the content decides.
        try package.write("// the engine\n", to: package.engineFile, secondsLater: 10)
        let restored = try package.fingerprints()
        #expect(restored.filesRead == 1)
        #expect(restored.values == before.values)
    }

    @Test("A run whose captures are current builds nothing; after an engine file changes, it builds the app again instead of reusing them")
    func changedEngineIsNotReused() throws {
        let package = try Package()
        defer { package.remove() }
        let runner = try ChapterRunner(packageRoot: package.root)
        let chapter = try runner.catalog.chapter(named: "demo")
        // Captures as an earlier run left them, made from these inputs.
        let current = try package.fingerprints(toolchain: Toolchain.version).values
        for (file, fingerprint) in zip(try #require(chapter.apps.first).scenarios, current) {
            let result = ScenarioResult(scenario: file.lastPathComponent, file: file.path, app: "DemoApp", steps: [], lost: [],
                                        flicker: false, snapshotHides: [], launches: 1)
            try CaptureWriter.write(Capture(), result: result, fingerprint: fingerprint,
                                    to: package.captures.appendingPathComponent("demo/DemoApp/\(file.deletingPathExtension().lastPathComponent)"))
        }
        var built: [String] = []
        let reused = try runner.run(.init(chapter: "demo")) { if case .building(let apps) = $0 { built += apps } }
        #expect(built.isEmpty)
        #expect(reused.count == 2 && reused.allSatisfy(\.reused))

        try package.write("// the engine, changed\n", to: package.engineFile, secondsLater: 5)
        #expect(throws: (any Error).self) {
            _ = try runner.run(.init(chapter: "demo")) { if case .building(let apps) = $0 { built += apps } }
        }
        #expect(built == ["DemoApp"], "the app is built again, its captures not reused")
    }
}
