import Foundation

/// Apple's Foundation gives the keyed coders these two conveniences for `Codable` values, on
/// `NSKeyedArchiver` and `NSKeyedUnarchiver` (not on `NSCoder`); Foundation on Linux has
/// neither. The value is stored as its property-list tree, as Apple's are, so an archive made
/// here decodes there and the other way round.
extension NSKeyedArchiver {
    /// Encodes `value` under `key`; throws when it cannot be written as a property list.
    public func encodeEncodable<T>(_ value: T, forKey key: String) throws where T: Encodable {
        encode(try PropertyListTree.make(value), forKey: key)
    }
}

extension NSKeyedUnarchiver {
    /// The property-list classes a `Codable` value is stored as, asked for under secure coding.
    private static var propertyListClasses: [AnyClass] {
        [NSArray.self, NSData.self, NSDate.self, NSDictionary.self, NSNumber.self, NSString.self]
    }

    /// The value under `key`, or `nil` when there is none. A value that does not decode as `T`
    /// is a decoding failure, handled as `decodingFailurePolicy` says (the default raises).
    public func decodeDecodable<T>(_ type: T.Type, forKey key: String) -> T? where T: Decodable {
        guard let tree = propertyListTree(forKey: key) else { return nil }
        do {
            return try PropertyListTree.value(T.self, from: tree)
        } catch {
            failWithError(error)
            return nil
        }
    }

    /// As `decodeDecodable(_:forKey:)`, but a value that does not decode as `T` is thrown,
    /// whatever `decodingFailurePolicy` says.
    public func decodeTopLevelDecodable<T>(_ type: T.Type, forKey key: String) throws -> T? where T: Decodable {
        guard let tree = propertyListTree(forKey: key) else { return nil }
        return try PropertyListTree.value(T.self, from: tree)
    }

    /// What is stored under `key`. A key with nothing under it is `nil`, as on Apple's platforms;
    /// Foundation on Linux would count it as a failure, after which an unarchiver that sets its
    /// error and returns answers nothing more.
    private func propertyListTree(forKey key: String) -> Any? {
        guard containsValue(forKey: key) else { return nil }
        return decodeObject(of: Self.propertyListClasses, forKey: key)
    }
}
