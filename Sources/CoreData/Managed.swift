import Foundation

/// A Swift type an attribute's value can be read as: String, Int, Int64, Double, Bool, Date, and
/// an optional of any of them.
public protocol ManagedAttributeValue {
    /// The value from `value(forKey:)`; nil when it is nil and the type cannot hold nil.
    static func fromManagedValue(_ value: Any?) -> Self?
    /// What to give `setValue(_:forKey:)`.
    var managedValue: Any? { get }
}

extension String: ManagedAttributeValue {
    public static func fromManagedValue(_ value: Any?) -> String? { value as? String }
    public var managedValue: Any? { self }
}

extension Int: ManagedAttributeValue {
    public static func fromManagedValue(_ value: Any?) -> Int? { value as? Int }
    public var managedValue: Any? { self }
}

extension Int64: ManagedAttributeValue {
    public static func fromManagedValue(_ value: Any?) -> Int64? { (value as? Int).map(Int64.init) }
    public var managedValue: Any? { self }
}

extension Double: ManagedAttributeValue {
    public static func fromManagedValue(_ value: Any?) -> Double? { value as? Double }
    public var managedValue: Any? { self }
}

extension Bool: ManagedAttributeValue {
    public static func fromManagedValue(_ value: Any?) -> Bool? { value as? Bool }
    public var managedValue: Any? { self }
}

extension Date: ManagedAttributeValue {
    public static func fromManagedValue(_ value: Any?) -> Date? { value as? Date }
    public var managedValue: Any? { self }
}

extension Optional: ManagedAttributeValue where Wrapped: ManagedAttributeValue {
    public static func fromManagedValue(_ value: Any?) -> Wrapped?? {
        guard let value else { return .some(nil) }
        return Wrapped.fromManagedValue(value).map { .some($0) }
    }
    public var managedValue: Any? { self?.managedValue }
}

/// Declares an attribute's typed property in an `NSManagedObject` subclass, where iOS code has
/// `@NSManaged`:
///
///     final class Record: NSManagedObject {
///         @Managed("title") var title: String
///         @Managed("note") var note: String?
///     }
///
/// The property reads `value(forKey: "title")` and writes `setValue(_:forKey: "title")`, so the
/// context tracks every change. Reading a non-optional property whose value is nil (set nothing
/// and no default value) stops the program with the entity and key named: declare it optional,
/// or give the attribute a `defaultValue`.
@propertyWrapper
public struct Managed<Value: ManagedAttributeValue> {
    public let key: String

    public init(_ key: String) {
        self.key = key
    }

    @available(*, unavailable, message: "@Managed declares attributes of NSManagedObject subclasses only")
    public var wrappedValue: Value {
        get { fatalError("unavailable") }
        set { fatalError("unavailable") } // swiftlint:disable:this unused_setter_value
    }

    public static subscript<Object: NSManagedObject>(
        _enclosingInstance object: Object,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<Object, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<Object, Managed<Value>>
    ) -> Value {
        get {
            let key = object[keyPath: storageKeyPath].key
            let stored = object.value(forKey: key)
            guard let value = Value.fromManagedValue(stored) else {
                preconditionFailure("\(object.entity.name).\(key) is \(stored.map { "\($0)" } ?? "nil"), which a \(Value.self) cannot hold; declare the property optional or give the attribute a default value.")
            }
            return value
        }
        set {
            object.setValue(newValue.managedValue, forKey: object[keyPath: storageKeyPath].key)
        }
    }
}
