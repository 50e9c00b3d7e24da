import Foundation

/// The class of the root object of an `NSKeyedArchiver` archive, as the archiver named it
/// (`NSStringFromClass`: `Homepwner.Item`), read from the archive's class records without
/// decoding it: decoding would run the class's own code on whatever the file holds.
enum KeyedArchiveClassName {
    /// `nil` when the data is not a keyed archive or its root has no class record.
    static func of(_ archive: Data) -> String? {
        guard let archive = try? PropertyListSerialization.propertyList(from: archive, format: nil) as? [String: Any],
              let objects = archive["$objects"] as? [Any],
              let root = (archive["$top"] as? [String: Any])?["root"].flatMap(objectNumber),
              objects.indices.contains(root),
              let classNumber = (objects[root] as? [String: Any])?["$class"].flatMap(objectNumber),
              objects.indices.contains(classNumber),
              let classRecord = objects[classNumber] as? [String: Any] else { return nil }
        return classRecord["$classname"] as? String
    }

    /// The number inside a keyed archive's UID (an index into `$objects`). Foundation gives UIDs
    /// back as objects that keep their number to themselves; reflection reads it. Where that
    /// fails, the dump just does not name the class.
    private static func objectNumber(_ uid: Any) -> Int? {
        guard let value = Mirror(reflecting: uid).children.first(where: { $0.label == "value" })?.value,
              let number = value as? any BinaryInteger else { return nil }
        return Int(exactly: number)
    }
}
