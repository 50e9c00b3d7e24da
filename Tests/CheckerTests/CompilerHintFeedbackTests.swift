import Foundation
import Runner
import Testing
@testable import Checker

/// A student who overrides a restoration method in an extension (fine on iOS) reads the
/// compiler's error with the student's own path, and under it the hint that says what to do.
@Suite struct CompilerHintFeedbackTests {
    @Test("A restoration override in an extension: the student's diagnostics carry the hint to move it into the class body")
    func hintReachesTheStudent() {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("compiler-hint-\(UUID().uuidString)")
        let package = BatchPackage(folder: folder, workbookRoot: GradedClass.packageRoot, sharedLibraries: [])
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
            "hint: move the override of decodeRestorableState(with:) into the class's own body: on Linux nothing is @objc dynamic, so an extension cannot override it (on iOS it can).",
            "50 |     override func decodeRestorableState(with coder: NSCoder) {",
            "   |                   `- \(message)",
        ])
    }
}
