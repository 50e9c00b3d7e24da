import ArgumentParser
import Captures
import Foundation
import Runner

/// `workbook list`: the chapters, their steps (apps) and scenarios.
struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the chapters, their steps (apps) and their scenarios.",
        discussion: ExitStatusHelp.text(failed: "the chapters could not be read")
    )

    @Flag(help: "Print JSON for other tools.")
    var json = false

    @OptionGroup var location: WorkbookLocation
    var root: String { location.root }

    func run() throws {
        let catalog: ChapterCatalog
        do {
            catalog = try ChapterCatalog(root: URL(fileURLWithPath: root).appendingPathComponent("Chapters"))
        } catch {
            throw CommandFailure.from(error) { "\($0). Run workbook from the repository's folder, or give --root." }
        }
        if json {
            return try CommandJSON.print(CommandJSON.Chapters(catalog))
        }
        let style = TerminalStyle()
        for chapter in catalog.chapters {
            print(style.bold("\(chapter.name)") + "  \(chapter.title)")
            for app in chapter.apps {
                print("  \(app.name)")
                for scenario in app.scenarios { print(style.dim("    \(scenario.deletingPathExtension().lastPathComponent)")) }
            }
        }
        if catalog.chapters.isEmpty { print("No chapters in \(catalog.root.path).") }
    }
}
