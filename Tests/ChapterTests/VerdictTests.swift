import Captures
import Foundation
import RestorationKit
import Runner
import Scenarios
import Testing
import TestSupport

/// What chapter 24's runs say a user lost, word for word: the verdict is what a reader looks at
/// first, so a wrong one teaches something false.
struct VerdictTests {
    static func run(_ app: String, _ scenario: String) throws -> ScenarioResult {
        let file = ChapterScenarioTests.packageRoot.appendingPathComponent("Chapters/chapter24/Scenarios/\(app)/\(scenario).scenario")
        let parsed = try ScenarioParser.parse(try String(contentsOf: file, encoding: .utf8), file: file.lastPathComponent)
        let container = FileManager.default.temporaryDirectory.appendingPathComponent("verdict-test-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: container) }
        return ScenarioRun(scenario: parsed, appName: app, executable: try BuiltProducts.executable(app), containerURL: container).run()
    }

    @Test("The app that comes back on its list says so once, naming both screens, and nothing that appeared")
    func screenSaidOnce() throws {
        let result = try Self.run("Homepwner0Start", "edit-an-item")
        #expect(result.lost.map(\.description) == [#"the screen: comes back on "Homepwner" instead of "Rusty Spork""#])
        #expect(result.lost.first?.kind == .screen)
        #expect(result.lost.first?.controller?.name == "DetailViewController")
        #expect(result.flicker == false)
    }

    @Test("The loss names the controller it belongs to by its restoration path")
    func lossCarriesController() throws {
        let result = try Self.run("Homepwner2Identifiers", "edit-an-item")
        #expect(result.lost.first?.controller == StateLoss.Controller(name: "DetailViewController", restorationPath: "UINavigationController/:[1]:/DetailViewController"))
    }

    @Test("A list that comes back unscrolled and out of editing loses those two, not every row that scrolled")
    func scrollSaidOnce() throws {
        let result = try Self.run("Homepwner5SaveEdits", "list-state")
        #expect(result.lost.map(\.description) == [#"Table › offset: "(0, 176)" → nothing"#, #"Table › editing: "yes" → nothing"#])
        #expect(result.lost.map(\.kind) == [.scrollPosition, .editingMode])
    }

    @Test("HypnoNerd's solution loses nothing in any of its runs")
    func solutionLosesNothing() throws {
        for scenario in ["date-picker", "everything", "hypnosis-labels", "selected-tab", "text-field"] {
            let result = try Self.run("HypnoNerdSolution", scenario)
            #expect(result.lost.isEmpty, "\(scenario): \(result.lost.map(\.description))")
            #expect(result.passed, "\(scenario)")
        }
    }

    @Test("A check about the date, which goes to the tab by hand, does not list the tab")
    func dateCheckLeavesTabOut() throws {
        let result = try Self.run("HypnoNerdStarter", "date-picker")
        #expect(!result.lost.contains { $0.kind == .tab }, "\(result.lost.map(\.description))")
        #expect(result.lost.map(\.kind) == [.date])
    }

    @Test("The starter that forgets the tab says the tab, once")
    func tabSaidOnce() throws {
        let result = try Self.run("HypnoNerdStarter", "selected-tab")
        #expect(result.lost.map(\.description) == [#"the tab: comes back on "Hypnotize" instead of "Reminder""#])
    }

    @Test("Hiding the balance before the snapshot is said as such, and is no flicker")
    func snapshotHidesIsNoFlicker() throws {
        let result = try Self.run("SnapshotControl", "sensitive-data")
        #expect(result.flicker == false)
        #expect(SnapshotVerdict.sentence(result.snapshotHides) == "the snapshot hides: Balance")
        #expect(result.lost.isEmpty)
        #expect(result.passed)
    }

    @Test("A snapshot of the detail screen followed by the list is a flicker")
    func realFlicker() throws {
        let result = try Self.run("Homepwner2Identifiers", "edit-an-item")
        #expect(result.flicker == true)
        #expect(result.snapshotHides.isEmpty)
    }
}

/// `tap row N` and `expect row N` count the same rows: from the top of the table, whatever is
/// scrolled.
struct RowCountingTests {
    @Test("Scrolled down, `expect row 12` names the row `tap row 12` opens")
    func expectAndTapAgree() throws {
        let scenario = try ScenarioParser.parse("""
            launch
            scroll to row 10
            tap row 12
            """, file: "rows.scenario")
        let container = FileManager.default.temporaryDirectory.appendingPathComponent("rows-test-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: container) }
        let run = ScenarioRun(scenario: scenario, appName: "Homepwner6ListState", executable: try BuiltProducts.executable("Homepwner6ListState"),
                              containerURL: container)
        defer { run.finish() }
        #expect(run.execute(scenario.steps[0]).outcome.status == .passed)
        #expect(run.execute(scenario.steps[1]).outcome.status == .passed)
        let list = try #require(run.screenNow())
        let table = try #require(list.elements.first { $0.role == .table })
        #expect(table.children.first?.indexPath != [0, 0], "the table is scrolled, so row 0 is off screen")
        let name = try #require(table.children.first { $0.indexPath == [0, 12] }?[property: ScreenProperty.text])
        // The row the scenario expects by number is the one a tap on that number opens.
        let expectation = try ScenarioParser.parse("launch\nexpect row 12 is \"\(name)\"", file: "rows.scenario").steps[1]
        let checked = run.execute(expectation).outcome
        #expect(checked.status == .passed, "\(checked.message ?? "")")
        #expect(run.execute(scenario.steps[2]).outcome.status == .passed)
        let detail = try #require(run.screenNow())
        #expect(detail.elements.first { $0.role == .textField && $0.name == "Name" }?[property: ScreenProperty.text] == name)
    }
}
