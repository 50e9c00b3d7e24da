import Captures
import Foundation
import Runner
import Scenarios
import Testing
import TestSupport

/// Every scenario of every chapter, run against its app through real processes. The apps are
/// built with the tests (this target depends on them), so the binaries sit next to the bundle.
struct ChapterScenarioTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let chapter: String
        let app: String
        let file: URL
        /// What `workbook run` gives the app: its module name and its Info.plist.
        let moduleName: String
        let infoPlist: URL?
        var testDescription: String { "\(chapter) › \(app) › \(file.deletingPathExtension().lastPathComponent)" }
    }

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static var cases: [Case] {
        guard let catalog = try? ChapterCatalog(root: packageRoot.appendingPathComponent("Chapters")) else { return [] }
        return catalog.chapters.flatMap { chapter in
            chapter.apps.flatMap { app in
                app.scenarios.map { Case(chapter: chapter.name, app: app.name, file: $0, moduleName: app.moduleName, infoPlist: app.infoPlist) }
            }
        }
    }

    @Test("Every chapter with steps has scenarios")
    func chaptersAreFound() throws {
        let catalog = try ChapterCatalog(root: Self.packageRoot.appendingPathComponent("Chapters"))
        #expect(catalog.chapters.contains { !$0.apps.isEmpty })
        // A chapter of prose alone (an introduction, an appendix) has neither.
        for chapter in catalog.chapters where !chapter.apps.isEmpty {
            #expect(chapter.apps.contains { !$0.scenarios.isEmpty }, "\(chapter.name) has apps but no scenarios")
        }
    }

    @Test("The scenario holds", arguments: cases)
    func scenarioHolds(_ testCase: Case) throws {
        let text = try String(contentsOf: testCase.file, encoding: .utf8)
        let scenario = try ScenarioParser.parse(text, file: "Chapters/\(testCase.chapter)/Scenarios/\(testCase.app)/\(testCase.file.lastPathComponent)")
        let binary = try BuiltProducts.executable(testCase.app)
        let container = FileManager.default.temporaryDirectory.appendingPathComponent("chapter-test-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: container) }
        var settings = ScenarioRun.Settings()
        settings.moduleName = testCase.moduleName
        settings.infoPlist = testCase.infoPlist
        let result = ScenarioRun(scenario: scenario, appName: testCase.app, executable: binary, containerURL: container, settings: settings).run()
        for failure in result.failures {
            Issue.record("\(result.file):\(failure.line): \(failure.step)\n\(failure.message ?? "")")
        }
    }
}
