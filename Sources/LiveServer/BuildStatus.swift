import Foundation
import Synchronization

/// What the served site is doing (building, ready, or failed with problems), and which build
/// last wrote each file: open pages hear of every change and decide whether to reload.
///
/// Builds are counted: the page was served after build N, and it reloads when a later build
/// wrote it (or a style sheet or script every page uses), failed, or recovered from a failure
/// the page was showing.
public final class BuildStatus: Sendable {
    public enum Phase: String, Sendable {
        case building, ready, failed
    }

    public struct Snapshot: Sendable, Equatable {
        public var phase: Phase
        /// How many builds have finished.
        public var build: Int
        /// Why the last build failed, each naming its file and line.
        public var problems: [String]
        /// The build that last wrote each file, by its path in the site.
        var writtenBy: [String: Int]
        /// The last build that wrote a file that is not a page (style sheet, scripts).
        var assetsBuild: Int

        /// The last build that changed what this page shows.
        public func lastChange(of page: String) -> Int {
            max(writtenBy[page] ?? 0, assetsBuild)
        }
    }

    /// This server's own name for itself: a page served by an earlier `workbook serve` counts
    /// builds from another start, so it reloads whatever its count says.
    public let session = String(UInt64.random(in: 1...UInt64.max), radix: 36)

    /// The state and the open pages' streams, behind one lock: builds change them on the rebuild
    /// thread while the server's tasks read them.
    private let shared = Mutex(Shared())

    private struct Shared {
        var state = Snapshot(phase: .building, build: 0, problems: [], writtenBy: [:], assetsBuild: 0)
        var listeners: [UUID: AsyncStream<Snapshot>.Continuation] = [:]
    }

    public init() {}

    public var current: Snapshot {
        shared.withLock { $0.state }
    }

    public func buildStarted() {
        change { $0.phase = .building }
    }

    /// A build finished and wrote these files (paths in the site).
    public func buildSucceeded(written: [String]) {
        change { state in
            state.build += 1
            state.phase = .ready
            state.problems = []
            for path in written {
                state.writtenBy[path] = state.build
                if !path.hasSuffix(".html") { state.assetsBuild = state.build }
            }
        }
    }

    public func buildFailed(problems: [String]) {
        change { state in
            state.build += 1
            state.phase = .failed
            state.problems = problems
        }
    }

    /// Every change from now on, starting with the current state. Only the newest matters to a
    /// page, so a slow reader gets that one, not a backlog.
    public func updates() -> AsyncStream<Snapshot> {
        let id = UUID()
        let (stream, continuation) = AsyncStream.makeStream(of: Snapshot.self, bufferingPolicy: .bufferingNewest(1))
        shared.withLock { shared in
            shared.listeners[id] = continuation
            continuation.yield(shared.state)
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.shared.withLock { $0.listeners.removeValue(forKey: id) }
        }
        return stream
    }

    /// Says the current state again to every listener: a connection whose page was closed is
    /// found out only by writing to it.
    public func repeatToListeners() {
        change { _ in }
    }

    private func change(_ update: (inout Snapshot) -> Void) {
        let (snapshot, continuations) = shared.withLock { shared in
            update(&shared.state)
            return (shared.state, Array(shared.listeners.values))
        }
        for continuation in continuations { continuation.yield(snapshot) }
    }
}
