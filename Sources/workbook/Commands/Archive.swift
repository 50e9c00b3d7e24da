import ArgumentParser
import Foundation
import RestorationModel

/// `workbook archive`: read restoration archives.
struct Archive: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Read restoration archives (data.data).",
        discussion: """
            An app's archive lives in its container at Library/Saved Application State/<bundle id>.savedState/data.data; \
            `workbook run` keeps each one it wrote in the capture's archives/ folder.

            Examples:
              workbook archive dump captures/tour/Tour2WithRestoration/leave-and-come-back/archives/01-data.data
              workbook archive diff step2.data step3.data
              workbook archive dump data.data --json | jq '.objects[].path'
            """,
        subcommands: [Dump.self, Diff.self]
    )

    struct Dump: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print an archive as Apple's restorationArchiveTool does.",
            discussion: "Exit status: 0 when the archive was printed, 2 when the file cannot be read as an archive."
        )

        @Argument(help: "The archive to read, usually a data.data file.", completion: .file())
        var path: String

        @Flag(help: "Print JSON for other tools instead of text.")
        var json = false

        func run() throws {
            let archive = try ArchiveFile.read(path)
            print(json ? try ArchiveJSON.render(archive) : ArchiveDump(archive).text)
        }
    }

    struct Diff: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show what changed between two archives: objects, keys, the top level and the class map.",
            discussion: """
                Each line is one change: + added in <new>, - removed from it, ~ changed (old → new). \
                Exit status as diff's: 0 when the archives hold the same state, 1 when they differ, \
                2 when one cannot be read.
                """
        )

        @Argument(help: "The older archive, for example the one written at the first Home.", completion: .file())
        var old: String

        @Argument(help: "The newer archive.", completion: .file())
        var new: String

        @Flag(help: "Print JSON for other tools instead of text.")
        var json = false

        func run() throws {
            let difference = ArchiveDifference(from: try ArchiveFile.read(old), to: try ArchiveFile.read(new))
            if json {
                print(try ArchiveDifferenceJSON.render(difference, old: old, new: new))
            } else if difference.isEmpty {
                print("The archives hold the same state.")
            } else {
                let style = TerminalStyle()
                print(style.bold("--- \(ArchiveValueText.name(old))\n+++ \(ArchiveValueText.name(new))"))
                for change in difference.changes {
                    switch change.sign {
                    case .added: print(style.green(change.description))
                    case .removed: print(style.red(change.description))
                    case .changed: print(change.description)
                    }
                }
            }
            if !difference.isEmpty { throw ExitCode(1) }
        }
    }
}
