import Captures
import Foundation
import SourcePreparation
import WorkbookSupport

/// Chapter code made to compile on Linux before the runner builds it (ModulePreparation): a
/// module (an app, a chapter's shared library) that needs it is built from a prepared copy under
/// `.build/prepared-sources/<chapter>/<Apps|Shared>/<name>/`, never from an edit of the author's
/// files. Package.swift declares the module from the copy when its stamp (`<name>.prepared`
/// beside it) is there and the build's environment says the copies are fresh
/// (`environment`), which only the runner's builds do, right after preparing: any other build
/// compiles the author's own files. A module with nothing to prepare, nearly all of them, has no
/// copy: its files are read once and handed to SwiftPM as they are.
struct PreparedChapterSources {
    let packageRoot: URL

    /// Where the copies live, as Package.swift knows it too.
    static let folder = ".build/prepared-sources"

    /// Set in the environment of a build that has just prepared its chapters' code, for
    /// Package.swift to declare modules from their copies. In the environment rather than in a
    /// file, because SwiftPM keys what it keeps of a manifest's evaluation on the manifest's text
    /// and the environment: a plain `swift build` never reuses the runner's reading, in which the
    /// copies were fresh, after an edit made them stale.
    static let environment = ["WORKBOOK_PREPARED_SOURCES": "1"]

    /// Prepares every module of these chapters. Returns what was done, one line each, and
    /// whether a module's copy came or went (the manifest then declares it from another folder).
    func prepare(chapters: [String]) throws -> (notes: [String], copiesChanged: Bool) {
        var notes: [String] = []
        var changed = false
        let chaptersFolder = packageRoot.appendingPathComponent("Chapters")
        for chapter in chapters {
            for kind in ["Shared", "Apps"] {
                let modules = ChapterCatalog.folders(in: chaptersFolder.appendingPathComponent("\(chapter)/\(kind)"))
                for module in modules {
                    let (said, came) = try prepare(module: "\(chapter)/\(kind)/\(module)")
                    notes += said
                    changed = changed || came
                }
                // The copy of a module that is gone would stay in the manifest's layout.
                for stale in Self.modulesWithCopies(in: packageRoot, chapter: chapter).filter({ $0.hasPrefix(kind + "/") })
                    where !modules.contains(String(stale.dropFirst(kind.count + 1))) {
                    let copy = packageRoot.appendingPathComponent("\(Self.folder)/\(chapter)/\(stale)")
                    try? FileManager.default.removeItem(at: copy.appendingPathExtension("prepared"))
                    try? FileManager.default.removeItem(at: copy)
                    changed = true
                }
            }
        }
        return (notes, changed)
    }

    /// One module, `tour/Apps/Tour1WithoutRestoration`: whether its copy came or went.
    private func prepare(module: String) throws -> (notes: [String], copyChanged: Bool) {
        let original = packageRoot.appendingPathComponent("Chapters/\(module)")
        let copy = packageRoot.appendingPathComponent("\(Self.folder)/\(module)")
        let stamp = copy.appendingPathExtension("prepared")
        let hadCopy = FileManager.default.fileExists(atPath: stamp.path)
        let files = Self.swiftFiles(in: original)
        let sources = try files.map { relative in
            let url = original.appendingPathComponent(relative)
            guard let data = FileManager.default.contents(atPath: url.path) else {
                throw RunnerError.preparingSources(file: url, reason: "it cannot be read")
            }
            return SwiftSource(name: FileNameText.shown("Chapters/\(module)/\(relative)"), reportedPath: url.path,
                               compiledAtReportedPath: false, bytes: Array(data))
        }
        let prepared = ModulePreparation.prepare(sources)
        // SwiftPM cannot build a file whose name holds a quote, a backslash or a control character.
        let renamed = files.contains(where: FileNameText.needsEscaping)
        guard !prepared.notes.isEmpty || renamed else {
            if hadCopy {
                try? FileManager.default.removeItem(at: stamp)
                try? FileManager.default.removeItem(at: copy)
            }
            return ([], hadCopy)
        }
        let names = SafeSourceNames.names(for: files)
        do {
            for (relative, bytes) in zip(files, prepared.files) {
                try Self.writeIfChanged(copy.appendingPathComponent(names[relative]!), Data(bytes))
            }
            Self.removeFiles(in: copy, except: Set(names.values))
            if !hadCopy { try Data().write(to: stamp) }
        } catch {
            throw RunnerError.preparingSources(file: copy, reason: error.localizedDescription)
        }
        let renames = files.filter(FileNameText.needsEscaping).map {
            SafeSourceNames.note(file: FileNameText.shown("Chapters/\(module)/\($0)"), builtAs: names[$0]!)
        }
        return (renames + prepared.notes, !hadCopy)
    }

    /// Unchanged bytes keep their file's date, so SwiftPM compiles only what changed.
    private static func writeIfChanged(_ url: URL, _ bytes: Data) throws {
        if FileManager.default.contents(atPath: url.path) == bytes { return }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try bytes.write(to: url)
    }

    /// Copies of files the module no longer has would still be compiled.
    private static func removeFiles(in folder: URL, except kept: Set<String>) {
        for relative in swiftFiles(in: folder) where !kept.contains(relative) {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(relative))
        }
    }

    /// The module's Swift files, by path inside it, hidden files and folders left out (as SwiftPM does).
    static func swiftFiles(in folder: URL) -> [String] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles]) else { return [] }
        let base = folder.standardizedFileURL.path + "/"
        var found: [String] = []
        for case let url as URL in walker where url.pathExtension == "swift" {
            let path = url.standardizedFileURL.path
            if path.hasPrefix(base) { found.append(String(path.dropFirst(base.count))) }
        }
        return found.sorted()
    }

    /// `Apps/Tour2WithRestoration` and the like, for each module built from a copy: part of the
    /// layout the manifest's cache depends on (ManifestCache).
    static func modulesWithCopies(in packageRoot: URL, chapter: String) -> [String] {
        let chapterCopies = packageRoot.appendingPathComponent("\(folder)/\(chapter)")
        return ["Shared", "Apps"].flatMap { kind in
            ((try? FileManager.default.contentsOfDirectory(atPath: chapterCopies.appendingPathComponent(kind).path)) ?? [])
                .filter { $0.hasSuffix(".prepared") }.sorted().map { "\(kind)/\($0.dropLast(".prepared".count))" }
        }
    }
}
