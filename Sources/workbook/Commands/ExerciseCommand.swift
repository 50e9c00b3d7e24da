import ArgumentParser
import Checker
import Foundation

/// `workbook exercise`: the exercises the chapters set, and a student's copy of one to work on.
struct ExerciseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "exercise",
        abstract: "List the exercises, or start one in a folder of your own.",
        subcommands: [StartExercise.self, ListExercises.self]
    )
}

struct ListExercises: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the exercises the chapters set.")

    @Flag(help: "Print the exercises as JSON.")
    var json = false

    @OptionGroup var location: WorkbookLocation
    var root: String { location.root }

    func run() throws {
        let catalog: ExerciseCatalog
        do { catalog = try ExerciseCatalog(packageRoot: URL(fileURLWithPath: root)) } catch { throw CommandFailure.from(error) }
        if json {
            return try CommandJSON.print(CommandJSON.Exercises(catalog))
        }
        let style = TerminalStyle()
        guard !catalog.exercises.isEmpty else { print("No chapter sets an exercise yet."); return }
        for exercise in catalog.exercises {
            print("\(style.bold(exercise.name))  \(exercise.title) \(style.dim("(\(exercise.chapter))"))")
            for criterion in exercise.criteria {
                print("    \(criterion.name), \(ReportText.points(criterion.points)) point\(criterion.points == 1 ? "" : "s")")
            }
        }
        print(style.dim("\nStart one with: workbook exercise start NAME [FOLDER]"))
    }
}

struct StartExercise: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "start",
        abstract: "Copy an exercise's starter app into a folder of your own, with what to do.",
        discussion: """
            The folder must not exist yet, or be empty: nothing you wrote is ever overwritten.

            Example:
              workbook exercise start hypnonerd ~/hypnonerd

            \(ExitStatusHelp.text(failed: "the folder could not be made"))
            """
    )

    @Argument(help: "The exercise (see `workbook exercise list`).", completion: NameCompletion.exercises)
    var exercise: String

    @Argument(help: "The folder to create; the exercise's name by default.", completion: .directory)
    var folder: String?

    @OptionGroup var location: WorkbookLocation
    var root: String { location.root }

    func run() throws {
        let catalog: ExerciseCatalog
        let exercise: Exercise
        do {
            catalog = try ExerciseCatalog(packageRoot: URL(fileURLWithPath: root))
            exercise = try catalog.exercise(named: self.exercise)
        } catch {
            throw CommandFailure.from(error)
        }
        let destination = URL(fileURLWithPath: folder ?? exercise.name)
        let manager = FileManager.default
        if let existing = try? manager.contentsOfDirectory(atPath: destination.path), !existing.isEmpty {
            throw CommandFailure("\(destination.path) already has files in it; give a new folder, so that nothing you wrote is overwritten.")
        }
        if manager.fileExists(atPath: destination.path) && (try? manager.contentsOfDirectory(atPath: destination.path)) == nil {
            throw CommandFailure("\(destination.path) is a file; give a folder to create.")
        }
        do {
            let starter = try catalog.app(exercise.starter, of: exercise)
            try manager.createDirectory(at: destination, withIntermediateDirectories: true)
            let files = try manager.contentsOfDirectory(atPath: starter.sources.path).filter { $0.hasSuffix(".swift") }.sorted()
            for file in files {
                try manager.copyItem(at: starter.sources.appendingPathComponent(file), to: destination.appendingPathComponent(file))
            }
            try note(for: exercise, folder: destination).write(to: destination.appendingPathComponent("README.md"), atomically: true, encoding: .utf8)
        } catch {
            throw CommandFailure.from(error) { "cannot start \(exercise.name) in \(destination.path): \($0)" }
        }
        let shown = folder ?? exercise.name
        print("""
            Started \(exercise.name) in \(shown)/: the starter app of \(exercise.chapter), and README.md with what to do.

            \(exercise.task)

            Check your work at any time with:
              workbook check \(exercise.name) \(shown)
            """)
    }

    private func note(for exercise: Exercise, folder: URL) -> String {
        let criteria = exercise.criteria.filter(\.visible).map { "- \($0.name) (\(ReportText.points($0.points)) points)" }
        let hidden = exercise.criteria.filter { !$0.visible }.count
        return """
            # \(exercise.title)

            \(exercise.task)

            ## How it is graded

            \(criteria.joined(separator: "\n"))
            \(hidden > 0 ? "\nand \(hidden) more criteria your instructor will publish later.\n" : "")
            Each criterion is checked by scenarios that use the app as a person would, press Home, let the \
            system kill the app, launch it again and look at what came back.

            ## Checking your work

            From the workbook's folder:

                workbook check \(exercise.name) \(folder.path)

            It builds this folder against RestorationKit, runs the checks and says, per criterion, what \
            passed and what the user lost. Code written for iOS builds as it is: `import UIKit` works.

            """
    }
}
