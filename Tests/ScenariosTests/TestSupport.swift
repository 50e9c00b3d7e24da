import Testing
@testable import Scenarios

/// What one line parses to, on its own (no order checks).
func kind(_ line: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Step.Kind? {
    do {
        return try ScenarioParser.parseStep(line)?.kind
    } catch {
        Issue.record("\(line) did not parse:\n\(error.detailedDescription)", sourceLocation: sourceLocation)
        return nil
    }
}

func action(_ line: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Action? {
    kind(line, sourceLocation: sourceLocation).flatMap { if case .perform(let action) = $0 { return action } else { return nil } }
}

func expectation(_ line: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Scenarios.Expectation? {
    kind(line, sourceLocation: sourceLocation).flatMap { if case .expect(let expectation) = $0 { return expectation } else { return nil } }
}

/// The errors of one line parsed on its own; records an issue if it parsed.
func lineErrors(_ line: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [ScenarioError] {
    do {
        let step = try ScenarioParser.parseStep(line, file: "t.scenario")
        Issue.record("\(line) parsed as \(String(describing: step))", sourceLocation: sourceLocation)
        return []
    } catch {
        return error.errors
    }
}

/// The only error of one line.
func lineError(_ line: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> ScenarioError? {
    let errors = lineErrors(line, sourceLocation: sourceLocation)
    #expect(errors.count == 1, "\(errors)", sourceLocation: sourceLocation)
    return errors.first
}

/// A whole file's errors; records an issue if it parsed.
func fileErrors(_ text: String, file: String = "t.scenario", sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [ScenarioError] {
    do {
        let scenario = try ScenarioParser.parse(text, file: file)
        Issue.record("the file parsed, with \(scenario.steps.count) steps", sourceLocation: sourceLocation)
        return []
    } catch {
        return error.errors
    }
}

func parsed(_ text: String, file: String = "t.scenario", sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Scenario? {
    do {
        return try ScenarioParser.parse(text, file: file)
    } catch {
        Issue.record("did not parse:\n\(error.detailedDescription)", sourceLocation: sourceLocation)
        return nil
    }
}

/// `line:column` of an error, for compact assertions.
func at(_ error: ScenarioError?) -> String {
    guard let error else { return "none" }
    return "\(error.location.line):\(error.location.column)"
}
