import ArgumentParser
import Foundation
import Runner

/// `workbook new`: something new for the book, laid out as it should be and working at once.
struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Start something new in the workbook: a chapter.",
        subcommands: [NewChapter.self]
    )
}

struct NewChapter: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chapter",
        abstract: "Lay out a new chapter that runs and builds at once, and add it to the book's contents.",
        discussion: """
            Writes Chapters/NAME/ as Chapters/README.md describes: chapter.md (prose with one directive, \
            showing a run), one app (Apps/<Name>Notes/: a screen whose note is restored) and one scenario \
            (Scenarios/<Name>Notes/leave-and-come-back.scenario), and adds NAME at the end of \
            Chapters/contents.txt. `workbook run NAME` and `workbook build` work on it straight away; change \
            it a save at a time under `workbook serve`.

            Examples:
              workbook new chapter state-basics
              workbook new chapter navigation && workbook run navigation

            Exit status: 0 the chapter was written; 64 a name that cannot be a chapter's, a chapter that \
            exists, or no Chapters folder; 74 its files could not be written; 70 an internal error.
            """
    )

    @Argument(help: "The chapter's folder name: lowercase letters, digits and hyphens (it is also its page's name).")
    var name: String

    @OptionGroup var location: WorkbookLocation
    var root: String { location.root }

    func run() throws {
        let chapters = URL(fileURLWithPath: root).appendingPathComponent("Chapters")
        guard FileManager.default.fileExists(atPath: chapters.path) else {
            throw CommandFailure.usage("there is no Chapters folder in \(root). Run workbook from the workbook's folder, or give --root.")
        }
        let scaffold: ChapterScaffold
        do { scaffold = try ChapterScaffold(name: name, chapters: chapters) } catch {
            throw CommandFailure.usage("\(error)")
        }
        let written: [String]
        do { written = try scaffold.write(in: chapters) } catch {
            throw CommandFailure("Chapters/\(name) could not be written: \(error.localizedDescription)", status: 74)
        }
        let style = TerminalStyle()
        for path in written { print(style.green("+") + " Chapters/\(path)") }
        let next = [("workbook run \(name)", "runs its app through its scenario"),
                    ("workbook serve", "shows it in the browser, rebuilt at each save")]
        let width = next.map(\.0.count).max()! + 3
        print("\n\(style.bold(scaffold.title)) is chapter \(name), the last in Chapters/contents.txt. Next:")
        for (command, what) in next { print("  " + command.padding(toLength: width, withPad: " ", startingAt: 0) + style.dim(what)) }
    }
}
