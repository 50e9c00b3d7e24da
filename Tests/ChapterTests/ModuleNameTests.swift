import Captures
import Foundation
import RestorationKit
@testable import Runner
import Scenarios
import Testing
import TestSupport

/// On iOS every version of an app has one module name, so a class is called the same in every
/// archive it writes. A chapter's steps are versions of one app: their archives and logs name the
/// app's classes by the module the steps share (`Islands`), and a step finds a class another step
/// recorded, as version 7 of an app reads what version 6 saved.
struct ModuleNameTests {
    static let stages = ChapterScenarioTests.packageRoot.appendingPathComponent("Chapters/stages")

    /// Runs a scenario of the stages chapter as `workbook run` does: under the app's module name.
    static func run(_ app: String, _ source: String, in container: URL) throws -> (result: ScenarioResult, archives: [Data], log: [String]) {
        let scenario = try ScenarioParser.parse(source, file: "\(app).scenario")
        let catalog = try ChapterCatalog(root: ChapterScenarioTests.packageRoot.appendingPathComponent("Chapters"))
        let found = try #require(try catalog.chapter(named: "stages").apps.first { $0.name == app })
        var settings = ScenarioRun.Settings()
        settings.moduleName = found.moduleName
        let run = ScenarioRun(scenario: scenario, appName: app, executable: try BuiltProducts.executable(app), containerURL: container, settings: settings)
        let result = run.run()
        return (result, run.capture.archives, run.capture.log)
    }

    static func scenario(_ app: String) throws -> String {
        try String(contentsOf: stages.appendingPathComponent("Scenarios/\(app)/visit-an-island.scenario"), encoding: .utf8)
    }

    static func temporaryContainer() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("module-name-test-\(UUID().uuidString)")
    }

    @Test("Between two stages of a chapter, the archive's difference shows what the stage changed and no class renamed")
    func stageDifferenceKeepsClassNames() throws {
        let earlier = Self.temporaryContainer(), later = Self.temporaryContainer()
        defer { try? FileManager.default.removeItem(at: earlier); try? FileManager.default.removeItem(at: later) }
        let five = try Self.run("Islands5RestorationClass", try Self.scenario("Islands5RestorationClass"), in: earlier)
        let six = try Self.run("Islands6State", try Self.scenario("Islands6State"), in: later)
        #expect(five.result.passed && six.result.passed)

        let old = try StateArchive(data: try #require(five.archives.last))
        let new = try StateArchive(data: try #require(six.archives.last))
        #expect(old.restorationClassMap.values.sorted() == ["Islands.IslandViewController"])
        #expect(new.entries.map(\.className).filter { !$0.hasPrefix("RestorationKit.") }.sorted()
                == ["Islands.IslandViewController", "Islands.IslandsViewController", "Islands.LanternViewController"])
        let changes = ArchiveDifference(from: old, to: new).changes.map(\.description)
        #expect(!changes.isEmpty)
        #expect(changes.allSatisfy { $0.hasPrefix("+ ") }, "only the keys stage 6 saves: \(changes)")
        #expect(!changes.contains { $0.contains("Islands5") || $0.contains("Islands6") || $0.contains("→") })
        // The log names the classes and the process as a device would, by the app's one module.
        #expect(six.log.contains { $0.contains("= \"Islands.IslandViewController\";") || $0.contains("= Islands.IslandViewController;") })
        #expect(six.log.contains { $0.contains(" Islands[") })
        #expect(!six.log.contains { $0.contains("Islands6State") })
    }

    @Test("A later stage restores the archive an earlier stage wrote, finding its restoration class by the module name they share")
    func laterStageReadsEarlierArchive() throws {
        let container = Self.temporaryContainer()
        defer { try? FileManager.default.removeItem(at: container) }
        _ = try Self.run("Islands6State", try Self.scenario("Islands6State"), in: container)
        // The update installs version 7 of the app over version 6's container.
        let written = AppContainer(url: container, bundleIdentifier: "com.restorationworkbook.Islands6State").archiveURL
        let read = AppContainer(url: container, bundleIdentifier: "com.restorationworkbook.Islands7Window").archiveURL
        try FileManager.default.createDirectory(at: read.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: written, to: read)

        let seven = try Self.run("Islands7Window", """
            scenario "Version 7 opens on what version 6 saved"
            launch
            expect Note is "Ferry from Oban, 46 minutes"
            go back
            expect Island is "Mull"
            """, in: container)
        #expect(seven.result.passed, "\(seven.result.steps.compactMap(\.message))")
        #expect(!seven.log.contains { $0.contains("does not exist in this app") })
    }
}
