import Foundation

/// The screen the system captures after the app enters the background, shown at the next
/// launch until the app's first real frame. Kept as a screen description in the container's
/// caches, where iOS keeps its snapshot images.
package struct SnapshotStore {
    package let container: AppContainer

    package init(container: AppContainer) {
        self.container = container
    }

    package func save(_ screen: Screen) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try FileManager.default.createDirectory(at: container.snapshotURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        try AtomicFileWrite.write(encoder.encode(screen), to: container.snapshotURL)
    }

    /// The next launch shows the launch image.
    package func remove() {
        try? FileManager.default.removeItem(at: container.snapshotURL)
    }

    /// What the user sees while the app launches: the last snapshot, or the launch image when
    /// there is none (or it cannot be read).
    package func screenShownAtLaunch() -> Screen {
        guard let data = FileManager.default.contents(atPath: container.snapshotURL.path),
              let screen = try? JSONDecoder().decode(Screen.self, from: data) else { return .launchImage }
        return screen
    }
}
