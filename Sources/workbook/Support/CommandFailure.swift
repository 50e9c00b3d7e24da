/// A command that could not do its work: ArgumentParser prints "Error: " and this sentence, and
/// the command exits with status 1.
struct CommandFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
