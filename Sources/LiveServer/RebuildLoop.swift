import Foundation

/// The author's loop: wait for a save, build again, tell the pages. The build itself is the
/// caller's (`workbook build`'s incremental builder, which re-renders a chapter whose prose
/// changed and reruns only the runs whose inputs changed); this only orders the steps, one
/// build at a time: saves made during a build start the next one as soon as it ends.
public struct RebuildLoop: Sendable {
    public enum Outcome: Sendable {
        /// The files written, as paths in the site.
        case built(written: [String])
        /// Every problem, each naming its file and line.
        case failed(problems: [String])
    }

    public let status: BuildStatus
    /// Builds the site; gets the files whose change prompted it (none for the first build).
    public let build: @Sendable (_ changed: [String]) -> Outcome

    public init(status: BuildStatus, build: @escaping @Sendable (_ changed: [String]) -> Outcome) {
        self.status = status
        self.build = build
    }

    @discardableResult
    public func buildOnce(changed: [String] = []) -> Outcome {
        status.buildStarted()
        let outcome = build(changed)
        switch outcome {
        case .built(let written): status.buildSucceeded(written: written)
        case .failed(let problems): status.buildFailed(problems: problems)
        }
        return outcome
    }

    /// Builds after every burst of changes the watcher sees, for ever.
    public func run(watching watcher: FolderWatcher) -> Never {
        while true {
            buildOnce(changed: watcher.nextChanges())
        }
    }
}
