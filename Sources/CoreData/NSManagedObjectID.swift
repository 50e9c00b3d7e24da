import Foundation

/// Names one object of one store, and outlives the object: the thing to keep (as a URI) when the
/// object itself cannot be kept, for example in a restoration archive.
///
/// An object has a temporary ID from its insertion until it is saved or given a permanent ID
/// (`obtainPermanentIDs(for:)`); then its `objectID` is a new, permanent ID made from the store's
/// UUID and the row's primary key, and the temporary ID is never valid again.
public final class NSManagedObjectID: NSObject, @unchecked Sendable {
    enum Key: Hashable {
        /// A row's primary key (`p<n>` in the URI), in the store with this identifier.
        case permanent(storeIdentifier: String, primaryKey: Int64)
        /// A name for an unsaved object, unique for ever (`t<UUID>` in the URI).
        case temporary(UUID)
    }

    public let entity: NSEntityDescription
    let key: Key

    init(entity: NSEntityDescription, key: Key) {
        self.entity = entity
        self.key = key
    }

    public var isTemporaryID: Bool {
        if case .temporary = key { return true }
        return false
    }

    /// The row's primary key, for a permanent ID.
    var primaryKey: Int64? {
        if case .permanent(_, let primaryKey) = key { return primaryKey }
        return nil
    }

    /// `x-coredata://<store UUID>/<Entity>/p<n>` for a saved object;
    /// `x-coredata:///<Entity>/t<UUID>` (no store: it is in none yet) for an unsaved one.
    public func uriRepresentation() -> URL {
        let text: String
        switch key {
        case .permanent(let store, let primaryKey): text = "x-coredata://\(store)/\(entity.name)/p\(primaryKey)"
        case .temporary(let uuid): text = "x-coredata:///\(entity.name)/t\(uuid.uuidString)"
        }
        // Entity names are plain identifiers and store identifiers UUIDs, so the text is a valid URL.
        return URL(string: text)!
    }

    public override var description: String { "<NSManagedObjectID \(uriRepresentation().absoluteString)>" }

    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? NSManagedObjectID else { return false }
        return other.key == key && other.entity.name == entity.name
    }

    /// The key alone: within one context, IDs of different entities or stores that share a key
    /// are rare, and `isEqual` tells them apart.
    public override var hash: Int {
        switch key {
        case .permanent(_, let primaryKey): return primaryKey.hashValue
        case .temporary(let uuid): return uuid.hashValue
        }
    }

    /// What a context files its objects under. Swift's own hashing of the key alone: NSObject's
    /// goes through `isEqual(_:)` and a dynamic cast, which dominated saving and fetching.
    struct RegistryKey: Hashable {
        let entityName: String
        let key: Key

        func hash(into hasher: inout Hasher) {
            switch key {
            case .permanent(_, let primaryKey): hasher.combine(primaryKey)
            case .temporary(let uuid): hasher.combine(uuid)
            }
        }
    }

    var registryKey: RegistryKey { RegistryKey(entityName: entity.name, key: key) }

    /// A new temporary ID's UUID: random bits drawn once per process, then a counter, so that
    /// IDs are unique across launches without asking the system for randomness per object.
    static func nextTemporaryUUID() -> UUID {
        temporaryCounter.lock.lock()
        defer { temporaryCounter.lock.unlock() }
        temporaryCounter.count &+= 1
        var bytes = temporaryCounter.prefix
        withUnsafeMutableBytes(of: &bytes) { raw in
            withUnsafeBytes(of: temporaryCounter.count.bigEndian) { counter in
                for index in 0..<8 { raw[8 + index] = counter[index] }
            }
        }
        return UUID(uuid: bytes)
    }

    private static let temporaryCounter = TemporaryCounter()

    private final class TemporaryCounter: @unchecked Sendable {
        let lock = NSLock()
        let prefix = IdentifierRandomness.uuid().uuid
        var count: UInt64 = 0
    }
}
