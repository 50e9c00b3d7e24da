import Checker
import Foundation
import RestorationModel
import Runner

/// How `workbook run` tells a person what happened.
enum RunReport {
    /// One line a scenario: verdict, app, scenario, what was lost.
    static func verdict(_ outcome: ChapterRunner.Outcome, style: TerminalStyle) -> String {
        let result = outcome.result
        let mark = result.passed ? style.green("✓") : style.red("✗")
        var line = "\(mark) \(outcome.app) › \(result.scenario)"
        if !result.lost.isEmpty { line += style.dim(" — lost \(result.lost.count) thing\(result.lost.count == 1 ? "" : "s")") }
        if result.flicker == true { line += style.dim(", flicker") }
        if result.stop == .crashed { line += style.red(" — the app crashed") }
        if outcome.reused { line += style.dim(" (reused)") } else { line += style.dim(String(format: " (%.0f ms)", outcome.milliseconds)) }
        // Why it went wrong, as the engine saw it, under the scenario it explains: the
        // workbook's words, said to be so, since the log beside them is a device's.
        if !result.passed || !result.lost.isEmpty, !result.why.isEmpty {
            line += "\n" + explanation(why: result.why, notes: [], style: style).joined(separator: "\n")
        }
        return line
    }

    /// The workbook's explanation, headed as its own so that nobody reads it as UIKit's output:
    /// why state was lost, then the notes.
    static func explanation(why: [String], notes: [String], style: TerminalStyle) -> [String] {
        guard !why.isEmpty || !notes.isEmpty else { return [] }
        return ["    " + style.bold("The workbook's explanation") + style.dim(" (not UIKit's log):")]
            + why.map { "      Why: " + $0 } + notes.map { "      Note: " + $0 }
    }

    /// The screens before Home, shown at launch and after relaunch; lost state; failures; what
    /// the app printed; the restoration lines of the log.
    static func details(_ outcome: ChapterRunner.Outcome, style: TerminalStyle) -> String {
        var out: [String] = []
        let screens = outcome.capture.appendingPathComponent("screens")
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: screens.path)) ?? []).sorted()
        func last(_ moment: CapturedMoment) -> (String, String)? {
            names.last { CapturedScreenName(fileName: $0, extension: "txt")?.moment == moment }.flatMap { name in
                (try? String(contentsOf: screens.appendingPathComponent(name), encoding: .utf8)).map { (name, $0) }
            }
        }
        var columns: [(String, String)] = []
        if let before = last(.beforeHome) { columns.append(("Before Home", before.1)) }
        if let shown = last(.launchScreen), columns.count == 1 { columns.append(("Shown at launch", shown.1)) }
        if let after = last(.afterLaunch) { columns.append(("After relaunch", after.1)) }
        if !columns.isEmpty { out += SideBySide.join(columns.map { ($0.0, $0.1.trimmingCharacters(in: .newlines)) }, width: Terminal.standardOutput.columns - 4).map { "    " + $0 } }
        if !outcome.result.lost.isEmpty {
            out.append("    Lost:")
            out += outcome.result.lost.map { "      " + $0.description }
        }
        if let hides = SnapshotVerdict.sentence(outcome.result.snapshotHides) {
            out.append("    " + hides.prefix(1).uppercased() + hides.dropFirst())
        }
        for failure in outcome.result.failures {
            out.append(style.red("    \(outcome.result.file):\(failure.line): \(failure.step)"))
            out += (failure.message ?? "").components(separatedBy: "\n").map { "      " + $0 }
        }
        if let printed = printedByApp(outcome), !printed.isEmpty {
            out.append("    Printed by the app:")
            out += printed.suffix(30).map { "      " + $0 }
        }
        let log = (try? String(contentsOf: outcome.capture.appendingPathComponent("log.txt"), encoding: .utf8))?
            .components(separatedBy: "\n").filter { $0.contains("restor") || $0.contains("Warning") || $0.hasPrefix("──") } ?? []
        if !log.isEmpty {
            out.append("    Log (as a device prints it):")
            out += log.prefix(30).map { "      " + style.dim($0) }
        }
        // The notes here; the causes are under the verdict already.
        out += explanation(why: [], notes: outcome.result.notes.map(\.sentence), style: style)
        out.append("    Capture: \(outcome.capture.path)")
        return out.joined(separator: "\n") + "\n"
    }

    /// What the app printed (`print`, standard error, a crash's message), from the capture: print
    /// debugging shows up next to the screens it explains.
    static func printedByApp(_ outcome: ChapterRunner.Outcome) -> [String]? {
        guard let text = try? String(contentsOf: outcome.capture.appendingPathComponent("output.txt"), encoding: .utf8) else { return nil }
        return StackTraceFilter.removingTraces(text.components(separatedBy: "\n")).filter { !$0.isEmpty }
    }

    /// A line a step: what the user loses when the system kills the app (a force quit is the
    /// user choosing to start over, so it does not count), or that the app crashed or hung, and
    /// whether every scenario held.
    static func summary(_ outcomes: [ChapterRunner.Outcome], style: TerminalStyle) -> String {
        var apps: [String] = []
        for outcome in outcomes where !apps.contains(outcome.app) { apps.append(outcome.app) }
        var out = [""]
        let width = (apps.map(\.count).max() ?? 0) + 2
        for app in apps {
            let runs = outcomes.filter { $0.app == app }
            let failed = runs.filter { !$0.result.passed }.count
            let state: String
            switch StateVerdict(runs.map(\.result)) {
            case .crashed(let scenarios): state = style.red("✗ crashed") + " in " + listed(scenarios)
            case .hung(let scenarios): state = style.red("✗ hung") + " in " + listed(scenarios)
            case .keepsEverything: state = style.green("✓ keeps everything")
            case .loses(let lost): state = style.red("✗ loses ") + listed(lost)
            }
            let checks = failed == 0 ? style.dim("\(runs.count) scenario\(runs.count == 1 ? "" : "s") as expected")
                : style.red("\(failed) of \(runs.count) scenarios failed")
            out.append(app.padding(toLength: width, withPad: " ", startingAt: 0) + state + style.dim("  · ") + checks)
        }
        return out.joined(separator: "\n")
    }

    /// Up to three names, and how many more.
    private static func listed(_ names: [String]) -> String {
        names.prefix(3).joined(separator: ", ") + (names.count > 3 ? " (+\(names.count - 3))" : "")
    }
}
