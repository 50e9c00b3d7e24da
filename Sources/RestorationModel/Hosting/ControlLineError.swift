/// A line of the protocol that could not be read, said so that whoever wrote it knows what to
/// send instead. An app's or a person's line is never trusted: reading one throws, never traps.
public struct ControlLineError: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}
