import Captures
import Checker
import Foundation
import Runner

/// What `--json` prints, one document per command, each with `formatVersion` so that a tool can
/// tell a format it knows from a later one. Numbers are numbers, never text. The formats are
/// documented in Documentation/JSON.md; a change that a reader would notice raises the version.
enum CommandJSON {
    static let formatVersion = 1

    /// `workbook list --json`.
    struct Chapters: Encodable {
        var formatVersion = CommandJSON.formatVersion
        var chapters: [Chapter]

        struct Chapter: Encodable {
            var name: String
            var title: String
            var steps: [Step]
        }

        struct Step: Encodable {
            var app: String
            var scenarios: [String]
        }

        init(_ catalog: ChapterCatalog) {
            chapters = catalog.chapters.map { chapter in
                Chapter(name: chapter.name, title: chapter.title, steps: chapter.apps.map { app in
                    Step(app: app.name, scenarios: app.scenarios.map { $0.deletingPathExtension().lastPathComponent })
                })
            }
        }
    }

    /// `workbook exercise list --json`.
    struct Exercises: Encodable {
        var formatVersion = CommandJSON.formatVersion
        var exercises: [Exercise]

        struct Exercise: Encodable {
            var name: String
            var title: String
            var chapter: String
            var starter: String
            var points: Double
            var criteria: [Criterion]
        }

        struct Criterion: Encodable {
            var name: String
            var points: Double
            /// Kept from students until grades are published.
            var hidden: Bool
        }

        init(_ catalog: ExerciseCatalog) {
            exercises = catalog.exercises.map { exercise in
                Exercise(name: exercise.name, title: exercise.title, chapter: exercise.chapter, starter: exercise.starter,
                         points: exercise.criteria.reduce(0) { $0 + $1.points },
                         criteria: exercise.criteria.map { Criterion(name: $0.name, points: $0.points, hidden: !$0.visible) })
            }
        }
    }

    /// `workbook run --json`: each scenario's outcome, where its capture is, and its result
    /// (result.json's own format, Documentation/Captures.md).
    struct Runs: Encodable {
        var formatVersion = CommandJSON.formatVersion
        var chapter: String
        var runs: [Run]

        struct Run: Encodable {
            var app: String
            var scenario: String
            /// `passed` when every step went as the scenario expects, `failed` otherwise.
            var outcome: String
            var capture: String
            /// Whether an earlier capture was reused instead of running the app.
            var reused: Bool
            var milliseconds: Double
            var result: ScenarioResult
        }

        init(chapter: String, outcomes: [ChapterRunner.Outcome]) {
            self.chapter = chapter
            runs = outcomes.map { outcome in
                Run(app: outcome.app, scenario: outcome.result.scenario, outcome: outcome.result.passed ? "passed" : "failed",
                    capture: outcome.capture.path, reused: outcome.reused, milliseconds: outcome.milliseconds.rounded(), result: outcome.result)
            }
        }
    }

    static func print<Document: Encodable>(_ document: Document) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        Swift.print(String(decoding: try encoder.encode(document), as: UTF8.self))
    }
}
