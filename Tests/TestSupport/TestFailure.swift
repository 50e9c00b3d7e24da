/// What stops a test before it can check anything (an app not built, a tool not installed),
/// said for the person running the tests.
public struct TestFailure: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
