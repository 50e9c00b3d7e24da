@testable import Captures
import Foundation
import Testing

/// The book's order comes from `Chapters/contents.txt`, and a wrong line there is named.
@Suite struct ChapterOrderTests {
    func chapters(_ names: [String], contents: String?) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("chapter-order-\(UUID().uuidString)")
        for name in names {
            try FileManager.default.createDirectory(at: root.appendingPathComponent("\(name)/Apps"), withIntermediateDirectories: true)
            try Data("# \(name.capitalized)\n".utf8).write(to: root.appendingPathComponent("\(name)/chapter.md"))
        }
        if let contents { try Data(contents.utf8).write(to: root.appendingPathComponent("contents.txt")) }
        return root
    }

    @Test func chaptersFollowTheContentsThenTheRestByName() throws {
        let root = try chapters(["alpha", "beta", "gamma", "tour"], contents: "# the book\ntour\n\ngamma\n")
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(try ChapterCatalog(root: root).chapters.map(\.name) == ["tour", "gamma", "alpha", "beta"])
    }

    @Test func withoutContentsChaptersComeByName() throws {
        let root = try chapters(["tour", "chapter24"], contents: nil)
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(try ChapterCatalog(root: root).chapters.map(\.name) == ["chapter24", "tour"])
    }

    @Test func aLineNamingNoChapterIsReportedWithItsLine() throws {
        let root = try chapters(["tour"], contents: "tour\nchapter99\n")
        defer { try? FileManager.default.removeItem(at: root) }
        let error = try #require(throws: ChapterCatalogError.self) { try ChapterCatalog(root: root) }
        guard case .notAChapter(let name, let file, let line, _) = error else {
            Issue.record("expected a line naming no chapter, got \(error)")
            return
        }
        #expect((name, file.lastPathComponent, line) == ("chapter99", "contents.txt", 2))
        #expect(error.description.hasSuffix("contents.txt:2: expected the folder name of a chapter in \(root.path), got \"chapter99\""))
    }
}
