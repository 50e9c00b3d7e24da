import Captures
import Foundation
import RestorationKit
import Scenarios
import Testing
@testable import Runner

/// The one line `workbook run` sums a step's scenarios up with, read from typed results: no
/// loss is cut at a colon, no step is recognised by the letters it was written with.
struct StateVerdictTests {
    static func result(_ steps: [String], lost: [StateLoss]) throws -> ScenarioResult {
        ScenarioResult(scenario: "s", file: "s.scenario", app: "A", steps: try Self.steps(steps),
                       lost: lost, flicker: false, snapshotHides: [], launches: 2)
    }

    /// Steps as the runner records them: each with its kind, from the step the scenario
    /// language read.
    static func steps(_ lines: [String]) throws -> [ScenarioResult.StepOutcome] {
        try lines.enumerated().map { index, line in
            ScenarioResult.StepOutcome(try #require(try ScenarioParser.parseStep(line, line: index + 1)), status: .passed)
        }
    }

    static let rowLoss = StateLoss(kind: .selection, location: ["Table", "09:30", "selected"], role: .cell, before: "yes", after: nil)

    @Test("A row labelled \"09:30\" is named whole: the summary is built from the loss's values, never split at its first colon")
    func colonInALabel() throws {
        let verdict = StateVerdict([try Self.result(["launch", "press home", "kill", "launch"], lost: [Self.rowLoss])])
        #expect(verdict == .loses(["the selection of 09:30"]))
    }

    @Test("A force quit is recognised as the scenario language reads it: `Force quit` and `force  quit` do not count as losses")
    func forceQuitInAnyCase() throws {
        for spelling in ["force quit", "Force quit", "FORCE QUIT", "force  quit"] {
            let verdict = StateVerdict([try Self.result(["launch", "press home", spelling, "launch"], lost: [Self.rowLoss])])
            #expect(verdict == .keepsEverything, "\(spelling)")
        }
        // The system killing the app is not the user starting over: that loss counts.
        let note = try Self.result(["launch", "press home", "kill", "launch"], lost: [Self.rowLoss])
        #expect(StateVerdict([note]) == .loses(["the selection of 09:30"]))
    }

    @Test("A run that ends on a crash its scenario expected keeps nothing: it is summed up as crashed, not as keeping everything")
    func endsOnAnExpectedCrash() throws {
        var loop = try Self.result([], lost: [])
        loop.steps = try Self.steps(["launch", "press home", "kill", "launch", "expect crash \"found nil\"", "launch", "expect crash"])
        #expect(StateVerdict([loop]) == .crashed(scenarios: ["s"]))
        // A crash followed by a launch that came back is judged by what came back.
        var recovered = try Self.result([], lost: [])
        recovered.steps = try Self.steps(["launch", "press home", "expect crash", "launch", "expect fresh launch"])
        #expect(StateVerdict([recovered]) == .keepsEverything)
    }

    @Test("A key read back but never saved is no cause when the run lost nothing and held; it is when something was lost; other causes always are")
    func keyGuessOnlyForLosses() throws {
        let guess = RestorationCause(.keyNeverEncoded, path: "Nav/:[1]:/Page", sentence: "Page read the key \"check\", but nothing was saved under it.")
        let fact = RestorationCause(.rootNotInWindow, path: "Nav", sentence: "UINavigationController at Nav was never put into the window.")
        var kept = try Self.result(["launch", "press home", "kill", "launch"], lost: [])
        kept.causes = [guess, fact]
        #expect(kept.why == [fact.sentence])
        var lost = try Self.result(["launch", "press home", "kill", "launch"], lost: [Self.rowLoss])
        lost.causes = [guess, fact]
        #expect(lost.why == [guess.sentence, fact.sentence])
    }
}
