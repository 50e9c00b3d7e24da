import ArgumentParser
import Checker
import Foundation

/// `workbook export gradescope <exercise>`: an autograder bundle for a grading platform.
struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write an autograder bundle for a grading platform, grading as a local run does.",
        discussion: """
            The bundle grades with the exercise's checks and rubric, or with --checks and --rubric, \
            exactly as `workbook grade` does here, with the workbook as it is on disk. Checks and a rubric of \
            your own are first proved on the exercise's reference solution, which must earn every point with \
            them. For Gradescope: upload the autograder.zip it writes as the assignment's autograder.

            Examples:
              workbook export gradescope hypnonerd
              workbook export gradescope hypnonerd --checks hidden/ --rubric rubric.txt --output autograder/

            \(ExitStatusHelp.text(failed: "a check or the rubric is unsound (the reference solution does not earn every point), or the bundle could not be written"))
            """
    )

    @Argument(help: "The platform: \(ExportFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: ExportFormat

    @Argument(help: "The exercise (see `workbook exercise list`).", completion: NameCompletion.exercises)
    var exercise: String

    @OptionGroup var grading: GradingOptions

    @Option(help: "The folder to write the bundle to (default: gradescope-<exercise>).", completion: .directory)
    var output: String?

    @OptionGroup var build: BuildCacheOption
    @OptionGroup var location: WorkbookLocation

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
        do {
            let written = try GradescopeBundle(grading: grading, workbookRoot: root).write(to: folder)
            print("Wrote the Gradescope autograder for \(exercise.name) to \(folder.path)/:")
            for url in written.files { print("  \(url.lastPathComponent)") }
            let carried = [grading.hiddenChecks.map { "the hidden checks of \($0.path)" },
                           grading.rubricFile.map { "the rubric \($0.path)" }].compactMap { $0 }
            print("It grades with the workbook in \(root.path) as it is on disk"
                + (carried.isEmpty ? " and the exercise's rubric." : " and \(carried.joined(separator: " and ")).")
                + " Upload autograder.zip as the assignment's autograder.")
            if !written.uncommitted.isEmpty {
                StandardStreams.writeError("Warning: the bundle includes changes not committed to git (a clone would grade differently):\n"
                    + written.uncommitted.map { "  \($0)\n" }.joined())
            }
        } catch {
            throw CommandFailure.from(error)
        }
    }
}
