import ArgumentParser
import Foundation
import RestorationModel
import Runner
import SourcePreparation

/// `workbook run <chapter>`: launch the chapter's apps as processes, drive them through their
/// scenarios, and report what happened, step by step.
struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run a chapter's apps through their scenarios and show what the user kept and lost.",
        discussion: """
            Each scenario launches an app as a process, uses it, presses Home, kills it as the system would, \
            and launches it again. Captures (archives, logs, screens, result.json) go to captures/<chapter>/. \
            A capture is reused while the app's sources, the scenario, the engine and the toolchain are unchanged.

            Examples:
              workbook run tour
              workbook run chapter24 --step Homepwner3 --verbose
              workbook run chapter24 --scenario edit-an-item --fresh
              workbook run chapter24 --json > results.json

            \(ExitStatusHelp.text(failed: "a scenario did not go as expected"))
            """
    )

    @Argument(help: "The chapter to run, e.g. chapter24 (see `workbook list`).", completion: NameCompletion.chapters)
    var chapter: String

    @Option(help: "Run only this step: an app of the chapter, by name, or every app whose name contains this text.", completion: NameCompletion.steps)
    var step: String?

    @Option(help: "Run only this scenario, by file name or by its name.", completion: NameCompletion.scenarios)
    var scenario: String?

    @Option(help: "Run a scenario kept outside the chapter (with --step, or an `app` line in the file).", completion: .file(extensions: ["scenario"]))
    var scenarioFile: String?

    @Option(help: "Where captures go: captures/ in the workbook's folder by default.", completion: .directory)
    var captures: String?

    @Flag(help: "Run again even where a capture could be reused.")
    var fresh = false

    @Flag(name: .shortAndLong, help: "Show the screens, lost state and log of every scenario, not only of failures.")
    var verbose = false

    @Flag(help: "Print the results as JSON for other tools.")
    var json = false

    @OptionGroup var location: WorkbookLocation
    var root: String { location.root }

    func run() throws {
        let style = TerminalStyle()
        let status = StatusLine(enabled: !json)
        let runner: ChapterRunner
        do {
            runner = try ChapterRunner(packageRoot: URL(fileURLWithPath: root), capturesRoot: captures.map { URL(fileURLWithPath: $0) })
        } catch {
            throw CommandFailure.from(error) { "\($0). Run workbook from the repository's folder, or give --root." }
        }
        let request = ChapterRunner.Request(chapter: chapter, step: step, scenario: scenario,
                                            scenarioFile: scenarioFile.map { URL(fileURLWithPath: $0) }, fresh: fresh)
        let outcomes: [ChapterRunner.Outcome]
        do {
            outcomes = try runner.run(request) { event in
                switch event {
                case .building(let apps): status.show("Building \(apps.joined(separator: ", "))…")
                case .prepared(let notes): for line in PreparedModule.shown(notes) { status.keep(line) }
                case .buildOutput(let line): if line.hasPrefix("[") { status.show("Building: \(line)") }
                case .running(let app, let scenario): status.show("Running \(app): \(scenario)…")
                case .finished(let outcome):
                    status.clear()
                    if !json { print(Terminal.standardOutput.fit(RunReport.verdict(outcome, style: style))) }
                    if !json, verbose || !outcome.result.passed { print(Terminal.standardOutput.fit(RunReport.details(outcome, style: style))) }
                }
            }
        } catch {
            status.clear()
            throw CommandFailure.from(error)
        }
        if json {
            try CommandJSON.print(CommandJSON.Runs(chapter: chapter, outcomes: outcomes))
        } else {
            print(Terminal.standardOutput.fit(RunReport.summary(outcomes, style: style)))
        }
        if outcomes.contains(where: { !$0.result.passed }) { throw ExitCode(1) }
    }
}
