import Foundation
import SourcePreparation
import WorkbookSupport

/// A submission's files as the class's package compiles them: each under a name a build can take
/// (SafeSourceNames: `Notes"2".swift` would fail the whole build, and cost its author every point),
/// and made to compile on Linux where only Linux stands in the way (ModulePreparation), with
/// what was done said for the student. The compiler names every file by the student's own path,
/// escaped as FileNameText shows it, whatever it was built as.
struct StudentSources {
    /// The bytes to compile, by path in the student's target folder.
    var files: [String: Data]
    /// What was changed for the build, one line each (`StudentResult.buildNotes`).
    var notes: [String]
    /// Whether the target asks for diagnostics one line each (`PreparedModule.needsOneLineDiagnostics`).
    var needsOneLineDiagnostics: Bool

    /// `folder` is the student's target folder, whose paths the compiler reports (BatchBuild maps them
    /// back to the student's).
    init(_ submission: Submission, compiledIn folder: URL) {
        let paths = submission.files.keys.sorted()
        let names = SafeSourceNames.names(for: paths)
        let sources = paths.map { path in
            SwiftSource(name: submission.source + "/" + FileNameText.shown(path), reportedPath: folder.appendingPathComponent(path).path,
                        compiledAtReportedPath: names[path] == path, bytes: Array(submission.files[path]!))
        }
        let prepared = ModulePreparation.prepare(sources)
        files = Dictionary(uniqueKeysWithValues: zip(paths.map { names[$0]! }, prepared.files.map { Data($0) }))
        notes = paths.filter { names[$0] != $0 }.map {
            SafeSourceNames.note(file: submission.source + "/" + FileNameText.shown($0), builtAs: names[$0]!)
        } + prepared.notes
        needsOneLineDiagnostics = prepared.needsOneLineDiagnostics
    }
}
