import BinaryPropertyList
import Foundation

/// An app's sandbox on disk, laid out as on a device. Only what is here survives a kill.
public struct AppContainer: Sendable {
    public let url: URL
    public let bundleIdentifier: String

    public init(url: URL, bundleIdentifier: String) {
        self.url = url
        self.bundleIdentifier = bundleIdentifier
    }

    public var documentsURL: URL { url.appendingPathComponent("Documents", isDirectory: true) }
    public var libraryURL: URL { url.appendingPathComponent("Library", isDirectory: true) }
    public var cachesURL: URL { libraryURL.appendingPathComponent("Caches", isDirectory: true) }
    public var savedStateURL: URL {
        libraryURL.appendingPathComponent("Saved Application State/\(bundleIdentifier).savedState", isDirectory: true)
    }
    /// The restoration archive.
    public var archiveURL: URL { savedStateURL.appendingPathComponent("data.data") }
    /// The marker UIKit writes before restoring; it holds the tries left.
    public var restorationMarkerURL: URL { savedStateURL.appendingPathComponent("inprogress.data") }
    /// Where `UserDefaults.standard` keeps the app's preferences, as on a device: the file is
    /// `<bundle id>.plist` in this folder.
    public var preferencesURL: URL { libraryURL.appendingPathComponent("Preferences", isDirectory: true) }

    /// What a launcher adds to the app's environment so that Foundation keeps the app's
    /// preferences in this container. Foundation on Linux puts them in `XDG_CONFIG_HOME` (by
    /// default `~/.config`, outside the container) and reads the variable once, as the process
    /// starts: the app cannot point it elsewhere itself, the launch has to.
    public var launchEnvironment: [String: String] {
        ["XDG_CONFIG_HOME": preferencesURL.path]
    }

    /// The screen captured when the app last went to the background.
    public var snapshotURL: URL {
        cachesURL.appendingPathComponent("Snapshots/\(bundleIdentifier)/snapshot.json")
    }

    /// Creates the folders a fresh install has, and clears what writes cut short by a kill left:
    /// the engine's own, and those of the app's `.atomic` writes, as iOS does.
    public func prepare() throws {
        for folder in [documentsURL, cachesURL, savedStateURL] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        for folder in [savedStateURL, snapshotURL.deletingLastPathComponent()] {
            AtomicFileWrite.removeLeftovers(in: folder)
        }
        AtomicFileWrite.removeFoundationLeftovers(below: url)
    }

    /// What the app switcher does on force quit: the saved state is deleted.
    public func discardSavedState() {
        try? FileManager.default.removeItem(at: savedStateURL)
    }

    /// Force quit also drops the app's snapshot: the next launch shows the launch image, since
    /// the screen the user swiped away is not coming back.
    public func discardSnapshot() {
        try? FileManager.default.removeItem(at: snapshotURL)
    }

    // MARK: The restoration marker

    /// The tries left recorded by an earlier launch that did not finish restoring, checked.
    /// A folder in the marker's place is no marker: writing one there fails, as it should.
    package func restorationTriesLeft() -> RestorationMarkerReading {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: restorationMarkerURL.path, isDirectory: &isFolder), !isFolder.boolValue else {
            return .absent
        }
        guard let data = FileManager.default.contents(atPath: restorationMarkerURL.path) else {
            return .unusable(reason: "the restoration marker cannot be read")
        }
        return RestorationMarkerReading(contents: data)
    }

    package func writeRestorationMarker(triesLeft: RestorationTries) throws {
        let data = BinaryPropertyList.encode(.dictionary([RestorationMarkerReading.triesLeftKey: .integer(triesLeft.count)]))
        try AtomicFileWrite.write(data, to: restorationMarkerURL)
    }

    package func removeRestorationMarker() {
        try? FileManager.default.removeItem(at: restorationMarkerURL)
    }
}
