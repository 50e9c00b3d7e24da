import ArgumentParser
import Foundation

/// `--root`: which workbook a command reads, the same option in every command that reads one.
struct WorkbookLocation: ParsableArguments {
    @Option(help: "The workbook's folder (the one with Chapters/); found from the current folder or the workbook command itself.",
            completion: .directory)
    var root: String = WorkbookFolder.found

    var url: URL { URL(fileURLWithPath: root) }
}
