import Foundation
import LiveServer
import Testing

/// Addresses to files of the site folder, and never outside it or into its hidden records.
@Suite struct SiteFilesTests {
    @Test func addressesNameTheSitesFilesAndNothingElse() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("site-files-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for path in ["index.html", "tour.html", "files/tour/index.html", ".workbook/manifest.json"] {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("x".utf8).write(to: url)
        }
        let files = SiteFiles(folder: folder)
        #expect(files.path(for: "/") == "index.html")
        #expect(files.path(for: "/tour.html") == "tour.html")
        #expect(files.path(for: "/files/tour") == "files/tour/index.html")
        #expect(files.path(for: "/files/tour/") == "files/tour/index.html")
        #expect(files.path(for: "/%74our.html") == "tour.html")
        #expect(files.path(for: "/../etc/passwd") == nil)
        #expect(files.path(for: "/files/%2e%2e/%2e%2e/x") == nil)
        #expect(files.path(for: "/.workbook/manifest.json") == nil)
        #expect(files.path(for: "/missing.html") == nil)
        #expect(SiteFiles.mediaType(of: "style.css") == "text/css; charset=utf-8")
    }
}
