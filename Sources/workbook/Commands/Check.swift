import ArgumentParser
import Checker
import Foundation
import Runner

/// `workbook check <exercise> [folder]`: a student checks their solution.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check a solution of an exercise: one folder, the current one by default.",
        discussion: """
            Builds the folder against RestorationKit, runs the exercise's checks and says, per \
            criterion, what passed, what the user lost and why. To grade a whole class, use \
            `workbook grade`; to write an autograder bundle, `workbook export`.

            Examples:
              workbook check hypnonerd
              workbook check hypnonerd ~/hypnonerd
              workbook check hypnonerd ~/hypnonerd --checks hidden/ --rubric rubric.txt --json

            \(ExitStatusHelp.text(failed: "a point was not earned (with or without --json), or the work could not be done"))
            """
    )

    @Argument(help: "The exercise (see `workbook exercise list`).", completion: NameCompletion.exercises)
    var exercise: String

    @Argument(help: "The solution: a folder, a .zip file or a git checkout (default: the current folder).", completion: .directory)
    var folders: [String] = []

    @OptionGroup var grading: GradingOptions

    @Option(help: "Also write the reports to this folder: the student's page, CSV, JSON, JUnit and the platforms' results.",
            completion: .directory)
    var report: String?

    @Flag(help: "Print the result as JSON (the shape `workbook grade --json` prints).")
    var json = false

    @OptionGroup var build: BuildCacheOption
    @OptionGroup var location: WorkbookLocation

    func validate() throws {
        // One command, one job: several folders are a class, which `grade` grades.
        if folders.count > 1 {
            throw ValidationError("check takes one folder; to grade a class, run `workbook grade \(exercise) \(folders.joined(separator: " "))`.")
        }
    }

    func run() throws {
        let exercise = try GradingOptions.exercise(named: self.exercise, root: location.url)
        let options = ClassGrader.Options(grading: try grading.definition(for: exercise), packageRoot: location.url, cacheFolder: build.url)
        let results = try GradingRun(options: options, json: json).grade(folders.isEmpty ? ["."] : folders)
        try GradingRun.show(results, json: json, report: report, csvByteOrderMark: true, asFeedback: true)
    }
}
