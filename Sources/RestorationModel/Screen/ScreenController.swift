/// One controller of the chain that produced a screen, outermost first: its class and, when it
/// takes part in restoration, its restoration identifier path. What a loss is attached to, so the
/// engine's reason for it (a missing identifier, nothing to recreate it) can be named beside it.
public struct ScreenController: Codable, Hashable, Sendable {
    /// The controller's class, as `String(describing:)` names it.
    public var name: String
    /// `UINavigationController/:[0]:/ItemsViewController`; `nil` when it takes no part.
    public var restorationPath: String?
    /// Whether it was presented (a modal) rather than shown by its parent.
    public var presented: Bool
    /// Whether it is a part of a screen rather than the screen: a child of a container of the
    /// app's own (one side of a split, a card in a dashboard), not of a navigation or tab bar
    /// controller. The screen the user is on is the last controller that is not embedded.
    public var embedded: Bool

    public init(name: String, restorationPath: String? = nil, presented: Bool = false, embedded: Bool = false) {
        self.name = name
        self.restorationPath = restorationPath
        self.presented = presented
        self.embedded = embedded
    }

    private enum CodingKeys: String, CodingKey { case name, restorationPath, presented, embedded }

    /// A class name alone is the shape screens were written in before the chain knew paths.
    public init(from decoder: Decoder) throws {
        if let name = try? decoder.singleValueContainer().decode(String.self) {
            self.init(name: name)
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(name: try container.decode(String.self, forKey: .name),
                  restorationPath: try container.decodeIfPresent(String.self, forKey: .restorationPath),
                  presented: try container.decodeIfPresent(Bool.self, forKey: .presented) ?? false,
                  embedded: try container.decodeIfPresent(Bool.self, forKey: .embedded) ?? false)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encodeIfPresent(restorationPath, forKey: .restorationPath)
        if presented { try container.encode(true, forKey: .presented) }
        if embedded { try container.encode(true, forKey: .embedded) }
    }
}
