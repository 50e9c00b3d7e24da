import Captures
import WorkbookSupport
import Foundation

/// `workbook build`: the chapters' prose and captures made into a static site, in mdBook's
/// three stages, each with one job, and a last one that writes:
///
/// 1. **load**: the catalog of chapters and what the last build recorded (`LoadStage`), then
///    each chapter's captures, run first through the `runChapter` the caller gives when what
///    they depend on changed, and whether its page is due (`RunStage`);
/// 2. **transform**: the prose parsed with cmark and changed as a tree (`TransformStage`,
///    through `ChapterTransform`);
/// 3. **render**: pages from the Mustache templates (`RenderStage`, through `PageRenderer`);
/// 4. **write**: only the files whose bytes changed (`WriteStage`).
///
/// Builds are incremental: `.<output>-build/manifest.json`, beside the site folder, records the inputs of each
/// chapter's page and of the shared pages; only what changed is done again, and a file whose
/// bytes did not change is not written again.
public struct SiteBuilder {
    public struct Options: Sendable {
        public var packageRoot: URL
        public var output: URL
        public var capturesRoot: URL
        /// A folder whose templates take the place of `Templates/`'s of the same name.
        public var templateOverrides: URL?
        /// Build only this chapter (the others' pages stay as they were).
        public var chapter: String?
        /// Ignore what earlier builds did: run and render everything again.
        public var fresh = false
        public var bookTitle = "Restoration Workbook"
        /// Where the site will be published (`https://example.org/workbook/`): with it, the
        /// build writes `sitemap.xml` and the 404 page links from there.
        public var baseURL: String?
        /// The address a chapter's path in the repository (`Chapters/<name>/chapter.md`) is
        /// added to for its "Edit this page" link (`https://github.com/owner/book/edit/main`).
        public var editURL: String?
        /// Identifies the generator: when it changes (a new build of `workbook`), every page is
        /// rendered again.
        public var generator = "site 1"
        /// The toolchain the caller's `runChapter` builds apps with (the runner's
        /// `Toolchain.version`): after another one, every chapter is run again.
        public var toolchain = ""

        public init(packageRoot: URL, output: URL, capturesRoot: URL? = nil, templateOverrides: URL? = nil, chapter: String? = nil, fresh: Bool = false) {
            self.packageRoot = packageRoot
            self.output = output
            self.capturesRoot = capturesRoot ?? packageRoot.appendingPathComponent("captures")
            self.templateOverrides = templateOverrides
            self.chapter = chapter
            self.fresh = fresh
        }
    }

    public struct ChapterReport: Sendable {
        public var name: String
        public var title: String
        /// Whether its scenarios were handed to the runner (which may still have reused captures).
        public var ran: Bool
        /// Whether its page was made again (false: it was up to date).
        public var rendered: Bool
        /// The page, relative to the site folder.
        public var page: String
        public var figures: [String: Int]
    }

    public struct Report: Sendable {
        public var chapters: [ChapterReport] = []
        /// Files written (relative to the site folder); empty when everything was up to date.
        public var written: [String] = []
        public var removed: [String] = []
        public var sharedRendered = false
    }

    /// Runs a chapter's scenarios so its captures are current (the caller's `ChapterRunner`).
    public typealias RunChapter = (ChapterCatalog.Chapter) throws -> Void

    public let options: Options

    public init(_ options: Options) {
        self.options = options
    }

    /// Builds the site in its stages, each a type of its own with one job; what a stage learns
    /// for the next build it records in the manifest.
    public func build(runChapter: RunChapter = { _ in }) throws(SiteError) -> Report {
        // 1. Load, and run what changed.
        let book: LoadedBook
        var stamps: FileStamps
        (book, stamps) = try LoadStage.load(options)
        var manifest = book.previous
        let steps = RunStage(options: options, book: book).run(stamps: &stamps, manifest: &manifest, runChapter: runChapter)

        // 2. Transform.
        let chapterNames = Set(book.catalog.chapters.map(\.name))
        let transformed = TransformStage(chapterNames: chapterNames, capturesRoot: options.capturesRoot).transform(steps, manifest: &manifest)
        var report = Report(chapters: transformed.reports)
        var files = transformed.files

        // 3. Render.
        let render = RenderStage(options: options, book: book, transformed: transformed, pageKeys: manifest.pages)
        if render.isDue {
            let (chapters, cache) = render.chapters()
            let problems = transformed.problems + RenderStage.brokenLinks(in: chapters, chapters: chapterNames)
            guard problems.isEmpty else {
                // Keep what was learned (the runs), but no page of a chapter that failed, nor of
                // one transformed now: its page was not written.
                manifest.files = stamps.current.merging(book.previous.files) { new, _ in new }
                for name in transformed.chapters.keys { manifest.pages[name] = book.previous.pages[name] }
                try? manifest.save(to: options.manifestURL)
                throw SiteError(problems)
            }
            let pages = try render.render(chapters, cache: cache)
            files += pages.files
            if let shared = pages.sharedKey {
                report.sharedRendered = true
                manifest.shared = shared
            }
        }

        // 4. Write.
        (report.written, report.removed) = try WriteStage(site: book.site, cache: book.cache).write(files, manifest: &manifest)
        // Builds before the cache moved out kept it in the site folder: not to be published.
        try? FileManager.default.removeItem(at: options.output.appendingPathComponent(".workbook"))
        manifest.files = options.chapter == nil ? stamps.current : stamps.current.merging(book.previous.files) { new, _ in new }
        if manifest != book.previous || !FileManager.default.fileExists(atPath: options.manifestURL.path) {
            do { try manifest.save(to: options.manifestURL) } catch {
                throw SiteError("\(options.manifestURL.path): cannot be written (\(error.localizedDescription))")
            }
        }
        return report
    }
}

extension SiteBuilder.Options {
    /// Where the build keeps what the next one needs: beside the site folder, not in it
    /// (`site/` → `.site-build/`), so the folder to publish holds the site alone.
    var cacheFolder: URL {
        let site = output.standardizedFileURL
        return site.deletingLastPathComponent().appendingPathComponent("." + site.lastPathComponent + "-build")
    }

    /// What the last build recorded, in the cache folder.
    var manifestURL: URL { cacheFolder.appendingPathComponent("manifest.json") }
}
