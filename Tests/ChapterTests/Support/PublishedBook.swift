import Foundation
@testable import Runner
import Scenarios
import Site
import TestSupport

/// The real book, built once for the tests that read it: every chapter's scenarios run against
/// the apps built with the tests (no `swift build` from inside the tests), captures and site in
/// a temporary folder, so nothing the author has in captures/ or site/ is touched.
enum PublishedBook {
    static let root = FileManager.default.temporaryDirectory.appendingPathComponent("published-book-\(ProcessInfo.processInfo.processIdentifier)")
    static var site: URL { root.appendingPathComponent("site") }
    static var capturesRoot: URL { root.appendingPathComponent("captures") }

    /// Built on first use; Swift initialises a static once, even with tests running in parallel.
    static let built: Result<URL, TestFailure> = {
        do {
            let captures = capturesRoot
            var options = SiteBuilder.Options(packageRoot: ChapterScenarioTests.packageRoot, output: site, capturesRoot: captures)
            options.generator = "chapter tests"
            _ = try SiteBuilder(options).build { chapter in
                for app in chapter.apps {
                    let binary = try BuiltProducts.executable(app.name)
                    for file in app.scenarios {
                        let scenario = try ScenarioParser.parse(String(contentsOf: file, encoding: .utf8), file: file.path)
                        let container = root.appendingPathComponent("containers/\(UUID().uuidString)")
                        // As `workbook run` does: the app's classes under its one module name, and
                        // its Info.plist (a main storyboard, a version) installed with it.
                        var settings = ScenarioRun.Settings()
                        settings.moduleName = app.moduleName
                        settings.infoPlist = app.infoPlist
                        let run = ScenarioRun(scenario: scenario, appName: app.name, executable: binary, containerURL: container, settings: settings)
                        let result = run.run()
                        let folder = captures.appendingPathComponent("\(chapter.name)/\(app.name)/\(file.deletingPathExtension().lastPathComponent)")
                        try CaptureWriter.write(run.capture, result: result, fingerprint: "chapter tests", to: folder)
                        try? FileManager.default.removeItem(at: container)
                    }
                }
            }
            return .success(site)
        } catch let error as SiteError {
            return .failure(TestFailure("the book was not built:\n" + error.problems.joined(separator: "\n")))
        } catch {
            return .failure(TestFailure("the book was not built: \(error)"))
        }
    }()

    /// Every capture folder of every chapter, once the book is built: `chapter/app/scenario`.
    static func captures() throws -> [URL] {
        _ = try built.get()
        var found: [URL] = []
        let manager = FileManager.default
        for chapter in try manager.contentsOfDirectory(at: capturesRoot, includingPropertiesForKeys: nil) where !chapter.lastPathComponent.hasPrefix(".") {
            for app in try manager.contentsOfDirectory(at: chapter, includingPropertiesForKeys: nil) where !app.lastPathComponent.hasPrefix(".") {
                found += try manager.contentsOfDirectory(at: app, includingPropertiesForKeys: nil).filter { !$0.lastPathComponent.hasPrefix(".") }
            }
        }
        return found.sorted { $0.path < $1.path }
    }

    static func page(_ name: String) throws -> URL {
        try built.get().appendingPathComponent(name)
    }

    static func pages() throws -> [URL] {
        let folder = try built.get()
        return try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "html" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }
}
