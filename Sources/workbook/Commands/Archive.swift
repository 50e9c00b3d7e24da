import ArgumentParser
import Foundation
import RestorationKit

/// `workbook archive`: read restoration archives.
struct Archive: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Read restoration archives (data.data).",
        subcommands: [Dump.self, Diff.self]
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
            let archive = try readArchive(path)
            print(json ? try ArchiveJSON.render(archive) : ArchiveDump(archive).text)
        }
    }

    struct Diff: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show what changed between two archives, object by object.",
            discussion: "Exit status as diff's: 0 when the archives hold the same state, 1 when they differ, 2 when one cannot be read."
        )

        @Argument(help: "The older archive.", completion: .file())
        var old: String

        @Argument(help: "The newer archive.", completion: .file())
        var new: String

        @Flag(help: "Print JSON for other tools instead of text.")
        var json = false

        func run() throws {
            let difference = ArchiveDifference(from: try readArchive(old), to: try readArchive(new))
            if json {
                let lines = difference.changes.map(\.description)
                let data = try JSONSerialization.data(withJSONObject: ["same": difference.isEmpty, "changes": lines], options: [.prettyPrinted, .sortedKeys])
                print(String(decoding: data, as: UTF8.self))
            } else if difference.isEmpty {
                print("The archives hold the same state.")
            } else {
                let style = TerminalStyle()
                for change in difference.changes {
                    let line = change.description
                    print(line.hasPrefix("+") ? style.green(line) : line.hasPrefix("-") ? style.red(line) : line)
                }
            }
            if !difference.isEmpty { throw ExitCode(1) }
        }
    }
}

/// Reads an archive for a command, or ends it with status 2 and a sentence naming the file.
private func readArchive(_ path: String) throws -> StateArchive {
    guard FileManager.default.fileExists(atPath: path) else {
        FileHandle.standardError.write(Data("workbook archive: \(path): no such file; give the path of a data.data archive\n".utf8))
        throw ExitCode(2)
    }
    do {
        return try StateArchive(contentsOf: URL(fileURLWithPath: path))
    } catch {
        FileHandle.standardError.write(Data("workbook archive: \(path): not a restoration archive: \(error.description)\n".utf8))
        throw ExitCode(2)
    }
}

