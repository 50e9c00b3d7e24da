/// One line of a scenario: what it does or checks, where it was written, and its text.
public struct Step: Sendable, Equatable, CustomStringConvertible {
    /// What a step is: something done, or something checked.
    public enum Kind: Sendable, Hashable, CustomStringConvertible {
        case perform(Action)
        case expect(Expectation)

        public var description: String {
            switch self {
            case .perform(let action): return action.description
            case .expect(let expectation): return expectation.description
            }
        }
    }

    public var kind: Kind
    /// The first character of the step.
    public var location: SourceLocation
    /// The line as written, without its comment and trimmed.
    public var text: String

    public init(_ kind: Kind, location: SourceLocation, text: String) {
        self.kind = kind
        self.location = location
        self.text = text
    }

    /// The action, when the step does something.
    public var action: Action? {
        if case .perform(let action) = kind { return action }
        return nil
    }

    /// The expectation, when the step checks something.
    public var expectation: Expectation? {
        if case .expect(let expectation) = kind { return expectation }
        return nil
    }

    /// The step in canonical form (`type "Rusty Spork" into Name`), whatever spelling the file
    /// used. Note that it reveals what the step does: a hidden scenario's steps are not for
    /// students' eyes, so feedback should name the scenario, not print its steps.
    public var description: String { kind.description }
}
