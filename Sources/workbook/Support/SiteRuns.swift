import Foundation
import Runner
import Site
import SourcePreparation

/// How `workbook build` and `workbook serve` bring a chapter's captures up to date before its
/// page is made: through `workbook run`'s runner, which reuses each capture whose inputs (app,
/// scenario, engine, toolchain) are unchanged and runs only the others, with the same progress
/// and the same line about what ran.
enum SiteRuns {
    static func runChapter(root: URL, fresh: Bool, status: StatusLine, style: TerminalStyle) -> SiteBuilder.RunChapter {
        { chapter in
            let runner = try ChapterRunner(packageRoot: root)
            status.show("Running \(chapter.name)…")
            let outcomes = try runner.run(ChapterRunner.Request(chapter: chapter.name, fresh: fresh)) { event in
                switch event {
                case .building(let apps): status.show("Building \(apps.joined(separator: ", "))…")
                case .prepared(let notes): for line in PreparedModule.shown(notes) { status.keep(line) }
                case .buildOutput(let line): if line.hasPrefix("[") { status.show("Building: \(line)") }
                case .running(let app, let scenario): status.show("Running \(app): \(scenario)…")
                case .finished: break
                }
            }
            status.clear()
            let reused = outcomes.filter(\.reused).count
            print(style.dim("\(chapter.name): \(outcomes.count) scenario\(outcomes.count == 1 ? "" : "s") (\(reused) reused, \(outcomes.count - reused) run)"))
            for outcome in outcomes where !outcome.result.passed {
                print(style.red("  ✗ \(outcome.app) › \(outcome.result.scenario)") + style.dim(" did not go as expected (a page that shows it fails the build)"))
            }
        }
    }
}
