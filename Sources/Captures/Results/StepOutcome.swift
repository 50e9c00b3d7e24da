import Scenarios

extension ScenarioResult {
    /// What became of one step of the scenario.
    public struct StepOutcome: Equatable, Sendable {
        /// What a step was, as far as what a run means depends on it. The runner records it from
        /// the step it ran, so that no reader of a result reads the step's text again to learn it.
        public enum Kind: String, Codable, Sendable {
            /// `launch`: the app starts, or starts again.
            case launch
            /// `force quit`: the user swipes the app away, choosing to start over.
            case forceQuit
            /// `expect crash`: the scenario claims that the step before it crashed the app.
            case expectCrash
            /// Any other action.
            case action
            /// Any other expectation.
            case expectation

            public init(_ kind: Step.Kind) {
                switch kind {
                case .perform(.launch): self = .launch
                case .perform(.forceQuit): self = .forceQuit
                case .perform: self = .action
                case .expect(.crashed): self = .expectCrash
                case .expect: self = .expectation
                }
            }

            public var isExpectation: Bool { self == .expectCrash || self == .expectation }
        }

        public var line: Int
        /// The step as the scenario wrote it.
        public var step: String
        public var kind: Kind
        public var status: Status
        /// Why it failed, said for a person; `nil` when it passed.
        public var message: String?

        public init(line: Int, step: String, kind: Kind, status: Status, message: String? = nil) {
            self.line = line
            self.step = step
            self.kind = kind
            self.status = status
            self.message = message
        }

        /// The outcome of a step the runner ran: its line, text and kind are the step's.
        public init(_ step: Step, status: Status, message: String? = nil) {
            self.init(line: step.location.line, step: step.text, kind: Kind(step.kind), status: status, message: message)
        }

        public var isExpectation: Bool { kind.isExpectation }
        public var isForceQuit: Bool { kind == .forceQuit }
    }
}

extension ScenarioResult.StepOutcome: Codable {
    private enum CodingKeys: String, CodingKey { case line, step, kind, isExpectation, status, message }

    /// A result written before steps carried their kind has only the step's text: the kind is
    /// read from it as the scenario language reads it, there and nowhere else.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        line = try container.decode(Int.self, forKey: .line)
        step = try container.decode(String.self, forKey: .step)
        status = try container.decode(ScenarioResult.Status.self, forKey: .status)
        message = try container.decodeIfPresent(String.self, forKey: .message)
        if let kind = try container.decodeIfPresent(Kind.self, forKey: .kind) {
            self.kind = kind
        } else if let parsed = try? ScenarioParser.parseStep(step) {
            kind = Kind(parsed.kind)
        } else {
            kind = try container.decode(Bool.self, forKey: .isExpectation) ? .expectation : .action
        }
    }

    /// `isExpectation` is still written, for readers of `result.json` that came before `kind`.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(line, forKey: .line)
        try container.encode(step, forKey: .step)
        try container.encode(kind, forKey: .kind)
        try container.encode(isExpectation, forKey: .isExpectation)
        try container.encode(status, forKey: .status)
        try container.encodeIfPresent(message, forKey: .message)
    }
}
