/// A chapter after the transform stage: its prose as HTML with every directive rendered, its
/// sections (for the sidebar and the search), and the files the page links to. Kept between
/// builds, so a chapter whose inputs did not change is not transformed again.
public struct RenderedChapter: Codable, Equatable, Sendable {
    public struct Section: Codable, Equatable, Sendable {
        /// The heading's anchor.
        public var id: String
        public var title: String
        public var level: Int
        /// The prose under the heading, as plain text, for the search.
        public var text: String
        /// The words of its figures (code, captions, screens, logs, archive keys), for the search.
        public var figures: String = ""
    }

    /// A file copied into the site (an archive to download).
    public struct Asset: Codable, Equatable, Hashable, Sendable {
        /// Absolute path of the original.
        public var source: String
        /// Where it goes, relative to the site's folder.
        public var path: String
    }

    /// A link to another chapter, checked once every chapter is known.
    public struct ChapterLink: Codable, Equatable, Sendable {
        public var location: String
        public var chapter: String
        public var anchor: String?
    }

    public var name: String
    public var title: String
    public var body: String
    public var sections: [Section]
    public var assets: [Asset]
    /// Steps whose sources the page offers as a zip (`files/<chapter>/<App>.zip`).
    public var downloads: [String] = []
    public var links: [ChapterLink]
    /// How many of each directive were rendered: `run`, `listing`, `archive`.
    public var figures: [String: Int]
}
