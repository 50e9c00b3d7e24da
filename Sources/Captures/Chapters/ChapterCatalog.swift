import Foundation
import RestorationModel

/// The chapters of the workbook, as laid out on disk:
///
///     Chapters/<chapter>/chapter.md                   the prose
///     Chapters/<chapter>/Apps/<App>/*.swift           one app per folder (an executable target)
///     Chapters/<chapter>/Shared/<Library>/*.swift     code the chapter's apps share
///     Chapters/<chapter>/Scenarios/<App>/*.scenario   what to do with each app
///     Chapters/contents.txt                           the chapters' order in the book (optional)
///
/// A chapter's steps are its apps, in the order of their folder names.
public struct ChapterCatalog: Sendable {
    public struct Chapter: Sendable, Codable, Equatable {
        public var name: String
        public var title: String
        public var folder: URL
        public var apps: [App]
    }

    /// What in a chapter's `Scenarios/` no app runs, so that its scenarios would never run.
    public enum StrayScenarios: Equatable, Sendable {
        /// A folder named after no app of the chapter (a typo, an app renamed).
        case folder(name: String)
        /// A scenario file beside the apps' folders instead of in one.
        case file(name: String)
    }

    public struct App: Sendable, Codable, Equatable {
        /// The executable target's name, also the folder's.
        public var name: String
        public var sources: URL
        /// The scenario files for this app, sorted.
        public var scenarios: [URL]
        /// The module name its classes carry at run time, shared by the chapter's versions of
        /// one app (`AppModuleName`).
        public var moduleName: String

        /// The app's `Info.plist` beside its sources, if it has one.
        public var infoPlist: URL? {
            let url = sources.appendingPathComponent("Info.plist")
            return FileManager.default.fileExists(atPath: url.path) ? url : nil
        }
    }

    public let root: URL
    public let chapters: [Chapter]

    /// Reads the catalog below `root` (the `Chapters` folder).
    public init(root: URL) throws(ChapterCatalogError) {
        self.root = root
        guard FileManager.default.fileExists(atPath: root.path) else {
            throw ChapterCatalogError.noChaptersFolder(root)
        }
        let order = try Self.contentsOrder(in: root)
        let names = Self.folders(in: root)
        // The book's order: the chapters `contents.txt` lists, then any other, by name.
        let ordered = order.filter(names.contains) + names.filter { !order.contains($0) }
        chapters = try ordered.map { (name) throws(ChapterCatalogError) in try Self.chapter(at: root.appendingPathComponent(name)) }
    }

    /// `Chapters/contents.txt`: the chapters' folder names in the book's order, one a line
    /// (blank lines and `#` comments allowed). Without it, chapters come by folder name.
    static func contentsOrder(in root: URL) throws(ChapterCatalogError) -> [String] {
        let file = root.appendingPathComponent("contents.txt")
        guard let data = FileManager.default.contents(atPath: file.path) else { return [] }
        var order: [String] = []
        for (index, line) in String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let name = line.trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty, !name.hasPrefix("#") else { continue }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root.appendingPathComponent(name).path, isDirectory: &isDirectory), isDirectory.boolValue, !name.contains("/") else {
                throw ChapterCatalogError.notAChapter(name: name, file: file, line: index + 1, root: root)
            }
            guard !order.contains(name) else {
                throw ChapterCatalogError.listedTwice(name: name, file: file, line: index + 1)
            }
            order.append(name)
        }
        return order
    }

    /// The first `# ` heading. Read line by line and stop there: the title comes first, and
    /// splitting a whole chapter into lines was most of the time a catalog took to load.
    static func title(of prose: String) -> String? {
        var rest = Substring(prose)
        while !rest.isEmpty {
            let end = rest.firstIndex(of: "\n") ?? rest.endIndex
            let line = rest[..<end]
            if line.hasPrefix("# ") { return String(line.dropFirst(2)).trimmingCharacters(in: .whitespaces) }
            rest = end == rest.endIndex ? "" : rest[rest.index(after: end)...]
        }
        return nil
    }

    /// The folders and scenario files in `Scenarios/` of a chapter that belong to none of its
    /// apps, by name: the catalog gives each app only the scenarios of its own folder.
    public static func strayScenarios(of chapter: Chapter) -> [StrayScenarios] {
        let scenarios = chapter.folder.appendingPathComponent("Scenarios")
        let apps = Set(chapter.apps.map(\.name))
        let strayFolders = Self.folders(in: scenarios).filter { !apps.contains($0) }
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: scenarios.path)) ?? [])
            .filter { $0.hasSuffix(".scenario") && !strayFolders.contains($0) }.sorted()
        return strayFolders.map { .folder(name: $0) } + files.map { .file(name: $0) }
    }

    public func chapter(named name: String) throws(UnknownName) -> Chapter {
        if let chapter = chapters.first(where: { $0.name == name }) { return chapter }
        throw UnknownName("chapter", name, known: chapters.map(\.name))
    }

    private static func chapter(at folder: URL) throws(ChapterCatalogError) -> Chapter {
        let name = folder.lastPathComponent
        let prose = folder.appendingPathComponent("chapter.md")
        let title = (try? String(contentsOf: prose, encoding: .utf8)).flatMap(Self.title(of:)) ?? name
        let appsFolder = folder.appendingPathComponent("Apps")
        let appNames = folders(in: appsFolder)
        let libraries = folders(in: folder.appendingPathComponent("Shared"))
        let apps = try appNames.map { (appName) throws(ChapterCatalogError) -> App in
            let scenarioFolder = folder.appendingPathComponent("Scenarios/\(appName)")
            let scenarios = ((try? FileManager.default.contentsOfDirectory(atPath: scenarioFolder.path)) ?? [])
                .filter { $0.hasSuffix(".scenario") }.sorted()
                .map { scenarioFolder.appendingPathComponent($0) }
            let moduleName = AppModuleName.of(appName, among: appNames)
            // On iOS an app and a framework it links cannot share a module name; nor can they here.
            if libraries.contains(moduleName) {
                throw .moduleNameTaken(app: appName, moduleName: moduleName, library: folder.appendingPathComponent("Shared/\(moduleName)"))
            }
            let app = App(name: appName, sources: appsFolder.appendingPathComponent(appName), scenarios: scenarios, moduleName: moduleName)
            // A broken Info.plist stops the chapter here, naming the file, rather than each launch.
            if let infoPlist = app.infoPlist {
                do throws(InfoPlistError) { _ = try InfoPlist(contentsOf: infoPlist) } catch { throw .infoPlist(error) }
            }
            return app
        }
        return Chapter(name: name, title: title, folder: folder, apps: apps)
    }

    /// The folders in `url` that are not hidden, by name; none when it cannot be read.
    public static func folders(in url: URL) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: url.path) else { return [] }
        return names.filter { name in
            var isDirectory: ObjCBool = false
            return !name.hasPrefix(".") && FileManager.default.fileExists(atPath: url.appendingPathComponent(name).path, isDirectory: &isDirectory) && isDirectory.boolValue
        }.sorted()
    }
}
