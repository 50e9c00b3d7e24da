import Foundation
import WorkbookSupport

/// The render stage: pages from the Mustache templates (`PageRenderer`), every page on every
/// core. Each chapter transformed now gets its page; the pages about the whole book (index,
/// print, search) and the static files are made when what they show changed.
struct RenderStage {
    let options: SiteBuilder.Options
    let book: LoadedBook
    let transformed: TransformedChapters
    /// The page key of every chapter that has a page (`BuildManifest.pages` after the transform).
    let pageKeys: [String: String]
    /// Every chapter that has a page, in the catalog's order: the ones just transformed and the
    /// ones kept from earlier builds.
    let paged: [String]

    init(options: SiteBuilder.Options, book: LoadedBook, transformed: TransformedChapters, pageKeys: [String: String]) {
        self.options = options
        self.book = book
        self.transformed = transformed
        self.pageKeys = pageKeys
        paged = book.catalog.chapters.map(\.name).filter { transformed.chapters[$0] != nil || pageKeys[$0] != nil }
    }

    /// What this stage made: files to write, and the key of the shared pages when they were made.
    struct Pages {
        var files: [OutputFile] = []
        var sharedKey: String?
    }

    /// Whether there is anything to render. With no chapter transformed, nothing wrong and the
    /// shared pages up to date, there is not, and the kept chapters are not read back.
    var isDue: Bool {
        !transformed.chapters.isEmpty || !transformed.problems.isEmpty || sharedDue(sharedKey(paged))
    }

    /// The chapters with a page, each as transformed now or read back from the cache, and the
    /// cache (empty when every chapter was transformed now).
    func chapters() -> (book: [RenderedChapter], cache: ChapterCache) {
        let cache = paged.allSatisfy { transformed.chapters[$0] != nil } ? ChapterCache() : ChapterCache(site: book.site, cache: book.cache)
        let chapters = paged.concurrentMap { name in transformed.chapters[name] ?? cache.chapter(name) }.compactMap { $0 }
        return (chapters, cache)
    }

    /// The page of each chapter transformed now and, when due, the shared pages, the static
    /// files and the cache of transformed chapters.
    func render(_ chapters: [RenderedChapter], cache: ChapterCache) throws(SiteError) -> Pages {
        var renderer = PageRenderer(templates: book.templates, bookTitle: options.bookTitle, chapters: chapters)
        renderer.baseURL = options.baseURL
        renderer.editURL = options.editURL
        var made = Pages()
        let pages = chapters.filter { transformed.chapters[$0.name] != nil }
        let html = pages.concurrentMap { [renderer] chapter in Result { () throws(SiteError) in try renderer.chapterPage(chapter) } }
        for (chapter, page) in zip(pages, html) {
            made.files.append(OutputFile(path: ChapterTransform.pageName(chapter.name), owner: chapter.name, data: Data(try page.get().utf8)))
        }
        let shared = sharedKey(chapters.map(\.name))
        if sharedDue(shared) {
            made.files += try Self.sharedPages(renderer, templates: book.templates)
            let cached = chapters.map { chapter in transformed.records[chapter.name] ?? cache.records[chapter.name]! }
            made.files.append(OutputFile(path: ChapterCache.path, owner: "site", data: ChapterCache.file(cached)))
            made.sharedKey = shared
        }
        return made
    }

    /// Links between chapters that go nowhere: to a chapter that is not in the book, or to a
    /// heading its page does not have.
    static func brokenLinks(in book: [RenderedChapter], chapters: Set<String>) -> [String] {
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

    /// The digest of what the shared pages (index, print, search, static files) show.
    private func sharedKey(_ names: [String]) -> String {
        var shared = FNV1a()
        shared.add(options.generator)
        shared.add(book.templates.fingerprint)
        shared.add(options.baseURL ?? "")
        for name in names { shared.add(name); shared.add(pageKeys[name] ?? "") }
        return shared.hexadecimal
    }

    private func sharedDue(_ key: String) -> Bool {
        options.fresh || book.previous.shared != key || !(book.outputsIntact["site"] ?? false) || !transformed.chapters.isEmpty
    }

    /// The pages about the whole book (index, print, search index) and the static files; the
    /// three pages are made at once, on every core.
    private static func sharedPages(_ renderer: PageRenderer, templates: TemplateSet) throws(SiteError) -> [OutputFile] {
        let made = [0, 1, 2].concurrentMap { part in
            Result { () throws(SiteError) -> [OutputFile] in
                switch part {
                case 0:
                    var pages = [OutputFile(path: "index.html", owner: "site", data: Data(try renderer.indexPage().utf8)),
                                 OutputFile(path: "404.html", owner: "site", data: Data(try renderer.notFoundPage().utf8))]
                    if let sitemap = renderer.sitemap() { pages.append(OutputFile(path: "sitemap.xml", owner: "site", data: sitemap)) }
                    return pages
                case 1: return [OutputFile(path: "print.html", owner: "site", data: Data(try renderer.printPage().utf8))]
                default:
                    // Only the script the pages load: a page opened from disk cannot fetch JSON.
                    return [OutputFile(path: "search-index.js", owner: "site", data: SearchIndex.script(json: SearchIndex.json(renderer.chapters)))]
                }
            }
        }
        var outputs: [OutputFile] = []
        for part in made { outputs += try part.get() }
        for (name, data) in templates.files.sorted(by: { $0.key < $1.key }) {
            outputs.append(OutputFile(path: name, owner: "site", data: data))
        }
        return outputs
    }
}
