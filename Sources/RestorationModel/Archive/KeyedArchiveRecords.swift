import BinaryPropertyList
import Foundation

/// An `NSKeyedArchiver` archive read as its records (`$objects`, `$top`) with the bounded
/// property-list reader, without instantiating anything: the archive may be hostile, and
/// decoding would run its classes' own code.
package struct KeyedArchiveRecords {
    /// Every object of the archive: strings, numbers, data, and object records (dictionaries
    /// with `$class` and the object's own keys) whose references are `{"CF$UID" = n}`.
    package let objects: [PropertyListValue]
    /// The number of the root object in `objects`.
    package let root: Int

    /// Small on purpose: an archived object in a restoration archive is a model, not a database.
    package static let limits = DecodingLimits(maxObjects: 100_000, maxDepth: 64, maxCollectionCount: 100_000, maxByteCount: 16 << 20)

    /// `nil` when the data is not a keyed archive with a root object.
    package init?(_ data: Data) {
        guard BinaryPropertyList.isBinaryPropertyList(data),
              let archive = try? BinaryPropertyList.decodeKeyedArchive(data, limits: Self.limits),
              case .array(let objects)? = archive["$objects"],
              let root = archive["$top"]?["root"].flatMap(Self.reference),
              objects.indices.contains(root) else { return nil }
        self.objects = objects
        self.root = root
    }

    /// The object number a UID holds, or `nil` when the value is not a UID.
    package static func reference(_ value: PropertyListValue) -> Int? {
        guard case .dictionary(let entries) = value, entries.count == 1,
              case .integer(let number)? = entries[BinaryPropertyList.uidKey] else { return nil }
        return Int(exactly: number)
    }

    /// The object a reference points to; `nil` for a value that is not a reference, or one
    /// pointing outside the archive.
    package func object(at value: PropertyListValue) -> PropertyListValue? {
        guard let number = Self.reference(value), objects.indices.contains(number) else { return nil }
        return objects[number]
    }

    /// The class an object record names (`NSStringFromClass`: `Homepwner.Item`); `nil` for a
    /// value that is not an object record.
    package func className(of record: PropertyListValue) -> String? {
        guard let classRecord = record["$class"].flatMap(object(at:)) else { return nil }
        return classRecord["$classname"]?.stringValue
    }
}
