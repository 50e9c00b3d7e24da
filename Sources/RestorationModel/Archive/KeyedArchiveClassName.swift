import Foundation

/// The class of the root object of an `NSKeyedArchiver` archive, as the archiver named it
/// (`NSStringFromClass`: `Homepwner.Item`), read from the archive's class records without
/// decoding it: decoding would run the class's own code on whatever the file holds.
package enum KeyedArchiveClassName {
    /// `nil` when the data is not a keyed archive or its root has no class record.
    package static func of(_ archive: Data) -> String? {
        guard let records = KeyedArchiveRecords(archive) else { return nil }
        return records.className(of: records.objects[records.root])
    }
}
