/// Why the checker could not do what it was asked, said for a person: the file, the line and
/// what was expected, never a stack trace.
public struct CheckerError: Error, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
