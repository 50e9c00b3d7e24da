import Captures
import Foundation

/// Whether SwiftPM may reuse the manifests it evaluated last time, for the runner's builds.
///
/// Before it builds anything, SwiftPM evaluates the manifest of every package in the graph:
/// with the site's swift-syntax and the live server's Hummingbird (and their twenty packages)
/// that is some ten seconds on two cores, for an app that is already built. Its cache skips
/// that, but it keys a manifest on its text, and ours lists the chapters' folders as it runs:
/// a new app folder would go unseen. So the cache (`.build/manifest.db`) is used while the
/// folders the manifest looks at are the ones it was filled with, and dropped when they change.
struct ManifestCache {
    let packageRoot: URL

    /// `--manifest-cache`'s value for a build about to start.
    func option() -> String {
        let record = packageRoot.appendingPathComponent(".build/workbook-manifest-layout.txt")
        let layout = Data(Self.layout(of: packageRoot).utf8)
        guard FileManager.default.contents(atPath: record.path) != layout else { return "local" }
        do {
            let cache = packageRoot.appendingPathComponent(".build/manifest.db")
            if FileManager.default.fileExists(atPath: cache.path) { try FileManager.default.removeItem(at: cache) }
            try FileManager.default.createDirectory(at: record.deletingLastPathComponent(), withIntermediateDirectories: true)
            try layout.write(to: record, options: .atomic)
            return "local"
        } catch {
            // A cache that could not be dropped must not be read.
            return "none"
        }
    }

    /// What Package.swift's evaluation depends on besides its text: each chapter's app and
    /// library folders, which apps have an Info.plist, which chapters have their apps target,
    /// which modules are built from a copy prepared for Linux.
    static func layout(of packageRoot: URL) -> String {
        let files = FileManager.default
        let chapters = packageRoot.appendingPathComponent("Chapters")
        var lines: [String] = []
        for chapter in ChapterCatalog.folders(in: chapters) {
            lines.append("chapter \(chapter)")
            for library in ChapterCatalog.folders(in: chapters.appendingPathComponent("\(chapter)/Shared")) {
                lines.append("  shared \(library)")
            }
            for app in ChapterCatalog.folders(in: chapters.appendingPathComponent("\(chapter)/Apps")) {
                let infoPlist = files.fileExists(atPath: chapters.appendingPathComponent("\(chapter)/Apps/\(app)/Info.plist").path)
                lines.append("  app \(app)" + (infoPlist ? " Info.plist" : ""))
            }
            if files.fileExists(atPath: packageRoot.appendingPathComponent(".build/chapter-builds/\(chapter)/Apps.swift").path) {
                lines.append("  apps target")
            }
            for module in PreparedChapterSources.modulesWithCopies(in: packageRoot, chapter: chapter) {
                lines.append("  prepared \(module)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
