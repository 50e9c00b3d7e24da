import ArgumentParser
import Captures
import Runner

/// ArgumentParser says "Unexpected argument 'rnu'" for a mistyped command; a person wants to hear
/// which command they meant. Walks the words down the tree of commands before parsing.
enum SubcommandCheck {
    static func unknownCommand(in arguments: [String], from root: ParsableCommand.Type) -> UnknownName? {
        var command = root
        var place: [String] = []
        for word in arguments {
            let subcommands = command.configuration.subcommands
            guard !subcommands.isEmpty, !word.hasPrefix("-"), word != "help" else { return nil }
            guard let next = subcommands.first(where: { $0._commandName == word }) else {
                return UnknownName("command", word, in: place.isEmpty ? nil : "workbook " + place.joined(separator: " "),
                                   known: subcommands.map { $0._commandName }, hint: "see `workbook \((place + ["--help"]).joined(separator: " "))`")
            }
            command = next
            place.append(word)
        }
        return nil
    }
}
