import ArgumentParser
import Captures
import Foundation
import RestorationModel
import Runner
import Scenarios
import SourcePreparation

/// `workbook play <app>`: use an app by hand. Type scenario steps at the prompt; the screen is
/// drawn after each one. Home, kill and launch work as they do in scenarios.
struct Play: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Use an app interactively: type steps (tap \"Save\", press home, kill, launch…) and watch the screen.",
        discussion: """
            Steps are the scenario language's (see Documentation/Scenarios.md). `help` lists them, `quit` ends the session.

            Example:
              workbook play HypnoNerdSolution

            \(ExitStatusHelp.text(failed: "the app could not be built or started"))
            """
    )

    @Argument(help: "An app of any chapter, by name (see `workbook list`).", completion: NameCompletion.apps)
    var app: String

    @OptionGroup var location: WorkbookLocation
    var root: String { location.root }

    func run() throws {
        let rootURL = URL(fileURLWithPath: root)
        let catalog: ChapterCatalog
        do {
            catalog = try ChapterCatalog(root: rootURL.appendingPathComponent("Chapters"))
        } catch {
            throw CommandFailure.from(error) { "\($0). Run workbook from the repository's folder, or give --root." }
        }
        let apps = catalog.chapters.flatMap(\.apps)
        guard let found = apps.first(where: { $0.name.lowercased() == app.lowercased() }) else {
            throw CommandFailure.from(UnknownName("app", app, known: apps.map(\.name), hint: "see `workbook list`"))
        }
        let name = found.name
        StandardStreams.writeError("Building \(name)…\n")
        let executable: URL
        do {
            let built = try AppBuilder(packageRoot: rootURL).build([name]) { _ in } prepared: { notes in
                StandardStreams.writeError(PreparedModule.shown(notes).joined(separator: "\n") + "\n")
            }
            executable = try built[name] ?? { throw RunnerError.noAppBuilt(name) }()
        } catch {
            throw CommandFailure.from(error)
        }

        let container = TemporaryContainers.make("play")
        defer { TemporaryContainers.remove(container) }
        var settings = ScenarioRun.Settings()
        settings.infoPlist = found.infoPlist
        settings.moduleName = found.moduleName
        let session = ScenarioRun(scenario: Scenario(name: "play", steps: [], file: "<play>"), appName: name, executable: executable,
                                  containerURL: container, settings: settings)
        defer { session.finish() }
        let style = TerminalStyle()
        print(style.dim("Type a step (tap \"Save\", type \"Rusty\" into Name, press home, kill, launch, expect restored…), `help` or `quit`."))
        var said = Said()
        execute("launch", in: session, line: 1, style: style, said: &said)
        var number = 1
        while true {
            print(style.bold("› "), terminator: "")
            CStandardOutput.flush()
            guard let line = readLine() else { break }
            number += 1
            switch line.trimmingCharacters(in: .whitespaces) {
            case "": continue
            case "quit", "exit": return
            case "help": print(Self.help)
            default: execute(line, in: session, line: number, style: style, said: &said)
            }
        }
    }

    /// Carries out a typed step and shows what came of it: the screen, and what the workbook
    /// explains that it had not said yet (`said`), headed as its own, never as UIKit's log.
    private func execute(_ line: String, in session: ScenarioRun, line number: Int, style: TerminalStyle, said: inout Said) {
        let step: Step
        do {
            guard let parsed = try ScenarioParser.parseStep(line, file: "<play>", line: number) else { return }
            step = parsed
        } catch {
            print(style.red(error.description))
            return
        }
        let (outcome, _) = session.execute(step)
        if outcome.status == .failed { print(style.red("✗ \(outcome.message ?? "failed")")) }
        // A relaunch is explained afresh, even by causes an earlier one had.
        if case .launch? = step.action { said.causes = [] }
        let explanation = session.explanation
        let why = explanation.causes.filter { said.causes.insert($0).inserted }.map(\.sentence)
        let notes = explanation.notes.filter { said.notes.insert($0).inserted }.map(\.sentence)
        for line in RunReport.explanation(why: why, notes: notes, style: style) { print(line) }
        if step.expectation != nil, outcome.status == .passed { print(style.green("✓ holds")) }
        if case .pressHome? = step.action, outcome.status == .passed {
            print(style.dim("(the app is in the background: `return to the app`, `kill` or `force quit`)"))
        } else if let screen = session.screenNow() {
            print(screen.drawing())
        } else if !session.isRunning {
            print(style.dim("(the app is not running: `launch` starts it)"))
        }
    }

    /// What the session has shown of the workbook's explanation so far.
    struct Said {
        var causes = Set<RestorationCause>()
        var notes = Set<RestorationCause>()
    }

    static let help = """
        The app:    launch · press home · return to the app · kill · force quit · crash · update to version 2 · wait 5 minutes
        The user:   tap "Save" · tap tab "Reminder" · type "Rusty" into Name · clear Name · select row 2 · delete row 1
                    move row 0 to row 2 · scroll to 300 · slide to 0.8 · choose "Tokyo" · pick 2026-11-22 09:30 · go back · dismiss
        Checks:     expect restored · expect lost · expect flicker · expect screen shows "Rusty" · expect Name is "Rusty"
                    expect cause contains "Nothing recreated" (the workbook's explanation, shown after each step)
        Quoted words are what the screen shows; bare words are identifiers. `quit` ends the session.
        """
}
