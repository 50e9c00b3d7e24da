import Captures
import Foundation
import Testing

/// A step's kind as `result.json` keeps it: what verdicts read, in place of the step's text.
@Suite struct StepKindTests {
    static func outcome(_ json: String) throws -> ScenarioResult.StepOutcome {
        try JSONDecoder().decode(ScenarioResult.StepOutcome.self, from: Data(json.utf8))
    }

    static func result(_ steps: [ScenarioResult.StepOutcome]) -> ScenarioResult {
        ScenarioResult(scenario: "s", file: "s.scenario", app: "A", steps: steps, lost: [], snapshotHides: [], launches: 2)
    }

    @Test("A step's recorded kind is what counts, whatever its text says: a force quit and a claimed crash are known by their kind")
    func recordedKindIsRead() throws {
        // Texts the scenario language does not read (a later version's spelling): only the kind tells.
        let forceQuit = try Self.outcome(#"{"line":3,"step":"swipe the app away","kind":"forceQuit","isExpectation":false,"status":"passed"}"#)
        #expect(forceQuit.isForceQuit)
        let launch = try Self.outcome(#"{"line":1,"step":"open the app","kind":"launch","isExpectation":false,"status":"passed"}"#)
        let crash = try Self.outcome(#"{"line":2,"step":"expect the app to fall over","kind":"expectCrash","isExpectation":true,"status":"passed"}"#)
        #expect(Self.result([launch, crash]).endsCrashed)
        #expect(!Self.result([launch, crash, launch]).endsCrashed)
    }

    @Test("A result written before steps carried their kind reads it from the text, in any spelling the scenario language accepts",
          arguments: [
              ("Force quit", false, ScenarioResult.StepOutcome.Kind.forceQuit),
              ("force  quit", false, .forceQuit),
              ("launch", false, .launch),
              ("tap Save", false, .action),
              ("expect crash \"found nil\"", true, .expectCrash),
              ("expect restored", true, .expectation),
              // Text the language cannot read keeps what the result said of it.
              ("expect the moon", true, .expectation),
              ("fly away", false, .action),
          ])
    func kindFromTextWhenAbsent(text: String, isExpectation: Bool, kind: ScenarioResult.StepOutcome.Kind) throws {
        let json = try JSONSerialization.data(withJSONObject: ["line": 4, "step": text, "isExpectation": isExpectation, "status": "passed"])
        let outcome = try JSONDecoder().decode(ScenarioResult.StepOutcome.self, from: json)
        #expect(outcome.kind == kind)
        #expect(outcome.isExpectation == isExpectation)
    }

    @Test("An outcome is written with its kind, and with isExpectation for readers from before kinds")
    func writtenWithKind() throws {
        let outcome = ScenarioResult.StepOutcome(line: 5, step: "expect crash", kind: .expectCrash, status: .failed, message: "it went on")
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: try encoder.encode(outcome), as: UTF8.self)
        #expect(json == #"{"isExpectation":true,"kind":"expectCrash","line":5,"message":"it went on","status":"failed","step":"expect crash"}"#)
        #expect(try Self.outcome(json) == outcome)
    }
}
