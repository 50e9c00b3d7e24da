/// What happened to saved state at one launch: whether there was an archive, whether it was
/// used, which objects came back and which were left behind, and why.
public struct RestorationReport: Codable, Equatable, Sendable {
    public enum Outcome: String, Codable, Sendable {
        /// No archive: a first launch, a force quit, or a delegate that never saved.
        case noArchive
        /// The delegate did not opt in to restoring; the archive was left as it was.
        case notOptedIn
        /// The archive could not be used and was thrown away.
        case discarded
        /// Restoration ran.
        case restored
    }

    public struct Dropped: Codable, Equatable, Sendable {
        public var path: String
        public var reason: String

        public init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }
    }

    public var outcome: Outcome = .noArchive
    /// Why the archive was not used, for `.discarded` and `.notOptedIn`.
    public var reason: String?
    /// The paths of the objects that came back, parents first.
    public var restoredPaths: [String] = []
    public var dropped: [Dropped] = []
    /// The mistakes the engine saw while restoring at this launch (and just after it: a restored
    /// root nobody put into the window).
    public var causes: [RestorationCause] = []
    /// The mistakes the engine saw the last time this launch preserved its state (at Home): what
    /// the next launch will miss because of them.
    public var preservationCauses: [RestorationCause] = []

    public init() {}
}

extension RestorationReport {
    /// Reports written before causes were recorded have no lists of them.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        outcome = try container.decode(Outcome.self, forKey: .outcome)
        reason = try container.decodeIfPresent(String.self, forKey: .reason)
        restoredPaths = try container.decodeIfPresent([String].self, forKey: .restoredPaths) ?? []
        dropped = try container.decodeIfPresent([Dropped].self, forKey: .dropped) ?? []
        causes = try container.decodeIfPresent([RestorationCause].self, forKey: .causes) ?? []
        preservationCauses = try container.decodeIfPresent([RestorationCause].self, forKey: .preservationCauses) ?? []
    }
}
