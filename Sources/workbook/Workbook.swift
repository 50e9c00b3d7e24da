import ArgumentParser

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
        subcommands: [Run.self, List.self, Play.self, Archive.self, Build.self, ExerciseCommand.self, Check.self]
    )
}
