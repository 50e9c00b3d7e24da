import BinaryPropertyList
import Foundation
import RestorationKit

/// The anchor: the same per-object state, archived by Foundation's `NSKeyedArchiver` the way an
/// app would archive it by hand. The state is converted to Foundation objects beforehand, so
/// only the archiving is timed.
enum KeyedArchiverAnchor {
    static func foundationObject(for archive: StateArchive) -> NSDictionary {
        let objects = NSMutableDictionary()
        for entry in archive.entries {
            objects[entry.path.description] = NSDictionary(dictionary: [
                "kind": entry.kind.rawValue, "class": entry.className,
                "state": foundationObject(.dictionary(entry.state)),
            ])
        }
        return NSDictionary(dictionary: ["topLevel": foundationObject(.dictionary(archive.topLevel)), "objects": objects])
    }

    private static func foundationObject(_ value: PropertyListValue) -> Any {
        switch value {
        case .string(let text): return NSString(string: text)
        case .integer(let number): return NSNumber(value: number)
        case .real(let number): return NSNumber(value: number)
        case .boolean(let flag): return NSNumber(value: flag)
        case .date(let date): return NSDate(timeIntervalSinceReferenceDate: date.timeIntervalSinceReferenceDate)
        case .data(let data): return NSData(data: data)
        case .array(let items): return NSArray(array: items.map(foundationObject))
        case .dictionary(let entries): return NSDictionary(dictionary: entries.mapValues(foundationObject))
        }
    }

    static func write(_ object: NSDictionary, to url: URL) throws -> Int {
        let data = try NSKeyedArchiver.archivedData(withRootObject: object, requiringSecureCoding: false)
        try data.write(to: url, options: .atomic)
        return data.count
    }
}
