import Synchronization

/// The Core Data stores open in this process, which the engine asks about when a controller that
/// saved an object ID did not come back: whether any store was open when restoration ran, and
/// whether the row a permanent ID names is there. Core Data tells it of each store it opens; the
/// engine knows nothing else of Core Data.
package enum OpenObjectStores {
    /// Whether the store has a row of the entity (by name) with the primary key; `nil` when the
    /// store is gone or has no such entity.
    package typealias RowLookup = @Sendable (_ entity: String, _ primaryKey: Int64) -> Bool?

    private static let stores = Mutex<[(identifier: String, lookup: RowLookup)]>([])

    /// Called by Core Data when it opens a store.
    package static func opened(_ identifier: String, lookup: @escaping RowLookup) {
        stores.withLock { $0.append((identifier, lookup)) }
    }

    /// Whether any store has been opened in this process.
    package static var anyOpen: Bool {
        stores.withLock { !$0.isEmpty }
    }

    /// Whether the open store `identifier` has the row; `nil` when no open store has that
    /// identifier or it cannot tell.
    package static func hasRow(store identifier: String, entity: String, primaryKey: Int64) -> Bool? {
        let lookups = stores.withLock { $0.filter { $0.identifier == identifier }.map(\.lookup) }
        for lookup in lookups.reversed() {
            if let answer = lookup(entity, primaryKey) { return answer }
        }
        return nil
    }
}
