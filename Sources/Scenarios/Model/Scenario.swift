/// One scenario file: a name, a few facts about it, and its steps in order.
public struct Scenario: Sendable, Equatable {
    /// The scenario's name, from its `scenario "…"` line, or else the file's name without
    /// `.scenario`. Safe to show a student even when the scenario is hidden.
    public var name: String
    public var metadata: ScenarioMetadata
    public var steps: [Step]
    /// The file as given to the parser (the name errors and locations use).
    public var file: String

    public init(name: String, metadata: ScenarioMetadata = ScenarioMetadata(), steps: [Step], file: String) {
        self.name = name
        self.metadata = metadata
        self.steps = steps
        self.file = file
    }

    /// What the steps do and check, without where they were written: two scenarios with the
    /// same content compare equal here even when spelled or laid out differently.
    public var kinds: [Step.Kind] { steps.map(\.kind) }

    public var actions: [Action] { steps.compactMap(\.action) }
    public var expectations: [Expectation] { steps.compactMap(\.expectation) }

    /// The name, how many steps and expectations: what may be said about a hidden scenario.
    public var summary: String {
        let expectations = self.expectations.count
        let actions = steps.count - expectations
        return "\(name): \(actions) step\(actions == 1 ? "" : "s"), \(expectations) expectation\(expectations == 1 ? "" : "s")"
    }
}

/// The header lines of a scenario, each optional:
///
/// ```
/// scenario "Edit an item and come back"
/// app homepwner-step5
/// tags editing, text-field
/// points 2
/// hidden
/// developer mode
/// ```
public struct ScenarioMetadata: Sendable, Equatable {
    /// Which of the chapter's apps the scenario runs (`app homepwner-step5`); `nil` lets the
    /// runner pick the chapter's default.
    public var app: String?
    /// Words to filter scenarios by (`tags editing, text-field`).
    public var tags: [String]
    /// A hidden scenario is run by the checker but its steps are never shown to students.
    public var isHidden: Bool
    /// How much the scenario counts for when the checker grades (`points 2`); `nil` is 1.
    public var points: Int?
    /// The device has UIKit's restoration developer mode on (`developer mode`): an archive is
    /// kept after restorations that failed, where UIKit would otherwise throw it away.
    public var developerMode: Bool

    public init(app: String? = nil, tags: [String] = [], isHidden: Bool = false, points: Int? = nil, developerMode: Bool = false) {
        self.app = app
        self.tags = tags
        self.isHidden = isHidden
        self.points = points
        self.developerMode = developerMode
    }
}
