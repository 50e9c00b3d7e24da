import CoreData
import Foundation

/// An archiver for values that hold managed objects (a record, an array of records, a
/// dictionary of them): each record goes in as the URI of its object ID, which an archive can
/// keep. `ManagedObjectUnarchiver` turns the URIs back into records.
public final class ManagedObjectArchiver: NSObject, NSKeyedArchiverDelegate {
    public static func archivedData(withRootObject value: Any) -> Data {
        let archiver = NSKeyedArchiver(requiringSecureCoding: true)
        let swapper = ManagedObjectArchiver()
        archiver.delegate = swapper
        archiver.encode(value, forKey: NSKeyedArchiveRootObjectKey)
        archiver.finishEncoding()
        return archiver.encodedData
    }

    // Called for every object in the value, the records inside an array included.
    public func archiver(_ archiver: NSKeyedArchiver, willEncode object: Any) -> Any? {
        guard let record = object as? NSManagedObject else { return object }
        return record.objectID.uriRepresentation() as NSURL
    }

    // Foundation on Linux declares every method of the delegate protocols as required.
    public func archiver(_ archiver: NSKeyedArchiver, didEncode object: Any?) {}
    public func archiver(_ archiver: NSKeyedArchiver, willReplace object: Any?, withObject newObject: Any?) {}
    public func archiverWillFinish(_ archiver: NSKeyedArchiver) {}
    public func archiverDidFinish(_ archiver: NSKeyedArchiver) {}
}

/// Reads what `ManagedObjectArchiver` wrote, fetching each record from the context by its URI.
/// A record that no longer exists comes back as `NSNull`, for the caller to leave out.
public final class ManagedObjectUnarchiver: NSObject, NSKeyedUnarchiverDelegate {
    private let context: NSManagedObjectContext

    private init(context: NSManagedObjectContext) {
        self.context = context
    }

    public static func unarchivedObject(ofClasses classes: [AnyClass], from data: Data, in context: NSManagedObjectContext) -> Any? {
        guard let unarchiver = try? NSKeyedUnarchiver(forReadingFrom: data) else { return nil }
        let swapper = ManagedObjectUnarchiver(context: context)
        unarchiver.delegate = swapper
        // The archive holds URIs where the records were; the delegate swaps them back.
        let value = unarchiver.decodeObject(of: classes + [NSURL.self, NSNull.self], forKey: NSKeyedArchiveRootObjectKey)
        unarchiver.finishDecoding()
        return value
    }

    public func unarchiver(_ unarchiver: NSKeyedUnarchiver, didDecode object: Any?) -> Any? {
        guard let uri = object as? URL, uri.scheme == "x-coredata" else { return object }
        guard let objectID = context.persistentStoreCoordinator?.managedObjectID(forURIRepresentation: uri),
              let record = try? context.existingObject(with: objectID)
        else { return NSNull() }
        return record
    }

    public func unarchiver(_ unarchiver: NSKeyedUnarchiver, cannotDecodeObjectOfClassName name: String, originalClasses classNames: [String]) -> AnyClass? { nil }
    public func unarchiver(_ unarchiver: NSKeyedUnarchiver, willReplace object: Any, with newObject: Any) {}
    public func unarchiverWillFinish(_ unarchiver: NSKeyedUnarchiver) {}
    public func unarchiverDidFinish(_ unarchiver: NSKeyedUnarchiver) {}
}
