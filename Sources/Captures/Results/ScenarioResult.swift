import Foundation
import RestorationModel

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

    /// Whether the app was last seen crashing: a crash the scenario claimed (`expect crash`) and
    /// no launch after it. Such a run shows nothing the user got back, so it keeps nothing.
    public var endsCrashed: Bool {
        var crashed = false
        for step in steps {
            switch step.kind {
            case .expectCrash where step.status == .passed: crashed = true
            case .launch: crashed = false
            default: continue
            }
        }
        return crashed
    }

    /// The version of this shape of `result.json` (Documentation/Captures.md); a reader that
    /// finds another refuses it rather than misreading it.
    public static let schemaVersion = 2
    public var schema = ScenarioResult.schemaVersion

    public var scenario: String
    public var file: String
    public var app: String
    public var steps: [StepOutcome]
    /// What the user had on the screen they left and did not get back after the last relaunch
    /// (see `LostState`), measured when the scenario first checked the app after it.
    public var lost: [StateLoss]
    /// Whether the snapshot shown at the last relaunch promised a screen the app did not come
    /// back to; `nil` when there was no relaunch to judge.
    public var flicker: Bool?
    /// What the app hid from that snapshot on purpose (`Balance`): said, never a flicker.
    public var snapshotHides: [SnapshotVerdict.Hidden]
    /// How many times the app was launched.
    public var launches: Int
    /// Why the run stopped before its end, if it did: what a grader tells apart (a crash, a hang).
    public var stop: Stop?
    /// The mistakes the engine saw that explain what did not come back: at the last Home before
    /// the last relaunch (preserving), then at that relaunch (restoring). Each names the object's
    /// restoration identifier path, or its class when it has none.
    public var causes: [RestorationCause] = []
    /// What else the engine explained during the run, in the workbook's words (a controller left
    /// out with its parent, a call it ignored): each launch's, in order. Like the causes, never a
    /// line of UIKit's log.
    public var notes: [RestorationCause] = []
    /// Where the app was when it hung, when the run stopped on a time limit and its stack named
    /// a place in the app's own code.
    public var hang: HangLocation?

    public enum Stop: String, Codable, Sendable {
        /// The app's process ended while it should have been running.
        case crashed
        /// The app did not answer within the time limit and was killed.
        case hung
        /// A step could not be done (no such control, the app refused).
        case refused
    }

    public init(scenario: String, file: String, app: String, steps: [StepOutcome], lost: [StateLoss], flicker: Bool? = nil,
                snapshotHides: [SnapshotVerdict.Hidden], launches: Int, stop: Stop? = nil, causes: [RestorationCause] = [],
                notes: [RestorationCause] = [], hang: HangLocation? = nil) {
        self.scenario = scenario
        self.file = file
        self.app = app
        self.steps = steps
        self.lost = lost
        self.flicker = flicker
        self.snapshotHides = snapshotHides
        self.launches = launches
        self.stop = stop
        self.causes = causes
        self.notes = notes
        self.hang = hang
    }

    public var passed: Bool { steps.allSatisfy { $0.status == .passed } }
    public var failures: [StepOutcome] { steps.filter { $0.status == .failed } }
}

extension ScenarioResult {
    /// Fields that may be missing from a result are optional here: a file without `schema` is
    /// of the first shape (schema 1), which readers refuse (`schema` tells them); one without
    /// causes, notes or a hang had none (notes came later within schema 2: older captures have none).
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        schema = try container.decodeIfPresent(Int.self, forKey: .schema) ?? 1
        scenario = try container.decode(String.self, forKey: .scenario)
        file = try container.decode(String.self, forKey: .file)
        app = try container.decode(String.self, forKey: .app)
        steps = try container.decode([StepOutcome].self, forKey: .steps)
        lost = try container.decode([StateLoss].self, forKey: .lost)
        flicker = try container.decodeIfPresent(Bool.self, forKey: .flicker)
        snapshotHides = try container.decodeIfPresent([SnapshotVerdict.Hidden].self, forKey: .snapshotHides) ?? []
        launches = try container.decode(Int.self, forKey: .launches)
        stop = try container.decodeIfPresent(Stop.self, forKey: .stop)
        causes = try container.decodeIfPresent([RestorationCause].self, forKey: .causes) ?? []
        notes = try container.decodeIfPresent([RestorationCause].self, forKey: .notes) ?? []
        hang = try container.decodeIfPresent(HangLocation.self, forKey: .hang)
    }

    /// What a person reads under the scenario as "Why": the causes, then where it hung. A key
    /// read back that was never saved is a guess at why something came back empty: when the run
    /// lost nothing and held, it explains nothing (the app saves that key only sometimes).
    public var why: [String] {
        let guessesApply = !lost.isEmpty || !passed
        return causes.filter { $0.kind != .keyNeverEncoded || guessesApply }.map(\.sentence) + (hang.map { ["The app \($0)."] } ?? [])
    }
}
