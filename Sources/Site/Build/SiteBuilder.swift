import Foundation
import Runner

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
        /// Identifies the generator: when it changes (a new build of `workbook`), every page is
        /// rendered again.
        public var generator = "site 1"

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
    func cacheURL(_ chapter: String) -> URL { options.output.appendingPathComponent(".workbook/chapters/\(chapter).json") }

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
        let outputsIntact = Dictionary(grouping: old.outputs, by: \.value.owner).mapValues { outputs in
            outputs.allSatisfy { path, output in Self.size(options.output.appendingPathComponent(path).path) == output.size }
        }

        var engine = Digest()
        engine.add(stamps.digest(folder: options.packageRoot.appendingPathComponent("Sources/RestorationKit")))
        engine.add(stamps.digest(folder: options.packageRoot.appendingPathComponent("Sources/BinaryPropertyList")))
        engine.add(Self.toolchainStamp())
        var titles = Digest()
        for chapter in catalog.chapters { titles.add(chapter.name); titles.add(chapter.title) }

        var report = Report()
        var problems: [String] = []
        var rendered: [String: RenderedChapter] = [:]
        var writes: [(path: String, owner: String, data: Data)] = []

        for chapter in selected {
            let captures = options.capturesRoot.appendingPathComponent(chapter.name)
            func sources() -> String {
                var digest = Digest()
                for part in ["Apps", "Shared", "Scenarios"] {
                    digest.add(stamps.digest(folder: chapter.folder.appendingPathComponent(part)))
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
            if options.fresh || old.runs[chapter.name] != runKey() {
                do { try runChapter(chapter) } catch {
                    problems.append("\(error)")
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
            page.add(templates.fingerprint)
            page.add(titles.value)
            page.add(stamps.digest(file: chapter.folder.appendingPathComponent("chapter.md")))
            page.add(sources())
            page.add(stamps.digest(folder: captures))
            let pageKey = page.value
            if !options.fresh, old.pages[chapter.name] == pageKey, outputsIntact[chapter.name] ?? false {
                report.chapters.append(ChapterReport(name: chapter.name, title: chapter.title, ran: ran, rendered: false,
                                                     page: ChapterTransform.pageName(chapter.name), figures: [:]))
                continue
            }
            manifest.pages[chapter.name] = nil
            do {
                let prose: String
                do { prose = try String(contentsOf: chapter.folder.appendingPathComponent("chapter.md"), encoding: .utf8) } catch {
                    throw SiteError("Chapters/\(chapter.name)/chapter.md: cannot be read (\(error.localizedDescription))")
                }
                let transform = ChapterTransform(chapter: chapter, captures: captures, chapterNames: Set(catalog.chapters.map(\.name)))
                let result = try transform.run(prose: prose)
                rendered[chapter.name] = result
                writes.append((".workbook/chapters/\(chapter.name).json", chapter.name, try Self.encode(result)))
                for asset in result.assets {
                    guard let data = FileManager.default.contents(atPath: asset.source) else {
                        throw SiteError("\(asset.source): cannot be read")
                    }
                    writes.append((asset.path, chapter.name, data))
                }
                manifest.pages[chapter.name] = pageKey
                report.chapters.append(ChapterReport(name: chapter.name, title: result.title, ran: ran, rendered: true,
                                                     page: ChapterTransform.pageName(chapter.name), figures: result.figures))
            } catch let error as SiteError {
                problems += error.problems
            } catch {
                problems.append("\(error)")
            }
        }

        // Every chapter that has a page, in the catalog's order: the ones just transformed and
        // the ones kept from earlier builds.
        var book: [RenderedChapter] = []
        for chapter in catalog.chapters {
            if let fresh = rendered[chapter.name] {
                book.append(fresh)
            } else if manifest.pages[chapter.name] != nil, let cached = loadCached(chapter.name) {
                book.append(cached)
            }
        }
        for link in book.flatMap(\.links) where link.chapter != "" {
            guard let target = book.first(where: { $0.name == link.chapter }) else {
                if !catalog.chapters.contains(where: { $0.name == link.chapter }) { problems.append("\(link.location): there is no chapter \(link.chapter)") }
                continue
            }
            if let anchor = link.anchor, !target.sections.contains(where: { $0.id == anchor }) {
                problems.append("\(link.location): the link to \(link.chapter)#\(anchor) goes nowhere: no heading of \(link.chapter) has that anchor")
            }
        }
        guard problems.isEmpty else {
            // Keep what was learned (the runs), but no page of a chapter that failed.
            manifest.files = stamps.current.merging(old.files) { new, _ in new }
            try? manifest.save(to: manifestURL)
            throw SiteError(problems)
        }

        // Render.
        let renderer = PageRenderer(templates: templates, bookTitle: options.bookTitle, chapters: book)
        for chapter in book where rendered[chapter.name] != nil {
            writes.append((ChapterTransform.pageName(chapter.name), chapter.name, Data(try renderer.chapterPage(chapter).utf8)))
        }
        var shared = Digest()
        shared.add(options.generator)
        shared.add(templates.fingerprint)
        for chapter in book { shared.add(chapter.name); shared.add(manifest.pages[chapter.name] ?? "") }
        if options.fresh || old.shared != shared.value || !(outputsIntact["site"] ?? false) || book.contains(where: { rendered[$0.name] != nil }) {
            writes.append(("index.html", "site", Data(try renderer.indexPage().utf8)))
            writes.append(("print.html", "site", Data(try renderer.printPage().utf8)))
            let json = SearchIndex.json(book)
            writes.append(("search-index.json", "site", json))
            writes.append(("search-index.js", "site", SearchIndex.script(json: json)))
            for (name, data) in templates.files.sorted(by: { $0.key < $1.key }) {
                writes.append((name, "site", data))
            }
            report.sharedRendered = true
            manifest.shared = shared.value
        }

        // Write, only what changed; remove what an owner that was rebuilt no longer writes.
        let rebuiltOwners = Set(writes.map(\.owner))
        var kept = manifest.outputs.filter { !rebuiltOwners.contains($0.value.owner) }
        for write in writes {
            let url = options.output.appendingPathComponent(write.path)
            kept[write.path] = BuildManifest.Output(owner: write.owner, size: Int64(write.data.count))
            if FileManager.default.contents(atPath: url.path) == write.data { continue }
            do {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try write.data.write(to: url, options: .atomic)
            } catch {
                throw SiteError("\(url.path): cannot be written (\(error.localizedDescription))")
            }
            if !write.path.hasPrefix(".workbook/") { report.written.append(write.path) }
        }
        for (path, output) in manifest.outputs where kept[path] == nil && rebuiltOwners.contains(output.owner) {
            try? FileManager.default.removeItem(at: options.output.appendingPathComponent(path))
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

    private func loadCached(_ chapter: String) -> RenderedChapter? {
        guard let data = FileManager.default.contents(atPath: cacheURL(chapter).path) else { return nil }
        return try? JSONDecoder().decode(RenderedChapter.self, from: data)
    }

    private static func encode(_ chapter: RenderedChapter) throws(SiteError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do { return try encoder.encode(chapter) } catch { throw SiteError("\(error)") }
    }

    private static func size(_ path: String) -> Int64? {
        var info = stat()
        return stat(path, &info) == 0 ? Int64(info.st_size) : nil
    }

    /// The `swift` that builds the apps, by its size and time (cheaper than `swift --version`).
    static func toolchainStamp() -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/swift"
            if FileManager.default.isExecutableFile(atPath: candidate) {
                let resolved = (try? FileManager.default.destinationOfSymbolicLink(atPath: candidate)).map {
                    $0.hasPrefix("/") ? $0 : "\(folder)/\($0)"
                } ?? candidate
                return FileStamps.stamp(resolved)
            }
        }
        return "no swift"
    }
}
