import BinaryPropertyList
import Foundation
import RestorationKit

/// Archives built in code, the way a preservation would lay them out: a navigation controller
/// `Nav` with a `Detail` controller pushed onto it that saves the key of the item it shows.
enum Archives {
    static let nav = RestorationPath(root: "Nav")
    static let detail = nav.appending("Detail", atIndex: 1)

    static func topLevel(bundleVersion: String = "1") -> [String: PropertyListValue] {
        [
            UIApplication.stateRestorationBundleVersionKey: .string(bundleVersion),
            UIApplication.stateRestorationUserInterfaceIdiomKey: .integer(0),
        ]
    }

    static func navigation(showing itemKey: String? = "A1") -> StateArchive {
        var entries = [StateArchive.Entry(path: nav, kind: .viewController, className: "RestorationKit.UINavigationController",
                                          state: ["kViewControllerViewWasLoadedKey": .boolean(true)])]
        var classMap: [RestorationPath: String] = [:]
        if let itemKey {
            entries.append(.init(path: detail, kind: .viewController, className: "Homepwner.DetailViewController",
                                 state: ["item.itemKey": .string(itemKey)]))
            classMap[detail] = "Homepwner.DetailViewController"
        }
        return StateArchive(topLevel: topLevel(), restorationClassMap: classMap, entries: entries)
    }

    /// Writes an archive to a fresh temporary file; the caller removes it.
    static func write(_ archive: StateArchive) throws -> URL {
        try write(archive.encoded())
    }

    static func write(_ bytes: Data) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("archive-\(UUID().uuidString).data")
        try bytes.write(to: url)
        return url
    }
}
