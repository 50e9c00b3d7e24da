import ArgumentParser
import Checker
import Foundation
import Runner

/// `workbook check <exercise> [paths…]`: a student checks their solution; an instructor grades a class.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check a solution of an exercise, or grade a whole class's.",
        discussion: """
            With one folder (the current one by default), builds it against RestorationKit, runs the \
            exercise's checks and says, per criterion, what passed and what the user lost.

            With many (folders, .zip files or git checkouts, one per student, named after the folder or \
            file), builds them together as one package and grades them all, a few at a time. Each \
            launch runs in a bubblewrap sandbox: no network, no other process, only its own app and container \
            visible, with limits on time, memory, processes, files and output; as root, each student's app also \
            runs as a user lent to it alone. Where no sandbox can be made, grading a class stops unless you \
            pass --no-sandbox (for code you trust).

            Examples:
              workbook check hypnonerd ~/hypnonerd
              workbook check hypnonerd submissions/* --checks hidden/ --rubric rubric.txt --report report/
              workbook check hypnonerd submissions/* --shard 2/3 --json > shard-2.json
              workbook check hypnonerd --merge shard-*.json --report report/
              workbook check hypnonerd --export gradescope --checks hidden/ --rubric rubric.txt --output autograder/
            
            \(ExitStatusHelp.text(failed: "a point was not earned (for one student or a class, with or without --json), or the work could not be done"))
            """
    )

    @Argument(help: "The exercise (see `workbook exercise list`).", completion: NameCompletion.exercises)
    var exercise: String

    @Argument(help: "The submissions: folders, .zip files or git checkouts; with --merge, shard results (JSON).",
              completion: .file())
    var paths: [String] = []

    @Option(help: "A folder of hidden scenarios: graded, never shown to students.", completion: .directory)
    var checks: String?

    @Option(help: "A rubric file: `criterion \"Name\" tag TAG points N [hidden]` lines, replacing the exercise's.", completion: .file())
    var rubric: String?

    @Option(help: "Grade only part I of N of the class (e.g. 2/3); merge the parts with --merge.")
    var shard: String?

    @Option(help: "Students graded at the same time.")
    var jobs: Int = 2

    @Option(help: "Write the reports to this folder: a page per student, CSV, JSON, JUnit, Gradescope and Exercism results.",
            completion: .directory)
    var report: String?

    @Flag(inversion: .prefixedNo, help: "Start results.csv with UTF-8's byte-order mark, so that Excel shows names as written.")
    var csvByteOrderMark = true

    @Flag(help: "Print the class's results as JSON (what --merge reads).")
    var json = false

    @Flag(help: "Read the paths as shard results (from --json) and merge them instead of grading.")
    var merge = false

    @Option(help: "Write an autograder bundle instead of grading: `gradescope`. It grades with --checks and --rubric, as a local run does.")
    var export: String?

    @Option(help: "Where --export writes its bundle.", completion: .directory)
    var output: String?

    @Flag(help: "Grade a class even where no sandbox can be made (no bubblewrap or user namespaces): apps then run as you, with time and output limits only. For code you trust.")
    var noSandbox = false

    @Option(help: "Where the class is built and run, kept between runs so that grading again is quick (default: .build/checker).",
            completion: .directory)
    var cache: String?

    @Option(help: "The workbook's folder (the one with Chapters/); found from the current folder or the workbook command itself.", completion: .directory)
    var root: String = WorkbookFolder.found

    func validate() throws {
        guard jobs >= 1 && jobs <= 64 else { throw ValidationError("--jobs must be from 1 to 64, not \(jobs).") }
        if merge && paths.isEmpty { throw ValidationError("--merge needs the shard results to merge (files written with --json).") }
        if let shard { do { _ = try Shard.parse(shard) } catch { throw ValidationError("\(error)") } }
        if let export, export != "gradescope" { throw ValidationError("--export knows `gradescope`, not \"\(export)\".") }
        if merge && (shard != nil || checks != nil || rubric != nil) {
            throw ValidationError("--merge reads results: --shard, --checks and --rubric apply when grading (each shard records what it was graded with).")
        }
    }

    func run() throws {
        let rootURL = URL(fileURLWithPath: root)
        let exercise: Exercise
        do {
            exercise = try ExerciseCatalog(packageRoot: rootURL).exercise(named: self.exercise)
        } catch {
            throw CommandFailure.from(error)
        }
        if export != nil { return try writeGradescopeBundle(exercise, root: rootURL) }

        let results = try merge ? mergeShards() : grade(exercise, root: rootURL)
        if let report {
            do {
                let written = try ReportWriter(folder: URL(fileURLWithPath: report), csvByteOrderMark: csvByteOrderMark).write(results)
                StandardStreams.writeError("Wrote \(written.count) files to \(report)/ (open \(report)/index.html)\n")
            } catch {
                throw CommandFailure.from(error) { "cannot write the reports to \(report): \($0)" }
            }
        }
        if json {
            print(String(decoding: try ClassJSON.encode(results), as: UTF8.self))
        } else if results.students.count == 1 && !merge {
            print(Terminal.standardOutput.fit(CheckFeedback.render(results.students[0], exercise: results, style: TerminalStyle())))
        } else {
            print(Terminal.standardOutput.fit(GradeTable.render(results, style: TerminalStyle())))
        }
        // The same status however the results are shown: 1 unless every point was earned.
        if results.students.contains(where: { $0.score < $0.maxScore }) { throw ExitCode(1) }
    }

    /// The rubric and hidden checks this run grades with: the same reading for a local run, a
    /// shard and the Gradescope bundle.
    private func gradingDefinition(_ exercise: Exercise) throws -> GradingDefinition {
        do {
            return try GradingDefinition.load(exercise: exercise, rubric: rubric, checks: checks)
        } catch {
            throw CommandFailure.from(error)
        }
    }

    private func grade(_ exercise: Exercise, root: URL) throws -> ClassResults {
        var options = ClassGrader.Options(grading: try gradingDefinition(exercise), packageRoot: root,
                                          cacheFolder: cache.map { URL(fileURLWithPath: $0) })
        options.jobs = jobs
        options.allowUnsandboxed = noSandbox
        do {
            options.shard = try shard.map(Shard.parse)
        } catch {
            throw CommandFailure.from(error)
        }
        let submissions = paths.isEmpty ? ["."] : paths
        // A path that names nothing is a typing mistake, not a student who earned nothing.
        if let missing = submissions.first(where: { !FileManager.default.fileExists(atPath: $0) }) {
            throw CommandFailure.usage("there is no folder or file at \(missing): give a submission's folder, zip or git checkout.")
        }
        if let reason = LaunchSandbox.unavailableReason, submissions.count == 1 || noSandbox {
            StandardStreams.writeError("Note: running the app without a sandbox, as you: \(reason).\n")
        }
        let status = StatusLine(enabled: !json)
        let lock = NSLock()
        defer { status.clear() }
        do {
            return try ClassGrader(options: options).grade(submissions) { event in
                lock.lock()
                defer { lock.unlock() }
                // After Ctrl-C, checks fail because their apps were stopped: no grade to show.
                guard !Interruption.isUnderway else { return }
                switch event {
                case .read(let count): status.show("Read \(count) submission\(count == 1 ? "" : "s")")
                case .building(let count): status.show("Building \(count) submission\(count == 1 ? "" : "s") with the engine…")
                case .compilerLine(let line): if line.hasPrefix("[") { status.show("Building: \(line)") }
                case .buildFailed(let student): status.show("\(student) does not build; building the others again…")
                case .built(let seconds): status.show(String(format: "Built in %.1f s", seconds))
                case .checking(let student, let check): if status.rewritesItself { status.show("\(student): \(check)…") }
                case .graded(let result, let done, let total):
                    if submissions.count > 1 && !json {
                        status.clear()
                        StandardStreams.writeError("[\(done)/\(total)] \(GradeTable.line(result))\n")
                    }
                }
            }
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

    private func writeGradescopeBundle(_ exercise: Exercise, root: URL) throws {
        let folder = URL(fileURLWithPath: output ?? "gradescope-\(exercise.name)")
        let grading = try gradingDefinition(exercise)
        do {
            // Read every check now: a check that does not parse or names no criterion is found
            // here, not on Gradescope's machines.
            _ = try grading.checkSet(packageRoot: root)
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
