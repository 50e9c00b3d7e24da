import Foundation

/// The client-side search's index: one entry a section (its chapter, title, link and words),
/// as a script that hands the JSON to `search.js` (`search-index.js`: a page opened from disk
/// may not fetch a JSON file, so no `.json` is written beside it).
enum SearchIndex {
    struct Entry: Codable, Equatable {
        /// Chapter title, section title, link, prose, and the words of its figures (code
        /// identifiers, captions, screens, logs, archive keys).
        var chapter: String
        var title: String
        var href: String
        var text: String
        var figures: String
    }

    static func entries(_ chapters: [RenderedChapter]) -> [Entry] {
        chapters.flatMap { chapter in
            chapter.sections.map { section in
                Entry(chapter: chapter.title, title: section.title,
                      href: ChapterTransform.pageName(chapter.name) + (section.level == 1 ? "" : "#" + section.id),
                      text: section.text, figures: section.figures)
            }
        }
    }

    static func json(_ chapters: [RenderedChapter]) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(entries(chapters))) ?? Data("[]".utf8)
    }

    static func script(json: Data) -> Data {
        Data("window.workbookSearchIndex = ".utf8) + json + Data(";\n".utf8)
    }
}
