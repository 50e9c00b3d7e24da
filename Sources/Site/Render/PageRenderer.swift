import Foundation

/// The render stage: pages from the templates and the transformed chapters. Every link it
/// writes is relative (the pages sit side by side in the site's folder), so the site works
/// from disk and under any folder of a web server.
struct PageRenderer {
    let templates: TemplateSet
    let bookTitle: String
    /// Every chapter of the book, in order: the sidebar, the index and previous/next list them.
    let chapters: [RenderedChapter]

    func chapterPage(_ chapter: RenderedChapter) throws(SiteError) -> String {
        let index = chapters.firstIndex { $0.name == chapter.name }
        var context = common(title: chapter.title, current: chapter.name)
        context["chapter"] = chapterContext(chapter)
        context["body"] = chapter.body
        context["sections"] = chapter.sections.filter { $0.level == 2 }.map(sectionContext)
        if let index, index > 0 { context["previous"] = link(chapters[index - 1]) }
        if let index, index + 1 < chapters.count { context["next"] = link(chapters[index + 1]) }
        return try templates.render(context, with: "chapter")
    }

    func indexPage() throws(SiteError) -> String {
        var context = common(title: bookTitle, current: nil)
        context["isIndex"] = true
        return try templates.render(context, with: "index")
    }

    /// The whole book on one page, for printing: each chapter's anchors are prefixed with its
    /// name, so two chapters' "Step 1" stay apart.
    func printPage() throws(SiteError) -> String {
        var context = common(title: "\(bookTitle) (print)", current: nil)
        let names = Set(chapters.map(\.name))
        context["printChapters"] = chapters.map { chapter -> [String: Any] in
            var item = chapterContext(chapter)
            item["body"] = Self.bodyForPrint(chapter.body, chapter: chapter.name, all: names)
            return item
        }
        return try templates.render(context, with: "print")
    }

    static func bodyForPrint(_ body: String, chapter: String, all: Set<String>) -> String {
        // Attribute values are the only place `id="` and `href="` appear unescaped: prose and
        // captured text have their quotes escaped. One pass over the body.
        var out = ""
        out.reserveCapacity(body.utf8.count + 1024)
        var rest = Substring(body)
        while let range = rest.range(of: "=\"") {
            let attribute = rest[..<range.lowerBound].suffix(4)
            out += rest[..<range.upperBound]
            rest = rest[range.upperBound...]
            guard attribute.hasSuffix(" id") || attribute == "href", let close = rest.firstIndex(of: "\"") else { continue }
            let value = rest[..<close]
            rest = rest[close...]
            if attribute.hasSuffix(" id") {
                out += "\(chapter)--" + value
                continue
            }
            if value.hasPrefix("#") {
                out += "#\(chapter)--" + value.dropFirst()
                continue
            }
            let parts = value.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
            if parts[0].hasSuffix(".html"), all.contains(String(parts[0].dropLast(5))) {
                let target = parts[0].dropLast(5)
                out += parts.count > 1 ? "#\(target)--\(parts[1])" : "#chapter-\(target)"
            } else {
                out += value
            }
        }
        return out + rest
    }

    // MARK: Contexts

    /// Past this many chapters, a chapter's sidebar lists only its neighbours (and links to the
    /// index), so a big book's pages do not each carry the whole table of contents.
    static let sidebarLimit = 40

    private func common(title: String, current: String?) -> [String: Any] {
        var listed = chapters.indices
        if let current, chapters.count > Self.sidebarLimit, let index = chapters.firstIndex(where: { $0.name == current }) {
            listed = max(0, index - 5)..<min(chapters.count, index + 6)
        }
        return [
            "title": title,
            "bookTitle": bookTitle,
            "chapterCount": chapters.count,
            "moreChapters": listed.count < chapters.count,
            "chapters": listed.map { index -> [String: Any] in
                var item = chapterContext(chapters[index])
                item["current"] = chapters[index].name == current
                return item
            },
            "allChapters": chapters.map(chapterContext),
        ]
    }

    private func chapterContext(_ chapter: RenderedChapter) -> [String: Any] {
        [
            "name": chapter.name,
            "title": chapter.title,
            "href": ChapterTransform.pageName(chapter.name),
            "hasSections": chapter.sections.contains { $0.level == 2 },
            "sections": chapter.sections.filter { $0.level == 2 }.map { section -> [String: Any] in
                var item = sectionContext(section)
                item["href"] = ChapterTransform.pageName(chapter.name) + "#" + section.id
                return item
            },
        ]
    }

    private func sectionContext(_ section: RenderedChapter.Section) -> [String: Any] {
        ["id": section.id, "title": section.title, "level": section.level]
    }

    private func link(_ chapter: RenderedChapter) -> [String: Any] {
        ["title": chapter.title, "href": ChapterTransform.pageName(chapter.name)]
    }
}
