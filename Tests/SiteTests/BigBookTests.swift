import Foundation
import Testing
@testable import Site

/// A book past the sidebar's limit, built again after changes: what an incremental build writes
/// (chapters read back from the cache, pages rendered on every core) is what a fresh build of
/// the same chapters writes.
@Suite struct BigBookTests {
    static let extraChapters = PageRenderer.sidebarLimit + 5

    /// The fixture's chapter and enough short chapters after it to pass the sidebar's limit,
    /// each linking to the next one's heading.
    static func bigBook() throws -> SiteFixture {
        let fixture = try SiteFixture()
        var order = ["demo"]
        for number in 1...extraChapters {
            let name = String(format: "extra%02d", number)
            order.append(name)
            let next = String(format: "extra%02d", number % extraChapters + 1)
            try fixture.write("""
                # Extra chapter \(number)

                Words   about\tchapter \(number), with *emphasis* and `code`.

                ## Going on

                On to [the next one](../\(next)/chapter.md#going-on), or [back](#extra-chapter-\(number)).

                """, to: "Chapters/\(name)/chapter.md")
        }
        try fixture.write(order.joined(separator: "\n") + "\n", to: "Chapters/contents.txt")
        return fixture
    }

    /// Every file of a site folder (but the build's own records), by relative path.
    static func files(_ site: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for path in FileManager.default.subpaths(atPath: site.path) ?? [] where !path.hasPrefix(".workbook") {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: site.appendingPathComponent(path).path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[path] = try Data(contentsOf: site.appendingPathComponent(path))
            }
        }
        return files
    }

    static func freshBuild(of fixture: SiteFixture) throws -> [String: Data] {
        var options = SiteBuilder.Options(packageRoot: fixture.root, output: fixture.root.appendingPathComponent("fresh-site"), fresh: true)
        options.generator = "tests"
        _ = try SiteBuilder(options).build()
        return try files(options.output)
    }

    @Test func anIncrementalBuildWritesWhatAFreshBuildWrites() throws {
        let fixture = try Self.bigBook()
        defer { fixture.remove() }
        let first = try fixture.build()
        #expect(first.chapters.count == Self.extraChapters + 1)
        #expect(try fixture.read("extra01.html").contains(#"<a href="extra02.html#going-on">the next one</a>"#))

        let unchanged = try fixture.build()
        #expect(unchanged.written.isEmpty)
        #expect(!unchanged.sharedRendered)

        try fixture.write("# Extra chapter 7\n\nNew words.\n\n## Going on\n\nAnd a new paragraph about marmalade.\n", to: "Chapters/extra07/chapter.md")
        let changed = try fixture.build()
        #expect(changed.chapters.filter(\.rendered).map(\.name) == ["extra07"])
        #expect(Set(changed.written) == ["extra07.html", "print.html", "search-index.js"])
        let fresh = try Self.freshBuild(of: fixture)
        #expect(try Self.files(fixture.output) == fresh)
        #expect(try fixture.read("print.html").contains("marmalade"))
    }

    @Test func withoutItsCacheEveryChapterIsTransformedAgain() throws {
        let fixture = try Self.bigBook()
        defer { fixture.remove() }
        _ = try fixture.build()
        try FileManager.default.removeItem(atPath: OutputFile.location(of: ChapterCache.path, site: fixture.output.path, cache: fixture.root.appendingPathComponent(".site-build").path))
        let rebuilt = try fixture.build()
        #expect(rebuilt.chapters.allSatisfy { $0.rendered })
        let fresh = try Self.freshBuild(of: fixture)
        #expect(try Self.files(fixture.output) == fresh)
    }

    @Test func aChapterTransformedInAFailedBuildIsWrittenOnceTheBuildPasses() throws {
        let fixture = try Self.bigBook()
        defer { fixture.remove() }
        _ = try fixture.build()
        // extra03 changes and is fine; extra04 links to a heading that is not there.
        try fixture.write("# Extra chapter 3\n\nChanged words.\n\n## Going on\n\nMore.\n", to: "Chapters/extra03/chapter.md")
        try fixture.write("# Extra chapter 4\n\n## Going on\n\nSee [nothing](#nowhere).\n", to: "Chapters/extra04/chapter.md")
        #expect(throws: SiteError.self) { try fixture.build() }
        #expect(try !fixture.read("extra03.html").contains("Changed words"))

        try fixture.write("# Extra chapter 4\n\n## Going on\n\nFixed.\n", to: "Chapters/extra04/chapter.md")
        let fixed = try fixture.build()
        #expect(Set(fixed.chapters.filter(\.rendered).map(\.name)) == ["extra03", "extra04"])
        #expect(try fixture.read("extra03.html").contains("Changed words"))
        let fresh = try Self.freshBuild(of: fixture)
        #expect(try Self.files(fixture.output) == fresh)
    }

    @Test func theCacheGivesBackWhatWasPutIn() throws {
        let fixture = try SiteFixture()
        defer { fixture.remove() }
        _ = try fixture.build()
        let records = fixture.root.appendingPathComponent(".site-build").path
        let cache = ChapterCache(site: fixture.output.path, cache: records)
        let demo = try #require(cache.chapter("demo"))
        #expect(demo.title == "Demo chapter")
        #expect(demo.body.contains(#"<h2 id="the-run">"#))
        #expect(demo.assets.count == 1)
        #expect(try ChapterCache.record(demo) == cache.records["demo"])

        // A damaged file is read up to the damage.
        let other = RenderedChapter(name: "other", title: "Other\nchapter", body: "<p>é\n</p>", sections: [], assets: [], links: [], figures: [:])
        var file = ChapterCache.file([try ChapterCache.record(other), try ChapterCache.record(demo)])
        file.removeLast(10)
        try file.write(to: URL(fileURLWithPath: OutputFile.location(of: ChapterCache.path, site: fixture.output.path, cache: records)))
        let damaged = ChapterCache(site: fixture.output.path, cache: records)
        #expect(damaged.chapter("other") == other)
        #expect(damaged.chapter("demo") == nil)
    }
}
