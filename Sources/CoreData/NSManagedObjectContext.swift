import Foundation

/// A scratch pad of objects over the store: objects are inserted, changed and deleted here, and
/// nothing reaches the store until `save()`, which writes all of it in one transaction.
///
/// Contexts here are used from one thread (the main one, as `viewContext` is on iOS); there are
/// no `perform` queues, child contexts or merge policies.
public final class NSManagedObjectContext {
    public enum ConcurrencyType: Sendable {
        case mainQueueConcurrencyType
        case privateQueueConcurrencyType
    }

    public let concurrencyType: ConcurrencyType
    public var persistentStoreCoordinator: NSPersistentStoreCoordinator? {
        didSet { persistentStoreCoordinator?.register(self) }
    }

    /// Objects inserted and not yet saved, by identity (NSObject's own hashing is slow on Linux:
    /// it goes through `isEqual(_:)` and a dynamic cast).
    var inserted: [ObjectIdentifier: NSManagedObject] = [:]
    /// Objects deleted and not yet saved, by identity.
    var deleted: [ObjectIdentifier: NSManagedObject] = [:]

    public var insertedObjects: Set<NSManagedObject> { Set(inserted.values) }
    public var deletedObjects: Set<NSManagedObject> { Set(deleted.values) }
    /// Every object the context holds, by its current ID: one object per ID, so fetching a row
    /// twice answers the same object.
    var registered: [NSManagedObjectID.RegistryKey: NSManagedObject] = [:]
    private var insertions = 0

    /// Called after each row a save writes, with how many were written so far: the tests use it
    /// to kill a process in the middle of a save. Set once, before the first save, by a fixture.
    @_spi(Testing) nonisolated(unsafe) public static var afterWritingRow: ((Int) -> Void)?

    public init(concurrencyType: ConcurrencyType) {
        self.concurrencyType = concurrencyType
    }

    public var registeredObjects: Set<NSManagedObject> { Set(registered.values) }

    /// Saved objects whose values changed since.
    public var updatedObjects: Set<NSManagedObject> {
        Set(changedObjects())
    }

    public var hasChanges: Bool { !inserted.isEmpty || !deleted.isEmpty || !changedObjects().isEmpty }

    /// Saved objects whose values changed since, as an array.
    private func changedObjects() -> [NSManagedObject] {
        registered.values.filter {
            !$0.isFault && $0.values != $0.committedValues && inserted[ObjectIdentifier($0)] == nil && deleted[ObjectIdentifier($0)] == nil
        }
    }

    // MARK: Inserting and deleting

    /// Adds a new object, with a temporary ID. `init(context:)` and
    /// `NSEntityDescription.insertNewObject(forEntityName:into:)` call it for you.
    public func insert(_ object: NSManagedObject) {
        if let owner = object.managedObjectContext, owner !== self {
            preconditionFailure("insert(_:): \(object.objectID.uriRepresentation().absoluteString) already belongs to another context.")
        }
        guard object.managedObjectContext == nil || !registered.keys.contains(object.objectID.registryKey) else { return }
        object.managedObjectContext = self
        registered[object.objectID.registryKey] = object
        insertions += 1
        object.insertionSequence = insertions
        inserted[ObjectIdentifier(object)] = object
    }

    /// Marks an object deleted: it leaves fetches at once and the store at the next save. An
    /// object inserted and never saved simply goes.
    public func delete(_ object: NSManagedObject) {
        guard object.managedObjectContext === self else { return }
        if inserted.removeValue(forKey: ObjectIdentifier(object)) != nil {
            forget(object)
        } else {
            deleted[ObjectIdentifier(object)] = object
        }
    }

    private func forget(_ object: NSManagedObject) {
        registered[object.objectID.registryKey] = nil
        object.managedObjectContext = nil
    }

    // MARK: Finding objects by ID

    /// The object with `objectID`, read from the store now if the context does not hold it.
    /// Throws when no such object exists: never saved in this store, deleted, or a temporary ID
    /// from another launch.
    public func existingObject(with objectID: NSManagedObjectID) throws -> NSManagedObject {
        // A registered object is answered even if deleted and not yet saved, as Core Data does.
        if let object = registered[objectID.registryKey] {
            if object.isFault {
                guard let row = try storeValues(for: objectID) else { throw notFound(objectID) }
                object.values = row
                object.committedValues = row
                object.isFault = false
            }
            return object
        }
        guard !objectID.isTemporaryID, let row = try storeValues(for: objectID) else {
            throw notFound(objectID)
        }
        return register(objectID: objectID, values: row)
    }

    /// The object with `objectID`, without checking that it exists: a fault whose values are read
    /// when first used. If the row is gone by then, the program stops, as with Core Data.
    public func object(with objectID: NSManagedObjectID) -> NSManagedObject {
        if let object = registered[objectID.registryKey] { return object }
        return register(objectID: objectID, values: nil)
    }

    /// Gives the objects permanent IDs now, before they are saved, so that their URIs stay valid
    /// after a relaunch once they are saved. The keys are reserved in the store at once.
    public func obtainPermanentIDs(for objects: [NSManagedObject]) throws {
        let temporary = objects.filter { $0.objectID.isTemporaryID }
        guard !temporary.isEmpty else { return }
        for object in temporary where object.managedObjectContext !== self {
            throw CoreDataError(.invalidContext, "obtainPermanentIDs(for:): \(object.objectID.uriRepresentation().absoluteString) is not in this context.")
        }
        let store = try loadedStore()
        let keys = try store.connection.transaction { try store.reservePrimaryKeys(for: temporary.map(\.entity)) }
        for (object, key) in zip(temporary, keys) {
            makePermanent(object, store: store, primaryKey: key)
        }
    }

