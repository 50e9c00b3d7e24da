import Foundation

/// The types an attribute can have: a subset of Core Data's `NSAttributeType`, the ones a SQLite
/// column stores without loss.
public enum NSAttributeType: Sendable, Equatable {
    case stringAttributeType
    case integer64AttributeType
    case doubleAttributeType
    case booleanAttributeType
    /// Stored as seconds since 2001-01-01 (Foundation's reference date), as Core Data does.
    case dateAttributeType

    /// How the type reads in an error message.
    var name: String {
        switch self {
        case .stringAttributeType: return "String"
        case .integer64AttributeType: return "Int64"
        case .doubleAttributeType: return "Double"
        case .booleanAttributeType: return "Bool"
        case .dateAttributeType: return "Date"
        }
    }
}

/// One attribute of an entity: a name, a type and whether it may be nil.
public final class NSAttributeDescription: @unchecked Sendable {
    public var name: String
    public var attributeType: NSAttributeType
    public var isOptional: Bool
    /// The value a newly inserted object starts with (nil: none). Must be of the attribute's type.
    public var defaultValue: Any?

    public init(name: String, type: NSAttributeType, isOptional: Bool = false, defaultValue: Any? = nil) {
        self.name = name
        self.attributeType = type
        self.isOptional = isOptional
        self.defaultValue = defaultValue
    }

    /// The store's column for this attribute: Core Data's `Z` prefix, upper-cased.
    var columnName: String { "Z" + name.uppercased() }
}

/// A kind of object the store keeps (a table), and the `NSManagedObject` subclass that stands for it.
///
/// Apple's model editor names the class as a string and the runtime finds it; Swift on Linux
/// cannot look classes up by name, so the entity holds the class itself.
public final class NSEntityDescription: @unchecked Sendable {
    public var name: String
    public var managedObjectClass: NSManagedObject.Type
    public var properties: [NSAttributeDescription] {
        didSet { attributesByName = Self.index(properties) }
    }

    public init(name: String, managedObjectClass: NSManagedObject.Type = NSManagedObject.self, properties: [NSAttributeDescription]) {
        self.name = name
        self.managedObjectClass = managedObjectClass
        self.properties = properties
        attributesByName = Self.index(properties)
    }

    /// Looked up on every read and write of a value, so kept rather than rebuilt.
    public private(set) var attributesByName: [String: NSAttributeDescription]

    private static func index(_ properties: [NSAttributeDescription]) -> [String: NSAttributeDescription] {
        Dictionary(properties.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The store's table for this entity.
    var tableName: String { "Z" + name.uppercased() }

    /// Makes a new object of this entity in `context`, of the entity's class, as Core Data's
    /// `insertNewObject(forEntityName:into:)` does.
    public static func insertNewObject(forEntityName entityName: String, into context: NSManagedObjectContext) -> NSManagedObject {
        guard let entity = context.persistentStoreCoordinator?.managedObjectModel.entitiesByName[entityName] else {
            // Core Data raises an exception here too: a name the model lacks is a programming error.
            preconditionFailure("insertNewObject(forEntityName:into:): the model has no entity named \"\(entityName)\"; it has \(context.persistentStoreCoordinator?.managedObjectModel.entities.map(\.name).joined(separator: ", ") ?? "no model").")
        }
        return entity.managedObjectClass.init(entity: entity, insertInto: context)
    }

    /// The entity named `entityName` in the model of `context`'s coordinator.
    public static func entity(forEntityName entityName: String, in context: NSManagedObjectContext) -> NSEntityDescription? {
        context.persistentStoreCoordinator?.managedObjectModel.entitiesByName[entityName]
    }
}

/// The entities a store holds, described in code.
public final class NSManagedObjectModel: @unchecked Sendable {
    public var entities: [NSEntityDescription] {
        didSet { entitiesByName = Self.index(entities) }
    }

    public init(entities: [NSEntityDescription]) {
        self.entities = entities
        entitiesByName = Self.index(entities)
    }

    public private(set) var entitiesByName: [String: NSEntityDescription]

    private static func index(_ entities: [NSEntityDescription]) -> [String: NSEntityDescription] {
        Dictionary(entities.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Names that would make a table or column SQLite cannot hold, or two entities with one
    /// class (then `init(context:)` could not tell which one it means).
    func validate() throws {
        var seen = Set<String>()
        for entity in entities {
            guard Self.isPlainName(entity.name) else {
                throw CoreDataError(.incompatibleModel, "The model's entity \"\(entity.name)\" has a name that is not a plain identifier (letters, digits and _, starting with a letter).")
            }
            guard seen.insert(entity.name.uppercased()).inserted else {
                throw CoreDataError(.incompatibleModel, "The model has two entities named \"\(entity.name)\" (names are compared ignoring case).")
            }
            var attributes = Set<String>()
            for attribute in entity.properties {
                guard Self.isPlainName(attribute.name) else {
                    throw CoreDataError(.incompatibleModel, "The attribute \"\(attribute.name)\" of \(entity.name) has a name that is not a plain identifier (letters, digits and _, starting with a letter).")
                }
                guard attributes.insert(attribute.name.uppercased()).inserted else {
                    throw CoreDataError(.incompatibleModel, "The entity \(entity.name) has two attributes named \"\(attribute.name)\" (names are compared ignoring case).")
                }
                if let defaultValue = attribute.defaultValue, AttributeValue(defaultValue, as: attribute.attributeType) == nil {
                    throw CoreDataError(.incompatibleModel, "The default value \(defaultValue) of \(entity.name).\(attribute.name) is a \(type(of: defaultValue)); the attribute holds \(attribute.attributeType.name) values.")
                }
            }
        }
        let classes = entities.filter { $0.managedObjectClass != NSManagedObject.self }.map { ObjectIdentifier($0.managedObjectClass) }
        if Set(classes).count != classes.count {
            throw CoreDataError(.incompatibleModel, "Two entities of the model share one NSManagedObject subclass; give each its own.")
        }
    }

    static func isPlainName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first.properties.isAlphabetic, first.isASCII else { return false }
        return name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_") }
    }

    /// The entity whose class is `type`, for `init(context:)`.
    func entity(for type: NSManagedObject.Type) -> NSEntityDescription? {
        entities.first { $0.managedObjectClass == type }
    }
}
