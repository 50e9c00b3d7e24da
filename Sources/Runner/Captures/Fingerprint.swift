import Foundation
import WorkbookSupport

extension FNV1a {
    /// Adds every Swift file below a folder, and an app's `Info.plist`, by relative path, in
    /// sorted order.
    mutating func addSources(in folder: URL) {
        guard let paths = FileManager.default.subpaths(atPath: folder.path) else { return }
        for path in paths.sorted() where path.hasSuffix(".swift") || path == "Info.plist" {
            add(path)
            add(FileManager.default.contents(atPath: folder.appendingPathComponent(path).path) ?? Data())
        }
    }
}
