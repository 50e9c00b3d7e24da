import Foundation
import WorkbookSupport

/// `@UIApplicationMain` makes the Swift compiler on Linux crash (signal 11, no message), which
/// tells the author nothing. Code is searched for it before the compiler runs, and each use is
/// reported as the compiler would report an error: where it is and what to write instead.
public enum UIApplicationMainCheck {
    public static let attribute = "@UIApplicationMain"

    public static let advice = "`@UIApplicationMain` crashes the Swift compiler on Linux; "
        + "write `@main` on the app delegate class instead (RestorationKit provides its `main()`, as UIKit does)"

    /// One use of the attribute, as a compiler error line: `path:line:column: error: …`.
    public struct Finding: Equatable, Sendable, CustomStringConvertible {
        public var path: String
        public var line: Int
        public var column: Int

        public var description: String { "\(path):\(line):\(column): error: \(UIApplicationMainCheck.advice)" }
    }

    /// The uses in one file's text, named by `path` (as its author knows it).
    public static func findings(in source: String, path: String) -> [Finding] {
        // Most files never mention it; they are not scanned at all.
        guard source.contains(attribute) else { return [] }
        return SwiftCodeScanner(source).occurrences(of: attribute).map { Finding(path: path, line: $0.line, column: $0.column) }
    }

    /// The uses in every Swift file under `folder`, hidden folders left out, in path order; paths
    /// are shown from `shownFrom` when the file is inside it, escaped as FileNameText shows names.
    public static func findings(inFolder folder: URL, shownFrom base: URL) -> [Finding] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles]) else { return [] }
        var found: [Finding] = []
        let basePath = base.standardizedFileURL.path + "/"
        for case let file as URL in walker where file.pathExtension == "swift" {
            guard let data = FileManager.default.contents(atPath: file.path) else { continue }
            let path = file.standardizedFileURL.path
            let shown = path.hasPrefix(basePath) ? String(path.dropFirst(basePath.count)) : path
            found += findings(in: String(decoding: data, as: UTF8.self), path: FileNameText.shown(shown))
        }
        return found.sorted { ($0.path, $0.line) < ($1.path, $1.line) }
    }
}
