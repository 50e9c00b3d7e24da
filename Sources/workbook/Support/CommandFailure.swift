import Captures
import Runner

/// A command that could not do its work. `Workbook.main` prints "Error: " and this sentence on
/// standard error and exits with `status`: 1 when the work failed, 64 when what the person typed
/// names nothing (a usage error, as ArgumentParser says for a bad option), 74 for an I/O error.
struct CommandFailure: Error, CustomStringConvertible {
    let description: String
    let status: Int32

    init(_ description: String, status: Int32 = 1) {
        self.description = description
        self.status = status
    }

    static func usage(_ description: String) -> CommandFailure {
        CommandFailure(description, status: 64)
    }

    /// What a command ends with when the work under it threw: a name or a file the person typed
    /// that does not exist is a usage error, a file that could not be written or read an I/O
    /// error said in words, anything else a failure of the work.
    static func from(_ error: Error, _ sentence: (String) -> String = { $0 }) -> CommandFailure {
        if error is UnknownName || error is MissingInput { return .usage(sentence("\(error)")) }
        if let words = SystemErrorText.words(for: error) { return CommandFailure(sentence(words), status: 74) }
        return CommandFailure(sentence("\(error)"))
    }
}
