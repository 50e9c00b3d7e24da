import Captures
import Foundation
import WorkbookSupport

/// What a capture was made from, as digests: the scenario, the app's folder and module name, its
/// chapter's shared code, the engine and the toolchain. Files are known by `FileStamps`, as the site knows them:
/// a file whose size and time are as the last run recorded is not read again, and within one run
/// each folder is looked at once, however many scenarios share it (the engine's dozen thousand
/// lines are no longer read and hashed for every scenario).
struct CaptureInputs {
    let packageRoot: URL
    /// Where the records of the last run are kept: beside the captures, hidden from the site.
    let recordsFile: URL
    private(set) var stamps: FileStamps
    private let earlier: [String: FileStamps.Record]

    init(packageRoot: URL, capturesRoot: URL) {
        self.packageRoot = packageRoot
        recordsFile = capturesRoot.appendingPathComponent(".file-stamps.json")
        earlier = (try? Data(contentsOf: recordsFile)).flatMap { try? JSONDecoder().decode([String: FileStamps.Record].self, from: $0) } ?? [:]
        stamps = FileStamps(root: packageRoot, previous: earlier)
    }

    /// A run's inputs: the scenario's text and what the app's build depends on.
    mutating func fingerprint(scenarioSource: String, app: ChapterCatalog.App, chapter: ChapterCatalog.Chapter, toolchain: String) -> String {
        var fingerprint = FNV1a()
        fingerprint.add("runner 3") // 3: results carry causes and where a hang was
        fingerprint.add(toolchain)
        fingerprint.add(scenarioSource)
        // The module name comes from the chapter's other apps' names: adding one may change it.
        fingerprint.add(app.moduleName)
        addSources(of: app, in: chapter, to: &fingerprint)
        return fingerprint.hexadecimal
    }

    /// What an app's build depends on: its sources, its chapter's shared code, the engine and
    /// the toolchain (a capture's inputs without the scenario).
    mutating func appFingerprint(of app: ChapterCatalog.App, in chapter: ChapterCatalog.Chapter, toolchain: String) -> String {
        var fingerprint = FNV1a()
        fingerprint.add("app 1")
        fingerprint.add(toolchain)
        addSources(of: app, in: chapter, to: &fingerprint)
        return fingerprint.hexadecimal
    }

    private mutating func addSources(of app: ChapterCatalog.App, in chapter: ChapterCatalog.Chapter, to fingerprint: inout FNV1a) {
        fingerprint.add(stamps.digest(folder: app.sources.standardizedFileURL.path))
        fingerprint.add(stamps.digest(folder: chapter.folder.appendingPathComponent("Shared").standardizedFileURL.path))
        EngineInputs.add(to: &fingerprint, stamps: &stamps, packageRoot: packageRoot)
    }

    /// Keeps what this run learned for the next: its records, and the earlier ones of files it
    /// did not look at (another chapter's apps). A record that cannot be written costs the next
    /// run a read of the files, nothing else.
    func save() {
        let records = stamps.current.merging(earlier) { mine, _ in mine }
        guard records != earlier else { return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(records) else { return }
        try? FileManager.default.createDirectory(at: recordsFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? data.write(to: recordsFile, options: .atomic)
    }
}