    private func makePermanent(_ object: NSManagedObject, store: NSPersistentStore, primaryKey: Int64) {
        registered[object.objectID.registryKey] = nil
        object.objectID = NSManagedObjectID(entity: object.entity, key: .permanent(storeIdentifier: store.identifier, primaryKey: primaryKey))
        registered[object.objectID.registryKey] = object
    }

    private func register(objectID: NSManagedObjectID, values: [String: AttributeValue]?) -> NSManagedObject {
        let object = objectID.entity.managedObjectClass.makeForStore(entity: objectID.entity, objectID: objectID, values: values)
        object.managedObjectContext = self
        registered[objectID.registryKey] = object
        return object
    }

    private func notFound(_ objectID: NSManagedObjectID) -> CoreDataError {
        let reason = objectID.isTemporaryID
            ? "it is a temporary ID, of an object never saved (temporary IDs do not outlive their launch)"
            : "the store has no such object (it was deleted, or never saved there)"
        return CoreDataError(.objectNotFound, "No object for \(objectID.uriRepresentation().absoluteString): \(reason).")
    }

    /// The stored values of a permanent ID's row, or nil when it has none.
    func storeValues(for objectID: NSManagedObjectID) throws -> [String: AttributeValue]? {
        guard case .permanent(let storeIdentifier, let primaryKey) = objectID.key else { return nil }
        let store = try loadedStore()
        guard store.identifier == storeIdentifier else { return nil }
        return try store.row(of: objectID.entity, primaryKey: primaryKey)
    }

    func loadedStore() throws -> NSPersistentStore {
        guard let coordinator = persistentStoreCoordinator else {
            throw CoreDataError(.invalidContext, "The context has no persistent store coordinator.")
        }
        guard let store = coordinator.persistentStores.first else {
            throw CoreDataError(.invalidContext, "The context's coordinator has no store loaded: call loadPersistentStores(completionHandler:) first, and check the error it reports.")
        }
        return store
    }

    // MARK: Saving and undoing

    /// Writes every insertion, change and deletion to the store in one SQLite transaction: a
    /// kill during the save leaves the store as it was before it, never half-written. Inserted
    /// objects get their permanent IDs. Throws (and changes nothing) when a required attribute
    /// is nil or the store cannot be written.
    public func save() throws {
        let updated = changedObjects()
        guard !self.inserted.isEmpty || !self.deleted.isEmpty || !updated.isEmpty else { return }
        let store = try loadedStore()
        let inserted = self.inserted.values.sorted { $0.insertionSequence < $1.insertionSequence }
        let deleted = Array(self.deleted.values)
        for object in inserted + updated {
            try validate(object)
        }
        let needingKeys = inserted.filter { $0.objectID.isTemporaryID }
        let keys = try store.connection.transaction { () -> [Int64] in
            let keys = try store.reservePrimaryKeys(for: needingKeys.map(\.entity))
            var written = 0
            func wrote() {
                written += 1
                Self.afterWritingRow?(written)
            }
            var keyOf: [ObjectIdentifier: Int64] = [:]
            for (object, key) in zip(needingKeys, keys) { keyOf[ObjectIdentifier(object)] = key }
            for object in inserted {
                let key = keyOf[ObjectIdentifier(object)] ?? object.objectID.primaryKey!
                try store.insertRow(of: object.entity, primaryKey: key, values: object.values)
                wrote()
            }
            for object in updated {
                try store.updateRow(of: object.entity, primaryKey: object.objectID.primaryKey!, values: object.values)
                wrote()
            }
            for object in deleted {
                try store.deleteRow(of: object.entity, primaryKey: object.objectID.primaryKey!)
                wrote()
            }
            return keys
        }
        // The store has it all: only now does memory follow.
        for (object, key) in zip(needingKeys, keys) {
            makePermanent(object, store: store, primaryKey: key)
        }
        for object in inserted + updated {
            object.committedValues = object.values
        }
        for object in deleted {
            forget(object)
        }
        self.inserted = [:]
        self.deleted = [:]
    }

    private func validate(_ object: NSManagedObject) throws {
        for attribute in object.entity.properties where !attribute.isOptional && object.values[attribute.name] == nil {
            throw CoreDataError(.validation, "\(object.entity.name).\(attribute.name) is required but nil in \(object.objectID.uriRepresentation().absoluteString); nothing was saved.")
        }
    }

    /// Throws away every unsaved change: inserted objects leave the context, deleted ones come
    /// back, changed values return to the stored ones.
    public func rollback() {
        for object in inserted.values {
            forget(object)
        }
        inserted = [:]
        deleted = [:]
        for object in registered.values where !object.isFault {
            object.values = object.committedValues
        }
    }

    /// Forgets every object the context holds (as after a relaunch); objects fetched again are new.
    public func reset() {
        for object in registered.values {
            object.managedObjectContext = nil
        }
        registered = [:]
        inserted = [:]
        deleted = [:]
    }
}

extension NSManagedObject {
    /// An object of this class made from the store, with no insertion.
    static func makeForStore(entity: NSEntityDescription, objectID: NSManagedObjectID, values: [String: AttributeValue]?) -> NSManagedObject {
        let object = self.init(entity: entity, insertInto: nil)
        object.objectID = objectID
        if let values {
            object.values = values
            object.committedValues = values
            object.isFault = false
        } else {
            object.values = [:]
            object.committedValues = [:]
            object.isFault = true
        }
        return object
    }
}
