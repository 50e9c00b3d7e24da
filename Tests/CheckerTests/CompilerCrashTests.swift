import Foundation
import Runner
import Testing
@testable import Checker

/// A submission the compiler would crash on is failed before the batch is built, with an error
/// as the compiler gives one: the student's own path, the line, and what to write instead.
@Suite struct CompilerCrashTests {
    @Test("`@UIApplicationMain` fails the student's build at its line, and never reaches the compiler")
    func uiApplicationMainFailsTheBuild() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("compiler-crash-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = """
            import UIKit

            // Not this one: @UIApplicationMain
            @UIApplicationMain
            final class AppDelegate: UIResponder, UIApplicationDelegate {
                let motto = "@UIApplicationMain"
            }

            """
        let submission = Submission(student: "dana", source: "submissions/dana", files: ["App/AppDelegate.swift": Data(source.utf8)])
        let package = BatchPackage(folder: folder, engine: EnginePackage(cache: folder, workbookRoot: GradedClass.packageRoot), sharedLibraries: [])
        var events: [String] = []
        let built = try BatchBuild(package: package).build([submission]) { event in events.append("\(event)") }
        #expect(built.outcomes["dana"] == .failed(diagnostics: "submissions/dana/App/AppDelegate.swift:4:1: error: " + UIApplicationMainCheck.advice))
        #expect(built.executables.isEmpty)
        #expect(!events.contains { $0.hasPrefix("building") }, "nothing was left to compile: \(events)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path))
    }
}
