import Foundation
import WorkbookSupport

/// The engine's source folders, from the package's root: every app links them (CoreData
/// included, which chapter apps may import), so a change in any of them makes every capture due
/// again. The run fingerprint and the site build read this one list, the same way.
public enum EngineInputs {
    public static let sourceFolders = ["Sources/RestorationModel", "Sources/RestorationKit", "Sources/BinaryPropertyList", "Sources/CoreData"]

    /// Adds each engine folder's digest, as `stamps` knows it (read once per build).
    public static func add(to digest: inout FNV1a, stamps: inout FileStamps, packageRoot: URL) {
        let root = packageRoot.standardizedFileURL.path
        for folder in sourceFolders { digest.add(stamps.digest(folder: root + "/" + folder)) }
    }
}
