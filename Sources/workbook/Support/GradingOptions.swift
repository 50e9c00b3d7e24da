import ArgumentParser
import Checker
import Foundation

/// What a grading grades with, read the same way by `check`, `grade` and `export` (a local run,
/// a shard and the Gradescope bundle give the same grade).
struct GradingOptions: ParsableArguments {
    @Option(help: "A folder of hidden scenarios: graded, never shown to students.", completion: .directory)
    var checks: String?

    @Option(help: "A rubric file: `criterion \"Name\" tag TAG points N [hidden]` lines, replacing the exercise's.", completion: .file())
    var rubric: String?

    /// The exercise by name, from the workbook at `root`.
    static func exercise(named name: String, root: URL) throws -> Exercise {
        do {
            return try ExerciseCatalog(packageRoot: root).exercise(named: name)
        } catch {
            throw CommandFailure.from(error)
        }
    }

    func definition(for exercise: Exercise) throws -> GradingDefinition {
        do {
            return try GradingDefinition.load(exercise: exercise, rubric: rubric, checks: checks)
        } catch {
            throw CommandFailure.from(error)
        }
    }
}

/// `--cache`: where submissions are built and run, kept between runs (`check` and `grade`).
struct BuildCacheOption: ParsableArguments {
    @Option(help: "Where submissions are built and run, kept between runs so that checking again is quick (default: .build/checker).",
            completion: .directory)
    var cache: String?

    var url: URL? { cache.map { URL(fileURLWithPath: $0) } }
}

/// The platforms `workbook export` writes for.
enum ExportFormat: String, ExpressibleByArgument, CaseIterable {
    case gradescope
    case githubClassroom = "github-classroom"
    case prairielearn
    case githubActions = "github-actions"

    /// What the instructor does with what was written.
    func nextStep(folder: String) -> String {
        switch self {
        case .gradescope: "Upload autograder.zip as the assignment's autograder."
        case .githubClassroom, .prairielearn, .githubActions: "Next: \(folder)/README.md."
        }
    }
}
