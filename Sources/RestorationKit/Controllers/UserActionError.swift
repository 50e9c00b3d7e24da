import RestorationModel

/// Why something a user tried cannot be done on the current screen ("the row 7 does not exist;
/// the table has 3 rows"). Runners report it against the scenario step that asked for it.
public struct UserActionError: Error, CustomStringConvertible, Equatable, Sendable {
    public let description: String
    public init(_ description: String) { self.description = description }
}
