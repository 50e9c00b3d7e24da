import Foundation

/// What a fetch request can return: managed objects.
public protocol NSFetchRequestResult: AnyObject {}

/// One object of the store, living in one context. Subclass it per entity and declare the
/// attributes as properties with `@Managed("key")`.
///
/// How this differs from Apple's: on iOS, `@NSManaged var title: String` asks the Objective-C
/// runtime to generate the accessors. Swift on Linux has no such runtime, so here the accessors
/// are spelled out: `@Managed("title") var title: String` reads and writes through
/// `value(forKey:)` and `setValue(_:forKey:)`, which exist on both platforms and behave alike (the
/// context sees every change; `rollback()` undoes it). `value(forKey:)` answers Swift's own
/// types (`Int` for integer attributes) rather than `NSNumber`.
///
/// Like Apple's, it is not `NSCoding`: an object belongs to its context and its store, so an
/// archive keeps its `objectID.uriRepresentation()`, and the next launch fetches it again.
open class NSManagedObject: NSObject, NSFetchRequestResult {
    public let entity: NSEntityDescription
    /// Temporary until the object is saved or given a permanent ID; then the permanent one.
    public internal(set) var objectID: NSManagedObjectID {
        get {
            if let assigned { return assigned }
            // Made on first use: an object read from the store is given its permanent ID at once,
            // and should not pay for a temporary one first.
            let temporary = NSManagedObjectID(entity: entity, key: .temporary(NSManagedObjectID.nextTemporaryUUID()))
            assigned = temporary
            return temporary
        }
        set { assigned = newValue }
    }
    private var assigned: NSManagedObjectID?
    /// The context the object lives in; nil once it is deleted and saved, or rolled back out.
    public internal(set) weak var managedObjectContext: NSManagedObjectContext?

    /// The values as they are now, unsaved changes included. An absent key is nil.
    var values: [String: AttributeValue] = [:]
    /// The values as the store holds them (what `rollback()` returns to).
    var committedValues: [String: AttributeValue] = [:]
    /// An object made by `object(with:)` holds no values until one is asked for.
    public internal(set) var isFault = false
    /// When the object was inserted, counted per context: a save hands out primary keys in this
    /// order, so records keep the order they were made in.
    var insertionSequence = 0

    /// Makes an object of `entity` and, given a context, inserts it there (with a temporary ID).
    public required init(entity: NSEntityDescription, insertInto context: NSManagedObjectContext?) {
        self.entity = entity
        super.init()
        for attribute in entity.properties {
            guard let defaultValue = attribute.defaultValue else { continue }
            // A default of the wrong type is refused when the store loads (NSManagedObjectModel.validate).
            values[attribute.name] = AttributeValue(defaultValue, as: attribute.attributeType)
        }
        context?.insert(self)
    }

    /// Inserts a new object into `context`, of the entity whose class is this one, as Core Data's
    /// `init(context:)` does.
    public convenience init(context: NSManagedObjectContext) {
        guard let entity = context.persistentStoreCoordinator?.managedObjectModel.entity(for: Self.self) else {
            preconditionFailure("init(context:): no entity of the context's model has the class \(Self.self); set managedObjectClass on its NSEntityDescription.")
        }
        self.init(entity: entity, insertInto: context)
    }

    // MARK: State

    /// Inserted into its context and not yet saved.
    public var isInserted: Bool { managedObjectContext?.inserted[ObjectIdentifier(self)] != nil }
    /// Deleted from its context and not yet saved.
    public var isDeleted: Bool { managedObjectContext?.deleted[ObjectIdentifier(self)] != nil }
    /// A saved object whose values changed since it was saved or fetched.
    public var isUpdated: Bool { managedObjectContext != nil && !isInserted && !isDeleted && values != committedValues }
    public var hasChanges: Bool { isInserted || isDeleted || isUpdated }

    // MARK: Values

    /// The attribute's value (String, Int, Double, Bool or Date), or nil.
    /// Like Core Data, a key that is not an attribute of the entity stops the program.
    public func value(forKey key: String) -> Any? {
        _ = attribute(key)
        fireFaultIfNeeded()
        return values[key]?.swiftValue
    }

    /// Changes the attribute's value; the change is unsaved until `save()`.
    /// Like Core Data, a value of the wrong type or an unknown key stops the program.
    public func setValue(_ value: Any?, forKey key: String) {
        let attribute = attribute(key)
        fireFaultIfNeeded()
        guard let value else {
            values[key] = nil
            return
        }
        guard let converted = AttributeValue(value, as: attribute.attributeType) else {
            preconditionFailure("Unacceptable type of value for attribute: \(entity.name).\(key) is a \(attribute.attributeType.name), given \(value) of type \(type(of: value)).")
        }
        values[key] = converted
    }

    /// The values the store holds for the object, whatever changed since.
    public var committedValuesForKeys: [String: Any] {
        fireFaultIfNeeded()
        return committedValues.mapValues(\.swiftValue)
    }

    private func attribute(_ key: String) -> NSAttributeDescription {
        guard let attribute = entity.attributesByName[key] else {
            preconditionFailure("the entity \(entity.name) is not key value coding-compliant for the key \"\(key)\"; its attributes are \(entity.properties.map(\.name).joined(separator: ", ")).")
        }
        return attribute
    }

    /// A fault's values come from the store the first time they are needed. A row that is gone
    /// cannot fill it: Core Data stops the app there, and so does this library (use
    /// `existingObject(with:)` when the object may have been deleted).
    func fireFaultIfNeeded() {
        guard isFault else { return }
        guard let context = managedObjectContext else {
            preconditionFailure("CoreData could not fulfill a fault for \(objectID.uriRepresentation().absoluteString): the object has no context.")
        }
        do {
            guard let row = try context.storeValues(for: objectID) else {
                preconditionFailure("CoreData could not fulfill a fault for \(objectID.uriRepresentation().absoluteString): no such object in the store (it was deleted, or never saved).")
            }
            values = row
            committedValues = row
            isFault = false
        } catch {
            preconditionFailure("CoreData could not fulfill a fault for \(objectID.uriRepresentation().absoluteString): \(error)")
        }
    }

    open override var description: String {
        let shown = isFault ? "<fault>" : entity.properties.map { "\($0.name) = \(values[$0.name].map { "\($0.swiftValue)" } ?? "nil")" }.joined(separator: "; ")
        return "<\(entity.name): \(objectID.uriRepresentation().absoluteString)> (\(shown))"
    }
}
