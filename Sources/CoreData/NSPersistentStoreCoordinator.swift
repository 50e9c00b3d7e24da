import Foundation
import RestorationModel

/// Joins a model to its store, and turns object URIs back into object IDs.
public final class NSPersistentStoreCoordinator {
    public let managedObjectModel: NSManagedObjectModel
    public private(set) var persistentStores: [NSPersistentStore] = []
    /// The contexts working on this coordinator, for resolving temporary URIs of this launch.
    private var contexts: [WeakContext] = []

    private struct WeakContext {
        weak var context: NSManagedObjectContext?
    }

    public init(managedObjectModel: NSManagedObjectModel) {
        self.managedObjectModel = managedObjectModel
    }

    /// Opens (or creates) the SQLite store at `url`. Only one store per coordinator is supported.
    @discardableResult
    public func addPersistentStore(ofType storeType: String = NSSQLiteStoreType, at url: URL) throws -> NSPersistentStore {
        guard storeType == NSSQLiteStoreType else {
            throw CoreDataError(.storeOpen, "Could not open the store at \(url.path): the store type \"\(storeType)\" is not supported; use NSSQLiteStoreType.")
        }
        guard persistentStores.isEmpty else {
            throw CoreDataError(.storeOpen, "Could not open the store at \(url.path): this coordinator already has a store (\(persistentStores[0].url.path)), and only one is supported.")
        }
        let store = try NSPersistentStore(url: url, model: managedObjectModel)
        persistentStores.append(store)
        // The engine asks, when a restored screen's object ID found nothing, whether a store
        // was open and held the row.
        let reference = StoreReference(store)
        OpenObjectStores.opened(store.identifier) { entity, primaryKey in reference.hasRow(entity: entity, primaryKey: primaryKey) }
        return store
    }

    func register(_ context: NSManagedObjectContext) {
        contexts.removeAll { $0.context == nil || $0.context === context }
        contexts.append(WeakContext(context: context))
    }

    /// The object ID a URI from `uriRepresentation()` stands for, or nil when it is malformed,
    /// names an entity the model lacks, belongs to another store, or is a temporary ID that no
    /// context of this coordinator holds (one from an earlier launch, say). A permanent ID is
    /// answered without reading the store: `existingObject(with:)` tells whether the object
    /// still exists.
    public func managedObjectID(forURIRepresentation url: URL) -> NSManagedObjectID? {
        try? resolveManagedObjectID(forURIRepresentation: url)
    }

    /// The same answer as `managedObjectID(forURIRepresentation:)`, with the reason when there is
    /// none: which part of the URI is malformed, or which store or launch it belongs to. (This
    /// library's addition; Apple's answers only nil.)
    public func resolveManagedObjectID(forURIRepresentation url: URL) throws -> NSManagedObjectID {
        let text = url.absoluteString
        let reference = try ObjectURI.parse(text).get()
        guard let entity = managedObjectModel.entitiesByName[reference.entityName] else {
            throw CoreDataError(.objectNotFound, "\"\(text)\" names the entity \(reference.entityName), which the model lacks (it has \(managedObjectModel.entities.map(\.name).joined(separator: ", "))).")
        }
        switch reference.key {
        case .permanent(let storeIdentifier, let primaryKey):
            guard persistentStores.contains(where: { $0.identifier == storeIdentifier }) else {
                let loaded = persistentStores.map(\.identifier).joined(separator: ", ")
                throw CoreDataError(.objectNotFound, "\"\(text)\" belongs to the store \(storeIdentifier), which is not loaded (\(loaded.isEmpty ? "no store is loaded" : "the loaded store is \(loaded)")).")
            }
            return NSManagedObjectID(entity: entity, key: .permanent(storeIdentifier: storeIdentifier, primaryKey: primaryKey))
        case .temporary:
            let objectID = NSManagedObjectID(entity: entity, key: reference.key)
            guard contexts.contains(where: { $0.context?.registered[objectID.registryKey] != nil }) else {
                throw CoreDataError(.objectNotFound, "\"\(text)\" is a temporary ID that no context holds: it named an object before its first save, in a launch that has ended or by an object since saved or discarded. Save the object (or call obtainPermanentIDs(for:)) before keeping its URI.")
            }
            return objectID
        }
    }
}

/// The parts of an object URI, read strictly: `x-coredata://<UUID>/<Entity>/p<n>` (n ≥ 1) or
/// `x-coredata:///<Entity>/t<UUID>`, nothing more.
struct ObjectURI {
    let entityName: String
    let key: NSManagedObjectID.Key

    static let scheme = "x-coredata://"

    /// The URI's parts, or why it is not an object URI.
    static func parse(_ text: String) -> Result<ObjectURI, CoreDataError> {
        func malformed(_ reason: String) -> Result<ObjectURI, CoreDataError> {
            .failure(CoreDataError(.objectNotFound, "\"\(text)\" is not an object URI: \(reason). Expected x-coredata://<store UUID>/<Entity>/p<number> or x-coredata:///<Entity>/t<UUID>."))
        }
        guard text.hasPrefix(scheme) else { return malformed("it does not start with \(scheme)") }
        let parts = text.dropFirst(scheme.count).split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3 else { return malformed("it has \(parts.count) parts after the scheme, not 3") }
        let (store, entityName, last) = (parts[0], parts[1], parts[2])
        guard NSManagedObjectModel.isPlainName(entityName) else { return malformed("\"\(entityName)\" is not an entity name") }
        if store.isEmpty {
            guard last.hasPrefix("t"), let uuid = UUID(uuidString: String(last.dropFirst())), uuid.uuidString == last.dropFirst() else {
                return malformed("a temporary ID's last part is t and an upper-case UUID")
            }
            return .success(ObjectURI(entityName: entityName, key: .temporary(uuid)))
        }
        guard let storeUUID = UUID(uuidString: store), storeUUID.uuidString == store else {
            return malformed("\"\(store)\" is not an upper-case store UUID")
        }
        let digits = last.dropFirst()
        guard last.hasPrefix("p"), !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber), !digits.hasPrefix("0"), let primaryKey = Int64(digits) else {
            return malformed("a permanent ID's last part is p and a number from 1")
        }
        return .success(ObjectURI(entityName: entityName, key: .permanent(storeIdentifier: store, primaryKey: primaryKey)))
    }
}
