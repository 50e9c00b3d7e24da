import Captures
import Foundation

/// `workbook build`: the chapters' prose and captures made into a static site, in mdBook's
/// three stages, each with one job:
///
/// 1. **load**: the catalog of chapters, each chapter's prose, its captures (run first, through
///    the `runChapter` the caller gives, when what they depend on changed);
/// 2. **transform**: the prose parsed with cmark and changed as a tree (`ChapterTransform`);
/// 3. **render**: pages from the Mustache templates (`PageRenderer`).
///
/// Builds are incremental: `<output>/.workbook/manifest.json` records the inputs of each
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

    var manifestURL: URL { options.output.appendingPathComponent(".workbook/manifest.json") }

    /// What this build does with a chapter, decided (and its runs done) before any is transformed.
    private enum Step {
        /// Its runs failed: no page this time.
        case failed([String])
        /// Its page is up to date.
        case kept(ChapterReport)
        /// Its page is made again; `pageKey` is the digest of what it is made from.
        case transform(ChapterCatalog.Chapter, pageKey: String, ran: Bool)
    }

    public func build(runChapter: RunChapter = { _ in }) throws(SiteError) -> Report {
        // Load.
        let catalog: ChapterCatalog
        do { catalog = try ChapterCatalog(root: options.packageRoot.appendingPathComponent("Chapters")) } catch {
            throw SiteError("\(error)")
        }
        var selected = catalog.chapters
        if let wanted = options.chapter {
            do { selected = [try catalog.chapter(named: wanted)] } catch { throw SiteError("\(error)") }
        }
        let old = options.fresh ? BuildManifest() : (BuildManifest.load(from: manifestURL) ?? BuildManifest())
        var manifest = old
        var stamps = FileStamps(root: options.packageRoot, previous: old.files)
        let templates = try TemplateSet(folder: options.packageRoot.appendingPathComponent("Templates"), overrides: options.templateOverrides)
        // Paths as strings, made once: URL operations for every file of a big book add up.
        let site = Self.path(options.output), packageRoot = Self.path(options.packageRoot), capturesRoot = Self.path(options.capturesRoot)
        let outputsIntact = Dictionary(grouping: old.outputs, by: \.value.owner).mapValues { outputs in
            outputs.allSatisfy { path, output in Self.size(site + "/" + path) == output.size }
        }
        // Chapters kept from earlier builds are read back from the cache: without it, every
        // chapter is transformed again.
        let cacheIntact = old.outputs[ChapterCache.path].map { Self.size(site + "/" + ChapterCache.path) == $0.size } ?? false

        var engine = Digest()
        for folder in EngineInputs.sourceFolders { engine.add(stamps.digest(folder: packageRoot + "/" + folder)) }
        engine.add(options.toolchain)
        var titles = Digest()
        for chapter in catalog.chapters { titles.add(chapter.name); titles.add(chapter.title) }

        // Runs, one chapter after another (they launch processes), and which pages are due.
        var steps: [Step] = []
        for chapter in selected {
            let folder = packageRoot + "/Chapters/" + chapter.name  // chapter.folder, standardized
            let captures = capturesRoot + "/" + chapter.name
            func sources() -> String {
                var digest = Digest()
                for part in ["Apps", "Shared", "Scenarios"] {
                    digest.add(stamps.digest(folder: folder + "/" + part))
                }
                return digest.value
            }
            func runKey() -> String {
                var digest = Digest()
                digest.add(engine.value)
                digest.add(sources())
                digest.add(stamps.digest(folder: captures))
                return digest.value
            }
            var ran = false
            // A chapter of prose alone (an introduction, an appendix) has nothing to run.
            let runnable = chapter.apps.contains { !$0.scenarios.isEmpty }
            if runnable, options.fresh || old.runs[chapter.name] != runKey() {
                do { try runChapter(chapter) } catch {
                    steps.append(.failed(["\(error)"]))
                    manifest.runs[chapter.name] = nil
                    continue
                }
                ran = true
                stamps.forget(folder: captures)
                manifest.runs[chapter.name] = runKey()
            }

            var page = Digest()
            page.add(options.generator)
            page.add(options.bookTitle)
            page.add(options.editURL ?? "")
            page.add(templates.fingerprint)
            page.add(titles.value)
            page.add(stamps.digest(file: folder + "/chapter.md"))
            page.add(sources())
            page.add(stamps.digest(folder: captures))
            let pageKey = page.value
            if !options.fresh, cacheIntact, old.pages[chapter.name] == pageKey, outputsIntact[chapter.name] ?? false {
                steps.append(.kept(ChapterReport(name: chapter.name, title: chapter.title, ran: ran, rendered: false,
                                                 page: ChapterTransform.pageName(chapter.name), figures: [:])))
                continue
            }
            manifest.pages[chapter.name] = nil
            steps.append(.transform(chapter, pageKey: pageKey, ran: ran))
        }

        // Transform the chapters whose pages are due, on every core: each reads only its own
        // prose and captures.
        let names = Set(catalog.chapters.map(\.name))
        let due = steps.compactMap { step -> ChapterCatalog.Chapter? in
            if case .transform(let chapter, _, _) = step { return chapter }
            return nil
        }
        var transformed = due.concurrentMap { chapter in
            Result { () throws(SiteError) in try transform(chapter, chapterNames: names) }
        }.makeIterator()

        var report = Report()
        var problems: [String] = []
        var rendered: [String: RenderedChapter] = [:]
        var records: [String: Data] = [:]
        var writes: [Output] = []
        for step in steps {
            switch step {
            case .failed(let why):
                problems += why
            case .kept(let chapter):
                report.chapters.append(chapter)
            case .transform(let chapter, let pageKey, let ran):
                switch transformed.next()! {
                case .success(let (result, record, files)):
                    rendered[chapter.name] = result
                    records[chapter.name] = record
                    writes += files
                    manifest.pages[chapter.name] = pageKey
                    report.chapters.append(ChapterReport(name: chapter.name, title: result.title, ran: ran, rendered: true,
                                                         page: ChapterTransform.pageName(chapter.name), figures: result.figures))
                case .failure(let error):
                    problems += error.problems
                }
            }
        }

        /// The digest of what the shared pages (index, print, search, static files) show.
        func sharedKey(_ book: [String]) -> String {
            var shared = Digest()
            shared.add(options.generator)
            shared.add(templates.fingerprint)
            shared.add(options.baseURL ?? "")
            for name in book { shared.add(name); shared.add(manifest.pages[name] ?? "") }
            return shared.value
        }
        func sharedDue(_ key: String) -> Bool {
            options.fresh || old.shared != key || !(outputsIntact["site"] ?? false) || !rendered.isEmpty
        }
        // Every chapter that has a page, in the catalog's order: the ones just transformed and
        // the ones kept from earlier builds. With none transformed, nothing wrong and the shared
        // pages up to date, there is nothing to render, and the kept ones are not read back.
        let paged = catalog.chapters.map(\.name).filter { rendered[$0] != nil || manifest.pages[$0] != nil }
        if !rendered.isEmpty || !problems.isEmpty || sharedDue(sharedKey(paged)) {
            let cache = paged.allSatisfy { rendered[$0] != nil } ? ChapterCache() : ChapterCache(site: site)
            let book = paged.concurrentMap { name in rendered[name] ?? cache.chapter(name) }.compactMap { $0 }
            problems += Self.brokenLinks(in: book, chapters: names)
            guard problems.isEmpty else {
                // Keep what was learned (the runs), but no page of a chapter that failed, nor of
                // one transformed now: its page was not written.
                manifest.files = stamps.current.merging(old.files) { new, _ in new }
                for name in rendered.keys { manifest.pages[name] = old.pages[name] }
                try? manifest.save(to: manifestURL)
                throw SiteError(problems)
            }

            // Render, every page on every core.
            var renderer = PageRenderer(templates: templates, bookTitle: options.bookTitle, chapters: book)
            renderer.baseURL = options.baseURL
            renderer.editURL = options.editURL
            let pages = book.filter { rendered[$0.name] != nil }
            let html = pages.concurrentMap { chapter in Result { () throws(SiteError) in try renderer.chapterPage(chapter) } }
            for (chapter, page) in zip(pages, html) {
                writes.append(Output(path: ChapterTransform.pageName(chapter.name), owner: chapter.name, data: Data(try page.get().utf8)))
            }
            let shared = sharedKey(book.map(\.name))
            if sharedDue(shared) {
                writes += try Self.sharedPages(renderer, templates: templates)
                let cached = book.map { chapter in records[chapter.name] ?? cache.records[chapter.name]! }
                writes.append(Output(path: ChapterCache.path, owner: "site", data: ChapterCache.file(cached)))
                report.sharedRendered = true
                manifest.shared = shared
            }
        }

        // Write, only what changed; remove what an owner that was rebuilt no longer writes.
        let rebuiltOwners = Set(writes.map(\.owner))
        var kept = manifest.outputs.filter { !rebuiltOwners.contains($0.value.owner) }
        for write in writes {
            kept[write.path] = BuildManifest.Output(owner: write.owner, size: Int64(write.data.count))
        }
        report.written = try Self.save(writes, in: site).filter { !$0.hasPrefix(".workbook/") }
        for (path, output) in manifest.outputs where kept[path] == nil && rebuiltOwners.contains(output.owner) {
            try? FileManager.default.removeItem(atPath: site + "/" + path)
            report.removed.append(path)
        }
        manifest.outputs = kept
        manifest.files = options.chapter == nil ? stamps.current : stamps.current.merging(old.files) { new, _ in new }
        if manifest != old || !FileManager.default.fileExists(atPath: manifestURL.path) {
            do { try manifest.save(to: manifestURL) } catch {
                throw SiteError("\(manifestURL.path): cannot be written (\(error.localizedDescription))")
            }
        }
        return report
    }

    /// One chapter through the transform stage: the result, its record for the cache, and the
    /// files its page links to (archives).
    private func transform(_ chapter: ChapterCatalog.Chapter, chapterNames: Set<String>) throws(SiteError) -> (RenderedChapter, Data, [Output]) {
        let prose: String
        do { prose = try String(contentsOf: chapter.folder.appendingPathComponent("chapter.md"), encoding: .utf8) } catch {
            throw SiteError("Chapters/\(chapter.name)/chapter.md: cannot be read (\(error.localizedDescription))")
        }
        let captures = options.capturesRoot.appendingPathComponent(chapter.name)
        let result = try ChapterTransform(chapter: chapter, captures: captures, chapterNames: chapterNames).run(prose: prose)
        var files: [Output] = []
        for asset in result.assets {
            guard let data = FileManager.default.contents(atPath: asset.source) else {
                throw SiteError("\(asset.source): cannot be read")
            }
            files.append(Output(path: asset.path, owner: chapter.name, data: data))
        }
        for app in result.downloads {
            files.append(Output(path: ChapterTransform.downloadPath(of: app, chapter: chapter.name), owner: chapter.name,
                                data: try StepDownload.zip(app, of: chapter)))
        }
        return (result, try ChapterCache.record(result), files)
    }

    /// Links between chapters that go nowhere: to a chapter that is not in the book, or to a
    /// heading its page does not have.
    private static func brokenLinks(in book: [RenderedChapter], chapters: Set<String>) -> [String] {
        let pages = Dictionary(book.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var problems: [String] = []
        for link in book.flatMap(\.links) where link.chapter != "" {
            guard let target = pages[link.chapter] else {
                if !chapters.contains(link.chapter) { problems.append("\(link.location): there is no chapter \(link.chapter)") }
                continue
            }
            if let anchor = link.anchor, !target.sections.contains(where: { $0.id == anchor }) {
                problems.append("\(link.location): the link to \(link.chapter)#\(anchor) goes nowhere: no heading of \(link.chapter) has that anchor")
            }
        }
        return problems
    }

    /// The pages about the whole book (index, print, search index) and the static files; the
    /// three pages are made at once, on every core.
    private static func sharedPages(_ renderer: PageRenderer, templates: TemplateSet) throws(SiteError) -> [Output] {
        let made = [0, 1, 2].concurrentMap { part in
            Result { () throws(SiteError) -> [Output] in
                switch part {
                case 0:
                    var pages = [Output(path: "index.html", owner: "site", data: Data(try renderer.indexPage().utf8)),
                                 Output(path: "404.html", owner: "site", data: Data(try renderer.notFoundPage().utf8))]
                    if let sitemap = renderer.sitemap() { pages.append(Output(path: "sitemap.xml", owner: "site", data: sitemap)) }
                    return pages
                case 1: return [Output(path: "print.html", owner: "site", data: Data(try renderer.printPage().utf8))]
                default:
                    let json = SearchIndex.json(renderer.chapters)
                    return [Output(path: "search-index.json", owner: "site", data: json),
                            Output(path: "search-index.js", owner: "site", data: SearchIndex.script(json: json))]
                }
            }
        }
        var outputs: [Output] = []
        for part in made { outputs += try part.get() }
        for (name, data) in templates.files.sorted(by: { $0.key < $1.key }) {
            outputs.append(Output(path: name, owner: "site", data: data))
        }
        return outputs
    }

    /// A file URL's path, standardized (no `.` or `..`), as `FileStamps` records paths.
    private static func path(_ url: URL) -> String { url.standardizedFileURL.path }

    private static func size(_ path: String) -> Int64? {
        var info = stat()
        return stat(path, &info) == 0 ? Int64(info.st_size) : nil
    }
}
