import Synchronization

/// Values worked out once per key and kept for the life of the process: the names and
/// descriptions of classes, which do not change while an app runs, asked for thousands of times
/// while it preserves or restores. The lock is not held while a value is made.
nonisolated final class ProcessMemo<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let values = Mutex<[Key: Value]>([:])

    func value(for key: Key, make: (Key) -> Value) -> Value {
        if let known = values.withLock({ $0[key] }) { return known }
        let made = make(key)
        values.withLock { $0[key] = made }
        return made
    }
}
