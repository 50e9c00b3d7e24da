import BinaryPropertyList
import Foundation
import RestorationKit

/// The anchor: the same per-object state written by Foundation's `NSKeyedArchiver`, the way a
/// keyed archive is meant to be written and the way UIKit writes each object's coder: one
/// `NSCoding` object per preserved object, encoding its keys with `encode(_:forKey:)`.
///
/// (Archiving each object's state as an `NSDictionary` instead is far slower on Linux:
/// `NSKeyedArchiver` compares dictionaries of equal size with one another, which is quadratic,
/// and would make the comparison meaningless.)
enum KeyedArchiverAnchor {
    /// Builds the objects beforehand, so only the archiving is timed.
    static func rootObject(for archive: StateArchive) -> NSArray {
        NSArray(array: [ObjectState(path: "", kind: "Top Level", className: "", state: archive.storedTopLevel)]
            + archive.entries.map { ObjectState(path: $0.path.description, kind: $0.kind.rawValue, className: $0.className, state: $0.state) })
    }

    static func write(_ root: NSArray, to url: URL) throws -> Int {
        let data = try NSKeyedArchiver.archivedData(withRootObject: root, requiringSecureCoding: false)
        try data.write(to: url, options: .atomic)
        return data.count
    }
}

/// One preserved object's state, encoded key by key.
final class ObjectState: NSObject, NSCoding {
    let path: String
    let kind: String
    let className: String
    let state: [String: PropertyListValue]

    init(path: String, kind: String, className: String, state: [String: PropertyListValue]) {
        self.path = path
        self.kind = kind
        self.className = className
        self.state = state
    }

    required init?(coder: NSCoder) { nil } // the benchmark only writes

    func encode(with coder: NSCoder) {
        coder.encode(path, forKey: "path")
        coder.encode(kind, forKey: "kind")
        coder.encode(className, forKey: "class")
        for (key, value) in state { Self.encode(value, forKey: key, with: coder) }
    }

    static func encode(_ value: PropertyListValue, forKey key: String, with coder: NSCoder) {
        switch value {
        case .integer(let number): coder.encode(number, forKey: key)
        case .real(let number): coder.encode(number, forKey: key)
        case .boolean(let flag): coder.encode(flag, forKey: key)
        default: coder.encode(foundationObject(value), forKey: key)
        }
    }

    /// Nested values as Foundation objects; references and other marked values as small
    /// coding objects of their own, as UIKit's identifier proxies are.
    static func foundationObject(_ value: PropertyListValue) -> Any {
        switch value {
        case .string(let text): return NSString(string: text)
        case .integer(let number): return NSNumber(value: number)
        case .real(let number): return NSNumber(value: number)
        case .boolean(let flag): return NSNumber(value: flag)
        case .date(let date): return NSDate(timeIntervalSinceReferenceDate: date.timeIntervalSinceReferenceDate)
        case .data(let data): return NSData(data: data)
        case .array(let items): return NSArray(array: items.map(foundationObject))
        case .dictionary(let entries): return ObjectState(path: "", kind: "Value", className: "", state: entries)
        }
    }
}
