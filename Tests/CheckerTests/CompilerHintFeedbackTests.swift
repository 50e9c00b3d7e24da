import Foundation
@testable import Runner
import Testing
@testable import Checker

/// A student whose override in an extension could not be moved into its class (fine on iOS)
/// reads the compiler's error with the student's own path, and under it the hint that says what
/// to do.
@Suite struct CompilerHintFeedbackTests {
    @Test("An override in an extension left to the compiler: the student's diagnostics carry the hint to move it into the class body")
    func hintReachesTheStudent() {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("compiler-hint-\(UUID().uuidString)")
        let package = BatchPackage(folder: folder, engine: EnginePackage(cache: folder, workbookRoot: GradedClass.packageRoot), sharedLibraries: [])
        let submission = Submission(student: "dana", source: "submissions/dana", files: [:])
        let target = BatchPackage.targetName(for: "dana")
        // As `swift build` printed it for a real student target (captured from swiftc 6.3).
        let message = "error:  instance method 'decodeRestorableState(with:)' declared in 'UIViewController' cannot be overridden from extension"
        let lines = [
            "[12/20] Compiling \(target) ReminderViewController.swift",
            "\(folder.path)/Students/\(target)/ReminderViewController.swift:50:19: \(message)",
            "50 |     override func decodeRestorableState(with coder: NSCoder) {",
            "   |                   `- \(message)",
        ]
        let diagnostics = BatchBuild(package: package).diagnosticsByTarget(lines, submissions: [submission])[target]
        #expect(diagnostics?.components(separatedBy: "\n") == [
            "submissions/dana/ReminderViewController.swift:50:19: \(message)",
            CompilerHints.hint(for: lines[1])!,
            "50 |     override func decodeRestorableState(with coder: NSCoder) {",
            "   |                   `- \(message)",
        ])
    }
}
