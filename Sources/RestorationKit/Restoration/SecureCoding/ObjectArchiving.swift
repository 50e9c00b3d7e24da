import Foundation
import RestorationModel

/// Archives an app's `NSCoding` object with `NSKeyedArchiver`, as UIKit's restoration archiver
/// does. Under secure coding every object in it must adopt `NSSecureCoding`: on a device the
/// archiver raises for the first that does not; here the whole value is refused and the caller
/// says so, since Foundation on Linux would end the process instead.
nonisolated enum ObjectArchiving {
    /// Why an object was not archived.
    struct Refusal: Error {
        /// The class (runtime name) of the object the app encoded.
        let encodedClassName: String
        /// The class (runtime name) that does not adopt `NSSecureCoding`.
        let className: String
        /// Whether it is the object itself, not something it encodes.
        var isRoot: Bool { encodedClassName == className }
    }

    static func archive(_ object: NSObject, requiringSecureCoding: Bool) -> Result<Data, Refusal> {
        let archiver = NSKeyedArchiver(requiringSecureCoding: requiringSecureCoding)
        let watcher = SecureCodingWatcher(root: object)
        if requiringSecureCoding { archiver.delegate = watcher }
        archiver.encode(object, forKey: NSKeyedArchiveRootObjectKey)
        archiver.finishEncoding()
        if let refusal = watcher.refusal { return .failure(refusal) }
        return .success(archiver.encodedData)
    }

    /// Whether instances of a class may be archived or unarchived under secure coding.
    static func supportsSecureCoding(_ type: AnyClass) -> Bool {
        (type as? NSSecureCoding.Type)?.supportsSecureCoding == true
    }
}

/// Sees every object before the archiver does, and stands a harmless `NSNull` in for one that
/// does not adopt `NSSecureCoding` (Foundation on Linux would stop the process on it, and
/// cannot take `nil` from a delegate); the archive is then thrown away.
private nonisolated final class SecureCodingWatcher: NSObject, NSKeyedArchiverDelegate {
    private let root: AnyObject
    private(set) var refusal: ObjectArchiving.Refusal?

    init(root: AnyObject) {
        self.root = root
    }

    func archiver(_ archiver: NSKeyedArchiver, willEncode object: Any) -> Any? {
        let instance = object as AnyObject
        let type: AnyClass = Swift.type(of: instance)
        guard !ObjectArchiving.supportsSecureCoding(type) else { return object }
        if refusal == nil {
            refusal = .init(encodedClassName: NSStringFromClass(Swift.type(of: root)), className: NSStringFromClass(type))
        }
        return NSNull()
    }

    func archiver(_ archiver: NSKeyedArchiver, didEncode object: Any?) {}
    func archiver(_ archiver: NSKeyedArchiver, willReplace object: Any?, withObject newObject: Any?) {}
    func archiverWillFinish(_ archiver: NSKeyedArchiver) {}
    func archiverDidFinish(_ archiver: NSKeyedArchiver) {}
}
