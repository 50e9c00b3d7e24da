import ArgumentParser
import Foundation
import RestorationKit

/// `workbook archive`: read restoration archives.
struct Archive: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Read restoration archives (data.data).",
        subcommands: [Dump.self]
    )

    struct Dump: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print an archive as Apple's restorationArchiveTool does.",
            discussion: "An archive lives in an app's container at Library/Saved Application State/<bundle id>.savedState/data.data."
        )

        @Argument(help: "The archive to read, usually a data.data file.", completion: .file())
        var path: String

        @Flag(help: "Print JSON for other tools instead of text.")
        var json = false

        func run() throws {
            let url = URL(fileURLWithPath: path)
            guard FileManager.default.fileExists(atPath: url.path) else {
                throw ValidationError("\(path): no such file. Give the path of a data.data archive.")
            }
            let archive: StateArchive
            do {
                archive = try StateArchive(contentsOf: url)
            } catch {
                throw CleanExit.message("\(path): not a restoration archive: \(error.description)")
            }
            print(json ? try ArchiveJSON.render(archive) : ArchiveDump(archive).text)
        }
    }
}
