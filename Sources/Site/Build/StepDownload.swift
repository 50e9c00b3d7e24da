import Captures
import Foundation
import WorkbookSupport

/// A step's sources as a reader downloads them: the app's folder and the chapter's shared
/// libraries it imports, as they sit in the chapter (`HypnoNerdStarter/AppDelegate.swift`,
/// `Shared/HomepwnerModel/Item.swift`), in one zip.
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
        do { return try ZipArchive.make(files) } catch { throw SiteError("\(app): \(error)") }
    }
}
