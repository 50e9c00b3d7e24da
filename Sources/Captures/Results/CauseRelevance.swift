import RestorationModel

/// Which causes bear on a loss: a cause about one controller explains what that controller lost,
/// what its descendants lost with it (a parent that did not come back takes its children), and
/// what its ancestors lost. A grader shows each criterion only the causes that bear on what it
/// lost, so that a mistake on another tab is not blamed for it.
extension RestorationCause {
    /// Whether this cause can explain one of `lost`.
    public func bears(onAnyOf lost: [StateLoss]) -> Bool {
        bears(onControllersAt: lost.map { $0.controller?.restorationPath })
    }

    /// Whether this cause can explain what the controllers at `paths` lost (`nil`: a controller
    /// that takes no part). It cannot when it names a path in the same tree (under the same
    /// root) that is neither one of theirs, nor an ancestor's, nor a descendant's: another branch
    /// of the screens. Anything else bears: a cause that names no path (an opt-in, an abandoned
    /// archive, a controller without an identifier), one about an object outside the tree (a
    /// registered object, whose bond to what was lost a path does not show), and every cause
    /// when there is no path or one is `nil`, since nothing then tells them apart.
    public func bears(onControllersAt paths: [String?]) -> Bool {
        guard let path, !paths.isEmpty, !paths.contains(nil) else { return true }
        let paths = paths.compactMap { $0 }
        guard paths.contains(where: { Self.root(of: $0) == Self.root(of: path) }) else { return true }
        return paths.contains { $0 == path || $0.hasPrefix(path + "/") || path.hasPrefix($0 + "/") }
    }

    /// The first identifier of a restoration identifier path.
    private static func root(of path: String) -> Substring {
        path.prefix { $0 != "/" }
    }
}

extension ScenarioResult {
    /// `why`, keeping only the causes that bear on `lost` (a part of this run's losses, as one
    /// criterion counts them), with where the app hung.
    public func why(bearingOn lost: [StateLoss]) -> [String] {
        why(bearingOnControllersAt: lost.map { $0.controller?.restorationPath })
    }

    /// `why`, keeping only the causes that bear on the controllers at `paths`, with where the app
    /// hung.
    public func why(bearingOnControllersAt paths: [String?]) -> [String] {
        let guessesApply = !lost.isEmpty || !passed
        return causes.filter { ($0.kind != .keyNeverEncoded || guessesApply) && $0.bears(onControllersAt: paths) }.map(\.sentence)
            + (hang.map { ["The app \($0)."] } ?? [])
    }
}
