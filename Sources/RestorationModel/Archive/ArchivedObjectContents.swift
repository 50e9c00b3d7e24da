import BinaryPropertyList
import Foundation

/// What an archived `NSCoding` object holds, read from its `NSKeyedArchiver` records without
/// instantiating anything: its class and the keys and values it encoded, following references
/// to the objects it encoded in turn. Foundation's own containers and values (`NSArray`,
/// `NSDictionary`, `NSString`, `NSDate`, `NSData`) read as the values they stand for.
///
/// The archive may be hostile, so the walk is bounded: a reference back to an object being
/// read is a cycle, and nesting and the number of values read are limited.
package indirect enum ArchivedObjectContents: Equatable {
    /// Text, a number, a flag, a date or data.
    case value(PropertyListValue)
    /// A `nil` the object encoded (the archive's `$null`).
    case null
    case array([ArchivedObjectContents])
    /// Keys in the archive's order; an `NSDictionary`'s keys may be any objects.
    case dictionary([Entry])
    /// An object of some other class, with the keys it encoded, sorted.
    case object(className: String, fields: [Field])
    /// Something left out, and why (a cycle, too deep, too much).
    case notShown(String)

    package struct Field: Equatable {
        let key: String
        let value: ArchivedObjectContents
    }

    package struct Entry: Equatable {
        let key: ArchivedObjectContents
        let value: ArchivedObjectContents
    }

    /// How deep references are followed, and how many values are read in all.
    package static let maxDepth = 12
    package static let maxValues = 2_000

    /// The root object of an archive; `nil` when the data is not a keyed archive.
    package init?(archive data: Data) {
        guard let records = KeyedArchiveRecords(data) else { return nil }
        var reader = Reader(records: records)
        self = reader.read(.dictionary([BinaryPropertyList.uidKey: .integer(Int64(records.root))]), depth: 0)
    }

    private struct Reader {
        let records: KeyedArchiveRecords
        var budget = ArchivedObjectContents.maxValues
        var onPath: Set<Int> = []

        /// A value as stored in a record: inline (a number, a flag) or a reference.
        mutating func read(_ stored: PropertyListValue, depth: Int) -> ArchivedObjectContents {
            guard budget > 0 else { return .notShown("more values than the dump shows") }
            budget -= 1
            if let number = KeyedArchiveRecords.reference(stored) {
                guard records.objects.indices.contains(number) else { return .notShown("a reference to object \(number), which the archive does not hold") }
                guard !onPath.contains(number) else { return .notShown("a reference back to an object that holds it") }
                guard depth < ArchivedObjectContents.maxDepth else { return .notShown("nested deeper than \(ArchivedObjectContents.maxDepth)") }
                onPath.insert(number)
                defer { onPath.remove(number) }
                return readObject(records.objects[number], depth: depth + 1)
            }
            switch stored {
            case .array(let items): return .array(items.map { read($0, depth: depth) })
            default: return .value(stored)
            }
        }

        /// An entry of `$objects`: `$null`, a plain value, or an object record.
        private mutating func readObject(_ object: PropertyListValue, depth: Int) -> ArchivedObjectContents {
            if object == .string("$null") { return .null }
            guard case .dictionary(let record) = object, let className = records.className(of: object) else {
                return .value(object)
            }
            switch className {
            case "NSArray", "NSMutableArray", "NSSet", "NSMutableSet", "NSOrderedSet", "NSMutableOrderedSet":
                return .array((record["NS.objects"]?.arrayValue ?? []).map { read($0, depth: depth) })
            case "NSDictionary", "NSMutableDictionary":
                let keys = record["NS.keys"]?.arrayValue ?? []
                let values = record["NS.objects"]?.arrayValue ?? []
                return .dictionary(zip(keys, values).map { Entry(key: read($0, depth: depth), value: read($1, depth: depth)) })
            case "NSString", "NSMutableString":
                return record["NS.string"].map { read($0, depth: depth) } ?? .value(.string(""))
            case "NSDate":
                return record["NS.time"]?.doubleValue.map { .value(.date(Date(timeIntervalSinceReferenceDate: $0))) } ?? .notShown("a date without its time")
            case "NSData", "NSMutableData":
                return record["NS.data"].map { read($0, depth: depth) } ?? .value(.data(Data()))
            default:
                let keys = ArchiveValueText.sortedKeys(record.filter { $0.key != "$class" })
                return .object(className: className, fields: keys.map { Field(key: $0, value: read(record[$0]!, depth: depth)) })
            }
        }
    }
}
