import Foundation

/// The workbook's own folder (the package with `Chapters/`), found without being told: the
/// current folder or one above it, or else the package this `workbook` was built in. A student
/// checking their exercise from its own folder then needs no `--root`.
enum WorkbookFolder {
    static let found: String = {
        let manager = FileManager.default
        func isWorkbook(_ url: URL) -> Bool {
            manager.fileExists(atPath: url.appendingPathComponent("Chapters").path)
                && manager.fileExists(atPath: url.appendingPathComponent("Package.swift").path)
        }
        func search(from start: URL) -> URL? {
            var folder = start.standardizedFileURL
            while true {
                if isWorkbook(folder) { return folder }
                let parent = folder.deletingLastPathComponent()
                if parent.path == folder.path { return nil }
                folder = parent
            }
        }
        let current = URL(fileURLWithPath: manager.currentDirectoryPath)
        // The executable sits in <workbook>/.build/<configuration>/workbook.
        let executable = (try? manager.destinationOfSymbolicLink(atPath: "/proc/self/exe")).map(URL.init(fileURLWithPath:))
        return (search(from: current) ?? executable.flatMap { search(from: $0.deletingLastPathComponent()) } ?? current).path
    }()
}
