import Foundation
import RestorationKit

/// What one run of a scenario found: each step's outcome, the state the user lost, whether the
/// relaunch flickered. Written to `result.json` in the capture; read by the site and the checker.
public struct ScenarioResult: Codable, Equatable, Sendable {
    public enum Status: String, Codable, Sendable {
        /// An action that was done, or an expectation that held.
        case passed
        /// An expectation that did not hold, or an action that could not be done.
        case failed
        /// Not reached, because an earlier step stopped the run.
        case skipped
    }

    public struct StepOutcome: Codable, Equatable, Sendable {
        public var line: Int
        public var step: String
        public var isExpectation: Bool
        public var status: Status
        /// Why it failed, said for a person; `nil` when it passed.
        public var message: String?
    }

    public var scenario: String
    public var file: String
    public var app: String
    public var steps: [StepOutcome]
    /// What differed between the screen the user left and the screen after the last relaunch.
    public var lost: [String]
    /// Whether the last relaunch first showed a snapshot that differed from the app's first screen.
    public var flicker: Bool?
    /// How many times the app was launched.
    public var launches: Int
    /// Why the run stopped before its end, if it did: what a grader tells apart (a crash, a hang).
    public var stop: Stop?

    public enum Stop: String, Codable, Sendable {
        /// The app's process ended while it should have been running.
        case crashed
        /// The app did not answer within the time limit and was killed.
        case hung
        /// A step could not be done (no such control, the app refused).
        case refused
    }

    public var passed: Bool { steps.allSatisfy { $0.status == .passed } }
    public var failures: [StepOutcome] { steps.filter { $0.status == .failed } }
}
