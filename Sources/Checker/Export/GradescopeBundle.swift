import Foundation
import Runner

/// Everything Gradescope needs to grade an exercise as `workbook grade` grades it locally, as the
/// autograder zip it asks for (https://gradescope-autograders.readthedocs.io/en/latest/specs/):
/// the payload every export carries (`AutograderPayload`: setup.sh, run_autograder, the
/// workbook, the grader) with the grading files in it, and the two scripts beside it to read.
///
/// The same grading definition as a local run: the hidden checks and the rubric go in, readable
/// by root only once set up (students' apps run as users of their own). Nothing is fetched but
/// Swift itself when the image lacks it: the grader needs no package from the network, and
/// set-up grades the reference solution once, which proves the checks sound and builds the
/// engine into the cache, so a submission compiles only the student's code.
public struct GradescopeBundle {
    public var grading: GradingDefinition
    /// The workbook's folder (the one with `Chapters/`), whose working tree goes in.
    public var workbookRoot: URL

    public init(grading: GradingDefinition, workbookRoot: URL) {
        self.grading = grading
        self.workbookRoot = workbookRoot
    }

    public struct Written {
        /// `setup.sh`, `run_autograder` and `autograder.zip`.
        public var files: [URL]
        /// Carried files whose changes are not committed (`M Sources/…`), for a warning: the
        /// bundle grades with them, a clone of the repository would not.
        public var uncommitted: [String]
    }

    /// Writes `setup.sh`, `run_autograder` and `autograder.zip` into `folder`.
    @discardableResult
    public func write(to folder: URL) throws -> Written {
        let payload = AutograderPayload(grading: grading, workbookRoot: workbookRoot)
        let contents = try payload.contents()
        // Beside the zip, to read before uploading it: the two scripts Gradescope runs.
        let scripts = try payload.scripts(carryingGrading: true).filter { ["setup.sh", "run_autograder"].contains($0.name) }
        try ExportFolder.create(folder)
        var written: [URL] = []
        for (name, text) in scripts {
            written.append(folder.appendingPathComponent(name))
            try ExportFolder.writeScript(text, to: written.last!)
        }
        let zip = folder.appendingPathComponent("autograder.zip")
        try payload.writeZip(to: zip, contents: contents, carryingGrading: true)
        return Written(files: written + [zip], uncommitted: contents.uncommitted)
    }
}
