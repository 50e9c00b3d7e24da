import Foundation
import RestorationModel

/// Archives an app's `NSCoding` object with `NSKeyedArchiver`, as UIKit's restoration archiver
/// does. Under secure coding every object in it must adopt `NSSecureCoding`: on a device the
/// archiver raises for the first that does not; here the whole value is refused and the caller
/// says so, since Foundation on Linux would end the process instead. The app's classes are
/// recorded under the app's module name at run time (`RuntimeNaming`), as a device records them.
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

    static func archive(_ object: NSObject, requiringSecureCoding: Bool, naming: RuntimeNaming) -> Result<Data, Refusal> {
        let archiver = NSKeyedArchiver(requiringSecureCoding: requiringSecureCoding)
        let watcher = SecureCodingWatcher(root: object, naming: naming)
        if requiringSecureCoding { archiver.delegate = watcher }
        archiver.encode(object, forKey: NSKeyedArchiveRootObjectKey)
        archiver.finishEncoding()
        if let refusal = watcher.refusal { return .failure(refusal) }
        return .success(renamingAppClasses(in: archiver.encodedData, naming: naming))
    }

    /// The archive with the app's classes named under the app's module at run time. Foundation
    /// on Linux cannot be told beforehand (its `setClassName(_:for:)` files the name under a key
    /// its archiver never looks up), so the finished archive's class records are renamed.
    private static func renamingAppClasses(in data: Data, naming: RuntimeNaming) -> Data {
        guard naming.compiledModule != naming.runtimeModule,
              var archive = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any],
              var objects = archive["$objects"] as? [Any] else { return data }
        var renamed = false
        for (index, object) in objects.enumerated() {
            guard var record = object as? [String: Any], let name = record["$classname"] as? String else { continue }
            let recorded = naming.recordedName(ofCompiled: name)
            guard recorded != name else { continue }
            record["$classname"] = recorded
            if let chain = record["$classes"] as? [String] { record["$classes"] = chain.map(naming.recordedName(ofCompiled:)) }
            objects[index] = record
            renamed = true
        }
        guard renamed else { return data }
        archive["$objects"] = objects
        return (try? PropertyListSerialization.data(fromPropertyList: archive, format: .binary, options: 0)) ?? data
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
    private let naming: RuntimeNaming
    private(set) var refusal: ObjectArchiving.Refusal?

    init(root: AnyObject, naming: RuntimeNaming) {
        self.root = root
        self.naming = naming
    }

    func archiver(_ archiver: NSKeyedArchiver, willEncode object: Any) -> Any? {
        let instance = object as AnyObject
        let type: AnyClass = Swift.type(of: instance)
        guard !ObjectArchiving.supportsSecureCoding(type) else { return object }
        if refusal == nil {
            refusal = .init(encodedClassName: naming.runtimeName(of: Swift.type(of: root)), className: naming.runtimeName(of: type))
        }
        return NSNull()
    }

    func archiver(_ archiver: NSKeyedArchiver, didEncode object: Any?) {}
    func archiver(_ archiver: NSKeyedArchiver, willReplace object: Any?, withObject newObject: Any?) {}
    func archiverWillFinish(_ archiver: NSKeyedArchiver) {}
    func archiverDidFinish(_ archiver: NSKeyedArchiver) {}
}
