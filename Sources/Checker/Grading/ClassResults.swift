import Captures
import Foundation
import RestorationModel

/// What grading found, for one class: the model every report is written from (terminal table,
/// per-student HTML, CSV, JSON, Gradescope, Exercism, JUnit). Plain values, so that shards can be
/// written as JSON and merged into exactly what a single run would have produced.
public struct ClassResults: Codable, Equatable, Sendable {
    /// The exercise's name (`hypnonerd`) and title.
    public var exercise: String
    public var title: String
    /// The rubric's criteria, in its order; each student has a result for each.
    public var criteria: [Criterion]
    /// One entry per student, sorted by name.
    public var students: [StudentResult]
    /// The part of the class this run graded (`--shard 2/3`); `nil` for a whole class.
    public var shard: Shard?
    /// Every check the class was graded with, public and hidden, by fingerprint: shards graded
    /// with different checks (one without `--checks`) are refused by the merge.
    public var checks: [CheckFingerprint]
    /// The rules of the submission policy the class's exercise and rubric allowed (`allow`
    /// lines), in the policy's order; absent when none was. Shards graded under different
    /// policies are refused by the merge.
    public var allowed: [PolicyRule]?
    /// Who each submission belongs to, when `--roster` gave a roster: absent otherwise.
    public var roster: RosterMatch?

    public init(exercise: String, title: String, criteria: [Criterion], students: [StudentResult], shard: Shard? = nil,
                checks: [CheckFingerprint] = [], allowed: Set<PolicyRule> = []) {
        self.exercise = exercise
        self.title = title
        self.criteria = criteria
        self.students = students.sorted { $0.student < $1.student }
        self.shard = shard
        self.checks = checks
        self.allowed = allowed.isEmpty ? nil : allowed.sorted()
    }

    public var maxScore: Double { criteria.reduce(0) { $0 + $1.points } }
}

/// One thing the rubric awards points for, checked by the scenarios tagged with its `tag`.
public struct Criterion: Codable, Equatable, Hashable, Sendable {
    /// The name people see: `Date picker`.
    public var name: String
    /// The scenario tag that selects its checks: `date-picker`.
    public var tag: String
    public var points: Double
    /// Whether students see this criterion's result before grades are published.
    public var visible: Bool

    public init(name: String, tag: String, points: Double, visible: Bool = true) {
        self.name = name
        self.tag = tag
        self.points = points
        self.visible = visible
    }
}

public struct StudentResult: Codable, Equatable, Sendable {
    /// Taken from the submission's folder or file name.
    public var student: String
    /// Where the submission came from, as given on the command line.
    public var source: String
    public var build: BuildOutcome
    /// What the build changed so that code written for iOS compiles on Linux (a member folded
    /// from an extension into its class, an attribute removed, a file built under a safe name),
    /// one line each, naming the student's files and lines; empty when nothing was changed.
    public var buildNotes: [String] = []
    /// One per criterion of the rubric, in its order.
    public var criteria: [CriterionResult]
    public var seconds: Double

    public init(student: String, source: String, build: BuildOutcome, criteria: [CriterionResult], seconds: Double) {
        self.student = student
        self.source = source
        self.build = build
        self.criteria = criteria
        self.seconds = seconds
    }

    public var score: Double { criteria.reduce(0) { $0 + $1.score } }
    public var maxScore: Double { criteria.reduce(0) { $0 + $1.criterion.points } }
}

public enum BuildOutcome: Codable, Equatable, Sendable {
    case built
    /// The compiler's diagnostics, with the paths as the student knows them (relative to their folder).
    case failed(diagnostics: String)
    /// The build went past its time limit.
    case timedOut(seconds: Double)
    /// The submission could not be read (an unreadable zip, a folder without Swift files...).
    case rejected(reason: String)
}

public struct CriterionResult: Codable, Equatable, Sendable {
    public enum Status: String, Codable, Sendable {
        case passed
        /// An expectation did not hold.
        case failed
        /// The app crashed (a signal, or exited while it should have been running).
        case crashed
        /// A launch or a command went past its time limit.
        case timedOut
        /// The submission did not build, so nothing ran.
        case notRun
    }

    public var criterion: Criterion
    public var status: Status
    /// Points earned: all of the criterion's when every check passed, none otherwise.
    public var score: Double
    /// The checks that ran for it; a hidden check is named only by its criterion, never its steps.
    public var checks: [CheckResult]

    public init(criterion: Criterion, status: Status, score: Double, checks: [CheckResult]) {
        self.criterion = criterion
        self.status = status
        self.score = score
        self.checks = checks
    }
}

/// One scenario run for a criterion.
public struct CheckResult: Codable, Equatable, Sendable {
    /// The scenario's name; for a hidden check, the criterion's name instead.
    public var name: String
    public var hidden: Bool
    public var status: CriterionResult.Status
    /// What the user lost (`StateLoss.description` words it); for a hidden check, concealed: its
    /// kind only ("the date picked, in a date picker").
    public var lost: [StateLoss]
    /// Why it failed, said for a person; for a hidden check, without its steps.
    public var messages: [String]
    /// The screens before Home and after the relaunch, as text drawings (empty for hidden checks).
    public var screens: [String]
    /// What the app printed, cut to a limit (empty for hidden checks).
    public var output: String
    /// The scenario's steps as the scenario language writes them, for the formats that show a
    /// test's code (Exercism's `test_code`); empty for hidden checks.
    public var code: String
    /// Why, as the engine saw it: the mistakes that explain what was lost, and where the app
    /// hung (`ScenarioResult.why`). Shown for hidden checks too: it names the student's code,
    /// never the check's steps.
    public var why: [String] = []
    /// The check passed, and passed again with the restoration archive taken away before the
    /// relaunch (the control run): what it checks came back some other way, and earns nothing.
    public var cameBackWithoutRestoration = false

    public init(name: String, hidden: Bool, status: CriterionResult.Status, lost: [StateLoss], messages: [String], screens: [String] = [],
                output: String = "", code: String = "") {
        self.name = name
        self.hidden = hidden
        self.status = status
        self.lost = lost
        self.messages = messages
        self.screens = screens
        self.output = output
        self.code = code
    }
}

extension StudentResult {
    /// Results written before the build said what it changed read back with nothing changed.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        student = try container.decode(String.self, forKey: .student)
        source = try container.decode(String.self, forKey: .source)
        build = try container.decode(BuildOutcome.self, forKey: .build)
        buildNotes = try container.decodeIfPresent([String].self, forKey: .buildNotes) ?? []
        criteria = try container.decode([CriterionResult].self, forKey: .criteria)
        seconds = try container.decode(Double.self, forKey: .seconds)
    }
}

extension CheckResult {
    /// A check without causes (none were seen) reads back with none.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        hidden = try container.decode(Bool.self, forKey: .hidden)
        status = try container.decode(CriterionResult.Status.self, forKey: .status)
        lost = try container.decode([StateLoss].self, forKey: .lost)
        messages = try container.decode([String].self, forKey: .messages)
        screens = try container.decode([String].self, forKey: .screens)
        output = try container.decode(String.self, forKey: .output)
        code = try container.decode(String.self, forKey: .code)
        why = try container.decodeIfPresent([String].self, forKey: .why) ?? []
        cameBackWithoutRestoration = try container.decodeIfPresent(Bool.self, forKey: .cameBackWithoutRestoration) ?? false
    }
}

/// `--shard 2/3`: the second of three parts of a class. Students are assigned by the position
/// of their name in the sorted class, so every shard sees the same split.
public struct Shard: Codable, Equatable, Sendable {
    public var index: Int
    public var count: Int

    public init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }
}
