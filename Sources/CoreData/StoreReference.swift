/// A store as the engine's questions reach it (`OpenObjectStores`): weakly, so that asking keeps
/// no store open. The engine asks only on the main thread, where the store is used.
final class StoreReference: @unchecked Sendable {
    private weak var store: NSPersistentStore?

    init(_ store: NSPersistentStore) {
        self.store = store
    }

    /// Whether the store has the row; `nil` when the store is gone, the entity unknown, or the
    /// store cannot be read.
    func hasRow(entity name: String, primaryKey: Int64) -> Bool? {
        guard let store, let entity = store.model.entitiesByName[name] else { return nil }
        do {
            return try store.row(of: entity, primaryKey: primaryKey) != nil
        } catch {
            return nil
        }
    }
}
