import Foundation

/// The typed ways Apple's Foundation gives `NSCoder` to decode an array or a dictionary (iOS
/// 14 and later), declared as Apple declares them; Foundation on Linux has none of them. Each
/// asks `decodeObject(of:forKey:)` for the collection with its contents' classes, so it works
/// on any coder that honours a class list: a restoration coder as on a device, Foundation's
/// `NSKeyedUnarchiver` too.
///
/// As Apple's do when the coder requires secure coding, each checks every element (and every
/// key) against its own list: a dictionary's keys only against the key classes, its values only
/// against the object classes. A value of the wrong shape gives `nil`.
extension NSCoder {
    public func decodeArrayOfObjects<DecodedObject>(ofClass cls: DecodedObject.Type, forKey key: String) -> [DecodedObject]?
    where DecodedObject: NSObject, DecodedObject: NSSecureCoding {
        guard let array = decodeArrayOfObjects(ofClasses: [cls], forKey: key) else { return nil }
        let typed = array.compactMap { $0 as? DecodedObject }
        return typed.count == array.count ? typed : nil
    }

    public func decodeArrayOfObjects(ofClasses classes: [AnyClass], forKey key: String) -> [Any]? {
        guard let array = decodeObject(of: [NSArray.self] + classes, forKey: key) as? [Any] else { return nil }
        guard requiresSecureCoding else { return array }
        return array.allSatisfy { isOf($0, classes) } ? array : nil
    }

    public func decodeDictionary<DecodedKey, DecodedObject>(withKeyClass keyClass: DecodedKey.Type, objectClass: DecodedObject.Type, forKey key: String) -> [DecodedKey: DecodedObject]?
    where DecodedKey: NSObject, DecodedKey: NSCopying, DecodedKey: NSSecureCoding, DecodedObject: NSObject, DecodedObject: NSSecureCoding {
        guard let dictionary = decodeDictionary(withKeysOfClasses: [keyClass], objectsOfClasses: [objectClass], forKey: key) else { return nil }
        var typed: [DecodedKey: DecodedObject] = [:]
        for (entryKey, entryValue) in dictionary {
            guard let typedKey = entryKey.base as? DecodedKey, let typedValue = entryValue as? DecodedObject else { return nil }
            typed[typedKey] = typedValue
        }
        return typed
    }

    public func decodeDictionary(withKeysOfClasses keyClasses: [AnyClass], objectsOfClasses classes: [AnyClass], forKey key: String) -> [AnyHashable: Any]? {
        guard let dictionary = decodeObject(of: [NSDictionary.self] + keyClasses + classes, forKey: key) as? [AnyHashable: Any] else { return nil }
        guard requiresSecureCoding else { return dictionary }
        let allowed = dictionary.allSatisfy { entry in
            isOf(entry.key.base, keyClasses) && isOf(entry.value, classes)
        }
        return allowed ? dictionary : nil
    }
}

/// Whether a decoded element is of one of the classes (or a subclass), counting Swift's
/// property-list values as their Foundation classes: text an `NSString`, numbers and flags
/// `NSNumber`s, an array an `NSArray` (and its elements in turn), and so on.
private nonisolated func isOf(_ value: Any, _ classes: [AnyClass]) -> Bool {
    func allows(_ type: AnyClass) -> Bool { classes.contains { ClassKinship.isKind(type, of: $0) } }
    switch value {
    case is String, is Substring: return allows(NSString.self)
    case is Bool, is Int, is Double, is Float, is Int64, is NSNumber: return allows(NSNumber.self)
    case is Date: return allows(NSDate.self)
    case is Data: return allows(NSData.self)
    case is URL: return allows(NSURL.self)
    case let array as [Any]: return allows(NSArray.self) && array.allSatisfy { isOf($0, classes) }
    case let dictionary as [String: Any]:
        return allows(NSDictionary.self) && (dictionary.isEmpty || allows(NSString.self)) && dictionary.values.allSatisfy { isOf($0, classes) }
    default: return allows(type(of: value as AnyObject))
    }
}
