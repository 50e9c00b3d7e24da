import Foundation

/// Capture folders of a chapter that none of its scenarios makes any more: a scenario renamed
/// or removed, an app renamed. A run of the whole chapter removes them, so that `captures/`
/// holds only what the chapter runs today and nobody reads an old engine's log as current.
/// Only folders a run wrote (they hold `result.json`) are touched; captures of scenario files
/// kept outside the chapter (`from-file-…`) are the user's own runs and stay.
enum StaleCaptures {
    /// Removes them below `chapterFolder` (`captures/<chapter>`), keeping `current`; returns
    /// what it removed.
    @discardableResult
    static func remove(in chapterFolder: URL, keeping current: [URL]) -> [URL] {
        let kept = Set(current.map { $0.standardizedFileURL.path })
        let fileManager = FileManager.default
        var removed: [URL] = []
        for app in (try? fileManager.contentsOfDirectory(at: chapterFolder, includingPropertiesForKeys: nil)) ?? [] {
            let scenarios = (try? fileManager.contentsOfDirectory(at: app, includingPropertiesForKeys: nil)) ?? []
            for folder in scenarios where !kept.contains(folder.standardizedFileURL.path)
                && !folder.lastPathComponent.hasPrefix("from-file-")
                && fileManager.fileExists(atPath: folder.appendingPathComponent("result.json").path) {
                if (try? FolderTree.remove(folder)) != nil { removed.append(folder) }
            }
            if (try? fileManager.contentsOfDirectory(atPath: app.path))?.isEmpty == true { try? fileManager.removeItem(at: app) }
        }
        return removed
    }
}
