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
        return array.allSatisfy { AllowedClasses.firstRefused(in: $0, classes: classes) == nil } ? array : nil
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
            AllowedClasses.firstRefused(in: entry.key.base, classes: keyClasses) == nil
                && AllowedClasses.firstRefused(in: entry.value, classes: classes) == nil
        }
        return allowed ? dictionary : nil
    }
}
