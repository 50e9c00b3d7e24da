/// What stops a test before it can check anything (an app not built, a tool not installed),
/// said for the person running the tests.
struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
