import BinaryPropertyList

/// Core Data object IDs a controller saved with a store in them (`x-coredata://<store>/Note/p3`)
/// that named nothing when restoration looked: no store was open yet (the app opens it in
/// `didFinishLaunching`, after restoration), or the store has no such row (the object was given a
/// permanent ID with `obtainPermanentIDs(for:)` and never saved). Either is the likeliest reason
/// the controller that saved it was not recreated; the causes say which.
package enum PermanentObjectIDs {
    /// A permanent object ID's URI, in its parts.
    package struct Saved: Equatable {
        package var key: String
        package var uri: String
        package var store: String
        package var entity: String
        package var primaryKey: Int64
    }

    /// The first saved key, by name, holding a permanent object ID's URI.
    package static func saved(in state: [String: PropertyListValue]) -> Saved? {
        for key in state.keys.sorted() {
            if let uri = firstPermanent(in: state[key]!), let saved = parse(uri, key: key) { return saved }
        }
        return nil
    }

    /// What a cause adds, asked while restoration runs: why the ID found nothing, when the open
    /// stores tell. `nil` when a store is open and holds the row (the ID was not the problem).
    package static func sentence(for saved: Saved?) -> String? {
        guard let saved else { return nil }
        guard OpenObjectStores.anyOpen else {
            return "It had saved \"\(saved.key)\" = \(saved.uri), but no Core Data store was open yet when restoration ran, so that ID could name nothing. Restoration runs between application(_:willFinishLaunchingWithOptions:) and application(_:didFinishLaunchingWithOptions:): open the store by the end of the first."
        }
        guard OpenObjectStores.hasRow(store: saved.store, entity: saved.entity, primaryKey: saved.primaryKey) == false else { return nil }
        return "It had saved \"\(saved.key)\" = \(saved.uri), but the store has no \(saved.entity) row \(saved.primaryKey): the object was given a permanent ID (with obtainPermanentIDs(for:), say) but never saved, or it has been deleted since. A permanent ID does not write the row: save the context before the app's state is preserved."
    }

    private static func parse(_ uri: String, key: String) -> Saved? {
        let parts = uri.dropFirst("x-coredata://".count).split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, parts[2].hasPrefix("p"), let primaryKey = Int64(parts[2].dropFirst()) else { return nil }
        return Saved(key: key, uri: uri, store: String(parts[0]), entity: String(parts[1]), primaryKey: primaryKey)
    }

    private static func firstPermanent(in value: PropertyListValue) -> String? {
        switch value {
        case .string(let text): return text.hasPrefix("x-coredata://") && !text.hasPrefix("x-coredata:///") ? text : nil
        case .array(let items): return items.lazy.compactMap(firstPermanent).first
        case .dictionary(let entries): return entries.keys.sorted().lazy.compactMap { entries[$0].flatMap(firstPermanent) }.first
        default: return nil
        }
    }
}
