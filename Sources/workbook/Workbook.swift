import ArgumentParser
import Foundation
import Runner

/// `workbook`: run the chapters, read what happened, publish the book, check students' work.
@main
struct Workbook: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "workbook",
        abstract: "Learn, teach and check iOS state preservation and restoration by running it.",
        discussion: """
            Chapters' apps run on RestorationKit, a simulation of UIKit's state restoration. \
            Start with `workbook run tour` to watch an app be killed in the background and come back.
            """,
        version: "0.1.0",
        subcommands: [Run.self, List.self, Play.self, Archive.self, Build.self, Serve.self, NewCommand.self, ExerciseCommand.self, Check.self, Grade.self, Export.self]
    )

    /// ArgumentParser's own loop, with the streams prepared first and standard output checked
    /// last: a command whose output could not be written did not do its work.
    static func main() {
        StandardStreams.prepare()
        Interruption.install {
            // The status line a terminal was showing goes too; the prompt then starts clean.
            if Terminal.standardError.takesControlCodes { _ = write(STDERR_FILENO, "\r\u{1B}[2K", 4) }
        }
        if let unknown = SubcommandCheck.unknownCommand(in: Array(CommandLine.arguments.dropFirst()), from: Self.self) {
            StandardStreams.writeError("Error: \(unknown)\n")
            Foundation.exit(64) // EX_USAGE
        }
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let failure as CommandFailure {
            Interruption.waitIfUnderway()
            guard StandardStreams.finish() else { exitUnwritable() }
            StandardStreams.writeError("Error: \(failure.description)\n")
            Foundation.exit(failure.status)
        } catch {
            Interruption.waitIfUnderway()
            guard StandardStreams.finish() else { exitUnwritable() }
            // ArgumentParser's own (help, a bad option, a status a command chose) as it says
            // them; anything else escaped a command that should have put it in words: a bug.
            if !(error is ExitCode), exitCode(for: error) == .failure {
                StandardStreams.writeError("Error: internal error, please report it: \(error)\n")
                Foundation.exit(70) // EX_SOFTWARE
            }
            exit(withError: error)
        }
        Interruption.waitIfUnderway()
        guard StandardStreams.finish() else { exitUnwritable() }
        exit()
    }

    private static func exitUnwritable() -> Never {
        StandardStreams.writeError("Error: the output could not be written (\(String(cString: strerror(errno)))). Is the disk full, or the pipe closed?\n")
        Foundation.exit(74) // EX_IOERR
    }
}
