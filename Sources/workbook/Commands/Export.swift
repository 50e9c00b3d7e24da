import ArgumentParser
import Checker
import Foundation

/// `workbook export <platform> <exercise>`: what a platform needs to grade as a local run does.
struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write what a platform needs to grade an exercise exactly as a local run does.",
        discussion: """
            Each export grades with the exercise's checks and rubric, or with --checks and --rubric, exactly as \
            `workbook grade` does here, with the workbook as it is on disk. Checks and a rubric of your own are \
            first proved on the exercise's reference solution, which must earn every point with them.

              gradescope        autograder.zip: upload it as the assignment's autograder
              github-classroom  a template repository whose workflow grades every push, one test per criterion
              prairielearn      an externally graded question, and the image its grading jobs run in
              github-actions    a repository that grades a whole class in --shards jobs, then merges the reports

            Each writes a README.md that says what to do with it (Documentation/Checking.md walks through them).

            Examples:
              workbook export gradescope hypnonerd --checks hidden/ --rubric rubric.txt --output autograder/
              workbook export github-classroom hypnonerd --checks hidden/
              workbook export prairielearn hypnonerd --image me/hypnonerd-grader
              workbook export github-actions hypnonerd --shards 4 --checks hidden/

            \(ExitStatusHelp.text(failed: "a check or the rubric is unsound (the reference solution does not earn every point), or the export could not be written"))
            """
    )

    @Argument(help: "The platform: \(ExportFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: ExportFormat

    @Argument(help: "The exercise (see `workbook exercise list`).", completion: NameCompletion.exercises)
    var exercise: String

    @OptionGroup var grading: GradingOptions

    @Option(help: "The folder to write to (default: <platform>-<exercise>).", completion: .directory)
    var output: String?

    @Option(help: "github-actions: how many jobs grade the class, each a shard of it (2 to 256).")
    var shards: Int?

    @Option(help: "prairielearn: the grading image's name, as PrairieLearn pulls it (default: restoration-workbook-<exercise>).")
    var image: String?

    @OptionGroup var build: BuildCacheOption
    @OptionGroup var location: WorkbookLocation

    func validate() throws {
        if format == .githubActions {
            guard let shards else { throw ValidationError("github-actions needs --shards N: how many jobs grade the class.") }
            guard ActionsMatrix.shardRange.contains(shards) else {
                throw ValidationError("--shards must be from \(ActionsMatrix.shardRange.lowerBound) to \(ActionsMatrix.shardRange.upperBound), not \(shards).")
            }
        } else if shards != nil {
            throw ValidationError("--shards is for github-actions, which grades a class in shards.")
        }
        if image != nil && format != .prairielearn {
            throw ValidationError("--image is for prairielearn, whose grading jobs run in an image.")
        }
    }

    func run() throws {
        let root = location.url
        let exercise = try GradingOptions.exercise(named: self.exercise, root: root)
        let folder = URL(fileURLWithPath: output ?? "\(format.rawValue)-\(exercise.name)")
        let grading = try self.grading.definition(for: exercise)
        do {
            // Read every check now: a check that does not parse or names no criterion is found
            // here, not on the platform's machines.
            _ = try grading.checkSet(packageRoot: root)
        } catch {
            throw CommandFailure.from(error)
        }
        if grading.hiddenChecks != nil || grading.rubricFile != nil {
            // An instructor's checks and rubric are proved on the reference solution before any
            // student meets them (the exercise's own are proved by the workbook's tests).
            var options = ClassGrader.Options(grading: grading, packageRoot: root, cacheFolder: build.url)
            options.validatesChecks = true
            _ = try GradingRun(options: options, json: false).grade([])
            StandardStreams.writeError("The reference solution \(exercise.solution) earns every point with these checks and rubric.\n")
        }
        let uncommitted: [String]
        do {
            uncommitted = try write(grading, root: root, to: folder)
        } catch {
            throw CommandFailure.from(error)
        }
        let carried = [grading.hiddenChecks.map { "the hidden checks of \($0.path)" },
                       grading.rubricFile.map { "the rubric \($0.path)" }].compactMap { $0 }
        print("It grades with the workbook in \(root.path) as it is on disk"
            + (carried.isEmpty ? " and the exercise's rubric." : " and \(carried.joined(separator: " and ")).")
            + " \(format.nextStep(folder: folder.path))")
        if !uncommitted.isEmpty {
            StandardStreams.writeError("Warning: the export includes changes not committed to git (a clone would grade differently):\n"
                + uncommitted.map { "  \($0)\n" }.joined())
        }
    }

    /// Writes the platform's files, says what they are, and returns the carried changes not committed.
    private func write(_ grading: GradingDefinition, root: URL, to folder: URL) throws -> [String] {
        let name = grading.exercise.name
        switch format {
        case .gradescope:
            let written = try GradescopeBundle(grading: grading, workbookRoot: root).write(to: folder)
            print("Wrote the Gradescope autograder for \(name) to \(folder.path)/:")
            for url in written.files { print("  \(url.lastPathComponent)") }
            return written.uncommitted
        case .githubClassroom:
            let written = try GitHubClassroomTemplate(grading: grading, workbookRoot: root).write(to: folder)
            print("Wrote GitHub Classroom's template repository for \(name) to \(written.template.path)/"
                + (written.hiddenChecks.map { ", its hidden checks (for a private repository) to \($0.path)/" } ?? "")
                + " and what to do with them to \(written.guide.path).")
            return written.uncommitted
        case .prairielearn:
            let written = try PrairieLearnQuestion(grading: grading, workbookRoot: root, image: image).write(to: folder)
            print("Wrote the PrairieLearn question \(written.question.path)/, its grading image \(written.image.path)/ "
                + "(\(written.imageName)) and what to do with them to \(written.guide.path).")
            return written.uncommitted
        case .githubActions:
            let written = try ActionsMatrix(grading: grading, workbookRoot: root, shards: shards ?? 2).write(to: folder)
            print("Wrote the GitHub Actions workflow that grades \(name) in \(shards ?? 2) shards to \(written.workflow.path), "
                + "and what to do with it to \(written.guide.path).")
            return written.uncommitted
        }
    }
}
