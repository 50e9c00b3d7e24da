import Captures
import Foundation
import WorkbookSupport

/// What a build starts from, loaded once by its first stage and read by every later one: the
/// catalog and the chapters asked for, what the last build recorded, the templates, and the
/// digests every chapter's keys share.
struct LoadedBook {
    let catalog: ChapterCatalog
    /// The chapters this build is for: every one, or the one `Options.chapter` names.
    let selected: [ChapterCatalog.Chapter]
    /// What the last build recorded; empty when there was none or this build is fresh.
    let previous: BuildManifest
    let templates: TemplateSet
    /// The site, package and captures folders as paths, made once: URL operations for every
    /// file of a big book add up.
    let site: String
    /// The folder beside the site where the build keeps its records (`Options.cacheFolder`).
    let cache: String
    let packageRoot: String
    let capturesRoot: String
    /// For each owner of files the last build wrote (a chapter, or `site`): whether they are all
    /// still there, at the size written.
    let outputsIntact: [String: Bool]
    /// Whether the cache of transformed chapters is there as written: chapters kept from earlier
    /// builds are read back from it, and without it every chapter is transformed again.
    let cacheIntact: Bool
    /// The digest of what every run depends on: the engine's sources and the toolchain.
    let engine: String
    /// The digest of every chapter's name and title, which every page's navigation shows.
    let titles: String
}

/// The load stage: the catalog, the last build's record, the templates. The files' status
/// (`FileStamps`), kept from the last build, starts here and is carried through the stages.
enum LoadStage {
    static func load(_ options: SiteBuilder.Options) throws(SiteError) -> (LoadedBook, FileStamps) {
        let catalog: ChapterCatalog
        do { catalog = try ChapterCatalog(root: options.packageRoot.appendingPathComponent("Chapters")) } catch {
            throw SiteError("\(error)")
        }
        var selected = catalog.chapters
        if let wanted = options.chapter {
            do { selected = [try catalog.chapter(named: wanted)] } catch { throw SiteError("\(error)") }
        }
        let stray = selected.flatMap(ChapterCatalog.strayScenarioProblems)
        guard stray.isEmpty else { throw SiteError(stray) }
        // A site built before the records moved out of it has them in `.workbook/`: read from
        // there once, so the files that build wrote and this one does not are removed.
        let previous = options.fresh ? BuildManifest()
            : (BuildManifest.load(from: options.manifestURL) ?? BuildManifest.load(from: options.output.appendingPathComponent(".workbook/manifest.json")) ?? BuildManifest())
        var stamps = FileStamps(root: options.packageRoot, previous: previous.files)
        let templates = try TemplateSet(folder: options.packageRoot.appendingPathComponent("Templates"), overrides: options.templateOverrides)
        let site = path(options.output), cache = path(options.cacheFolder), packageRoot = path(options.packageRoot), capturesRoot = path(options.capturesRoot)
        let outputsIntact = Dictionary(grouping: previous.outputs, by: \.value.owner).mapValues { outputs in
            outputs.allSatisfy { path, output in size(OutputFile.location(of: path, site: site, cache: cache)) == output.size }
        }
        let cacheIntact = previous.outputs[ChapterCache.path].map { size(OutputFile.location(of: ChapterCache.path, site: site, cache: cache)) == $0.size } ?? false

        var engine = FNV1a()
        EngineInputs.add(to: &engine, stamps: &stamps, packageRoot: options.packageRoot)
        engine.add(options.toolchain)
        var titles = FNV1a()
        for chapter in catalog.chapters { titles.add(chapter.name); titles.add(chapter.title) }

        let book = LoadedBook(catalog: catalog, selected: selected, previous: previous, templates: templates,
                              site: site, cache: cache, packageRoot: packageRoot, capturesRoot: capturesRoot,
                              outputsIntact: outputsIntact, cacheIntact: cacheIntact, engine: engine.hexadecimal, titles: titles.hexadecimal)
        return (book, stamps)
    }

    /// A file URL's path, standardized (no `.` or `..`), as `FileStamps` records paths.
    private static func path(_ url: URL) -> String { url.standardizedFileURL.path }

    private static func size(_ path: String) -> Int64? {
        var info = stat()
        return stat(path, &info) == 0 ? Int64(info.st_size) : nil
    }
}
