import Foundation

/// The render stage: pages from the templates and the transformed chapters. Every link it
/// writes is relative (the pages sit side by side in the site's folder), so the site works
/// from disk and under any folder of a web server. Sendable, its contexts included: pages are
/// rendered on every core at once from one renderer.
struct PageRenderer: Sendable {
    let templates: TemplateSet
    let bookTitle: String
    /// Where the site is published (`https://example.org/workbook/`), when said: the 404 page
    /// needs it, and the sitemap is made only with it.
    var baseURL: String? = nil
    /// The address a chapter's path in the repository is added to, for "Edit this page".
    var editURL: String? = nil
    /// Every chapter of the book, in order: the sidebar, the index and previous/next list them.
    let chapters: [RenderedChapter]
    /// Each chapter's context (title, link, sections), made once: every page's sidebar lists
    /// some of them, and making them again for each page made a big book's build quadratic.
    private let contexts: [[String: any Sendable]]
    /// Each chapter's place in `chapters`, by name.
    private let positions: [String: Int]

    init(templates: TemplateSet, bookTitle: String, chapters: [RenderedChapter]) {
        self.templates = templates
        self.bookTitle = bookTitle
        self.chapters = chapters
        contexts = chapters.map(Self.chapterContext)
        positions = Dictionary(chapters.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    func chapterPage(_ chapter: RenderedChapter) throws(SiteError) -> String {
        let index = positions[chapter.name]
        var context = common(title: chapter.title, current: index)
        context["chapter"] = index.map { contexts[$0] } ?? Self.chapterContext(chapter)
        context["body"] = chapter.body
        if let editURL { context["editURL"] = Self.joined(editURL, "Chapters/\(chapter.name)/chapter.md") }
        context["sections"] = chapter.sections.filter { $0.level == 2 }.map(Self.sectionContext)
        if let index, index > 0 { context["previous"] = link(chapters[index - 1]) }
        if let index, index + 1 < chapters.count { context["next"] = link(chapters[index + 1]) }
        return try templates.render(context, with: "chapter")
    }

    func indexPage() throws(SiteError) -> String {
        var context = common(title: bookTitle, current: nil)
        context["isIndex"] = true
        return try templates.render(context, with: "index")
    }

    /// What a web server shows for an address the site does not have. It may be served from
    /// any folder, so its links start from the base address when there is one.
    func notFoundPage() throws(SiteError) -> String {
        var context = common(title: "Page not found", current: nil)
        if let baseURL { context["baseHref"] = baseURL.hasSuffix("/") ? baseURL : baseURL + "/" }
        return try templates.render(context, with: "404")
    }

    /// Every page's address, for search engines (sitemaps.org); only with a base address.
    func sitemap() -> Data? {
        guard let baseURL else { return nil }
        var out = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n" + #"<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">"# + "\n"
        for page in ["index.html"] + chapters.map({ ChapterTransform.pageName($0.name) }) + ["print.html"] {
            out += "<url><loc>" + Self.joined(baseURL, page).html + "</loc></url>\n"
        }
        return Data((out + "</urlset>\n").utf8)
    }

    /// The repository of an "Edit this page" address (`https://github.com/owner/book/edit/main`
    /// is in `https://github.com/owner/book`).
    static func repository(_ editURL: String) -> String? {
        guard let edit = editURL.range(of: "/edit/") ?? editURL.range(of: "/-/edit/") else { return nil }
        return String(editURL[..<edit.lowerBound])
    }

    /// An address and a path, with one slash between them.
    static func joined(_ base: String, _ path: String) -> String {
        (base.hasSuffix("/") ? base : base + "/") + path
    }

    /// The whole book on one page, for printing (see `PrintAnchors`).
    func printPage() throws(SiteError) -> String {
        var context = common(title: "\(bookTitle) (print)", current: nil)
        context["noSidebar"] = true
        let names = Set(chapters.map(\.name))
        context["printChapters"] = chapters.indices.map { index -> [String: any Sendable] in
            var item = contexts[index]
            item["body"] = PrintAnchors.body(chapters[index].body, chapter: chapters[index].name, all: names)
            return item
        }
        return try templates.render(context, with: "print")
    }

    // MARK: Contexts

    /// Past this many chapters, a chapter's sidebar lists only its neighbours (and links to the
    /// index), so a big book's pages do not each carry the whole table of contents.
    static let sidebarLimit = 40

    /// What every page has: the book's title and the sidebar (`current` is the page's chapter,
    /// by its place in `chapters`).
    private func common(title: String, current: Int?) -> [String: Any] {
        var listed = chapters.indices
        if let current, chapters.count > Self.sidebarLimit {
            listed = max(0, current - 5)..<min(chapters.count, current + 6)
        }
        var context: [String: Any] = [
            "title": title,
            "bookTitle": bookTitle,
            "chapterCount": chapters.count,
            "moreChapters": listed.count < chapters.count,
            "chapters": listed.map { index -> [String: any Sendable] in
                var item = contexts[index]
                item["current"] = index == current
                return item
            },
            "allChapters": contexts,
        ]
        // The repository to clone, when the edit links say where it is.
        if let repository = editURL.flatMap(Self.repository) { context["repository"] = repository }
        return context
    }

    private static func chapterContext(_ chapter: RenderedChapter) -> [String: any Sendable] {
        [
            "name": chapter.name,
            "title": chapter.title,
            "href": ChapterTransform.pageName(chapter.name),
            "hasSections": chapter.sections.contains { $0.level == 2 },
            "sections": chapter.sections.filter { $0.level == 2 }.map { section -> [String: any Sendable] in
                var item = sectionContext(section)
                item["href"] = ChapterTransform.pageName(chapter.name) + "#" + section.id
                return item
            },
        ]
    }

    private static func sectionContext(_ section: RenderedChapter.Section) -> [String: any Sendable] {
        ["id": section.id, "title": section.title, "level": section.level]
    }

    private func link(_ chapter: RenderedChapter) -> [String: Any] {
        ["title": chapter.title, "href": ChapterTransform.pageName(chapter.name)]
    }
}
