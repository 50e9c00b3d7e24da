import Synchronization

/// The classes names were found to stand for, kept for the life of the process: what a name
/// finds does not change while it runs, and looking it up (checking the name, then asking the
/// runtime) cost more than the rest of restoring an object.
nonisolated enum ClassesByName {
    private static let found = Mutex<[String: AnyClass?]>([:])

    /// The class `name` stands for, worked out by `lookUp` the first time the name is asked for.
    static func `class`(named name: String, lookUp: (String) -> AnyClass?) -> AnyClass? {
        if let known = found.withLock({ $0[name] }) { return known }
        let result: AnyClass? = lookUp(name)
        found.withLock { $0[name] = .some(result) }
        return result
    }
}
