import Foundation
import WorkbookSupport

/// What the last build of a site folder was made from and what it wrote, kept in
/// `manifest.json` in the cache folder beside it (`.site-build/` for `site/`). A rebuild compares its inputs with these and does only the
/// work whose inputs changed; with nothing changed it reads this file, looks at the inputs'
/// sizes and times, and stops.
struct BuildManifest: Codable, Equatable {
    static let version = 1

    struct Output: Codable, Equatable {
        /// Which part of the build wrote it: a chapter's name, or `site` for the shared pages.
        var owner: String
        var size: Int64
    }

    var version = BuildManifest.version
    var files: [String: FileStamps.Record] = [:]
    /// Per chapter: the digest of what its runs depend on (apps, scenarios, engine, toolchain, captures).
    var runs: [String: String] = [:]
    /// Per chapter: the digest of what its page depends on.
    var pages: [String: String] = [:]
    /// The digest of what the shared pages (index, print, search, static files) depend on.
    var shared: String?
    /// Every file written, relative to the site folder.
    var outputs: [String: Output] = [:]

    static func load(from url: URL) -> BuildManifest? {
        guard let data = FileManager.default.contents(atPath: url.path),
              let manifest = try? JSONDecoder().decode(BuildManifest.self, from: data),
              manifest.version == version else { return nil }
        return manifest
    }

    func save(to url: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try encoder.encode(self).write(to: url, options: .atomic)
    }
}
