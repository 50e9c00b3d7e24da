import ArgumentParser
import Captures
import Checker
import Foundation
import Runner

/// `workbook grade <exercise> <submissions…>`: an instructor grades a class, whole or in shards.
struct Grade: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Grade a class's submissions of an exercise, whole or in shards.",
        discussion: """
            Builds the submissions (folders, .zip files or git checkouts, one per student, named after \
            the folder or file) together as one package and grades them, a few at a time. Each launch \
            runs in a bubblewrap sandbox: no network, no other process, only its own app and container \
            visible, with limits on time, memory, processes, files and output; as root, each student's \
            app also runs as a user lent to it alone. Where no sandbox can be made, grading stops unless \
            you pass --no-sandbox (for code you trust).

            With --checks or --rubric of your own, the exercise's reference solution is graded first: \
            a check it fails, or one it passes even with the restoration archive taken away, would cost \
            every student its points, so grading stops before anyone is graded and says which and why.

            A large class can be graded in parts on several machines (--shard I/N --json), then the \
            parts merged (--merge) into the same results as grading it at once.

            --roster maps each submission's name to the student's login, student number and email: a \
            CSV file with a header line, its columns in any order (`submission` and at least one of \
            `login`, `student number`, `email`, `canvas id`; also `name` and `section`; Canvas's and \
            Moodle's export names work too). With --report, the reports then hold canvas-grades.csv \
            and moodle-grades.csv for the gradebooks' imports; submissions the roster does not name are \
            listed, here, on the class page and in the JSON, never dropped.

            Examples:
              workbook grade hypnonerd submissions/* --checks hidden/ --rubric rubric.txt --report report/
              workbook grade hypnonerd submissions/* --shard 2/3 --json > shard-2.json
              workbook grade hypnonerd --merge shard-*.json --report report/
              workbook grade hypnonerd submissions/* --roster roster.csv --report report/

            \(ExitStatusHelp.text(failed: "a student did not earn every point (with or without --json), or the work could not be done"))
            """
    )

    @Argument(help: "The exercise (see `workbook exercise list`).", completion: NameCompletion.exercises)
    var exercise: String

    @Argument(help: "The submissions: folders, .zip files or git checkouts; with --merge, shard results (JSON).", completion: .file())
    var paths: [String] = []

    @OptionGroup var grading: GradingOptions

    @Option(help: "Grade only part I of N of the class (e.g. 2/3); merge the parts with --merge.")
    var shard: String?

    @Flag(help: "Read the paths as shard results (from --json) and merge them instead of grading.")
    var merge = false

    @Option(help: "A CSV roster mapping submissions to logins, student numbers and emails: --report then writes Canvas's and Moodle's grade imports.",
            completion: .file(extensions: ["csv"]))
    var roster: String?

    @Option(help: "Students graded at the same time.")
    var jobs: Int = 2

    @Option(help: "Write the reports to this folder: a page per student, CSV, JSON, JUnit, Gradescope and Exercism results.",
            completion: .directory)
    var report: String?

    @Flag(inversion: .prefixedNo, help: "Start results.csv with UTF-8's byte-order mark, so that Excel shows names as written.")
    var csvByteOrderMark = true

    @Flag(help: "Print the class's results as JSON (what --merge reads).")
    var json = false

    @Flag(help: "Grade even where no sandbox can be made (no bubblewrap or user namespaces): apps then run as you, with time and output limits only. For code you trust.")
    var noSandbox = false

    @OptionGroup var build: BuildCacheOption
    @OptionGroup var location: WorkbookLocation

    func validate() throws {
        guard jobs >= 1 && jobs <= 64 else { throw ValidationError("--jobs must be from 1 to 64, not \(jobs).") }
        if paths.isEmpty { throw ValidationError(merge ? "--merge needs the shard results to merge (files written with --json)." : "give the submissions to grade: folders, .zip files or git checkouts.") }
        if let shard { do { _ = try Shard.parse(shard) } catch { throw ValidationError("\(error)") } }
        if merge && (shard != nil || grading.checks != nil || grading.rubric != nil) {
            throw ValidationError("--merge reads results: --shard, --checks and --rubric apply when grading (each shard records what it was graded with).")
        }
    }

    func run() throws {
        let exercise = try GradingOptions.exercise(named: self.exercise, root: location.url)
        // Read before anything is graded: a mistake in it must not wait for the class.
        let roster = try self.roster.map(Self.readRoster)
        var results: ClassResults
        if merge {
            results = try mergeShards()
        } else {
            var options = ClassGrader.Options(grading: try grading.definition(for: exercise), packageRoot: location.url, cacheFolder: build.url)
            options.jobs = jobs
            options.allowUnsandboxed = noSandbox
            // An instructor's checks and rubric are proved on the reference solution before any
            // student is graded with them; the exercise's own are proved by the workbook's tests.
            options.validatesChecks = grading.checks != nil || grading.rubric != nil
            do {
                options.shard = try shard.map(Shard.parse)
            } catch {
                throw CommandFailure.from(error)
            }
            results = try GradingRun(options: options, json: json).grade(paths)
        }
        if let roster {
            results.roster = RosterMatch(results, roster: roster)
        }
        try GradingRun.show(results, json: json, report: report, csvByteOrderMark: csvByteOrderMark, asFeedback: false)
    }

    private static func readRoster(_ path: String) throws -> Roster {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandFailure.usage("\(path): cannot be read (is the path right?); --roster expects a CSV file")
        }
        do {
            return try Roster.parse(String(decoding: data, as: UTF8.self), file: path)
        } catch {
            throw CommandFailure.from(error)
        }
    }

    private func mergeShards() throws -> ClassResults {
        do {
            let parts = try paths.map { path -> ClassResults in
                guard let data = FileManager.default.contents(atPath: path) else { throw MissingInput("\(path): cannot be read (is the path right?)") }
                return try ClassJSON.decode(data, file: path)
            }
            return try ShardMerge.merge(parts)
        } catch {
            throw CommandFailure.from(error)
        }
    }
}
