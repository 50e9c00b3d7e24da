import Captures
import Foundation
import WorkbookSupport

/// A step as a reader downloads it to run: the app's folder, the chapter's shared libraries it
/// imports and its scenarios, as they sit in the chapter (`HypnoNerdStarter/AppDelegate.swift`,
/// `Shared/HomepwnerModel/Item.swift`, `Scenarios/HypnoNerdStarter/everything.scenario`), and
/// a README that says how to run them, in one zip.
enum StepDownload {
    static func zip(_ app: String, of chapter: ChapterCatalog.Chapter) throws(SiteError) -> Data {
        guard let step = chapter.apps.first(where: { $0.name == app }) else {
            throw SiteError("Chapters/\(chapter.name): no app \(app) to offer as a download")
        }
        var files: [(path: String, data: Data)] = []
        func add(_ folder: URL, as prefix: String) throws(SiteError) {
            let names = (FileManager.default.subpaths(atPath: folder.path) ?? []).sorted()
            for name in names where !name.split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
                let url = folder.appendingPathComponent(name)
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
                guard let data = FileManager.default.contents(atPath: url.path) else {
                    throw SiteError("\(url.path): cannot be read")
                }
                files.append((prefix + name, data))
            }
        }
        try add(step.sources, as: app + "/")
        // The chapter's shared libraries the step imports, and only those (an exercise's
        // starter imports none).
        let code = files.map { String(decoding: $0.data, as: UTF8.self) }.joined(separator: "\n")
        let shared = chapter.folder.appendingPathComponent("Shared")
        let libraries = ((try? FileManager.default.contentsOfDirectory(atPath: shared.path)) ?? []).sorted()
        for library in libraries where code.contains("import \(library)\n") || code.contains("import \(library) ") {
            try add(shared.appendingPathComponent(library), as: "Shared/\(library)/")
        }
        try add(chapter.folder.appendingPathComponent("Scenarios/\(app)"), as: "Scenarios/\(app)/")
        files.insert(("README.md", Data(readme(app, of: chapter, scenarios: files.filter { $0.path.hasPrefix("Scenarios/") }.map(\.path)).utf8)), at: 0)
        do { return try ZipArchive.make(files) } catch { throw SiteError("\(app): \(error)") }
    }

    /// What the zip holds and how to run it, for a reader who opens it away from the page.
    static func readme(_ app: String, of chapter: ChapterCatalog.Chapter, scenarios: [String]) -> String {
        var out = "# \(app)\n\n"
        out += "A step of the chapter \"\(chapter.title)\" of Restoration Workbook: the app's sources (`\(app)/`), "
        out += "the chapter's shared libraries it imports (`Shared/`), if any, and its scenarios (`Scenarios/\(app)/`).\n\n"
        out += "## Run it\n\n"
        out += "In the workbook's folder these files sit under `Chapters/\(chapter.name)/` (`Apps/\(app)/`, `Shared/`, `Scenarios/\(app)/`). "
        out += "There, run the step's scenarios and see its screens with:\n\n"
        out += "    workbook run \(chapter.name) --step \(app) --verbose\n\n"
        out += "To try a change, edit the files there and run the same command again. Its scenarios:\n\n"
        out += scenarios.isEmpty ? "- none: this step is shown as code only.\n" : scenarios.map { "- `\($0)`\n" }.joined()
        return out
    }
}
