import Foundation
import RestorationModel

/// Turns an archived `NSCoding` object back into the object. Permissive (the older opt-in pair):
/// whatever class the archive names is instantiated, as `NSKeyedUnarchiver` does without secure
/// coding. Secure: only when the app asked for classes and the archive's root object is one of
/// them (or a subclass) and adopts `NSSecureCoding`, as `NSKeyedUnarchiver`'s secure mode checks.
///
/// The class is checked here from the archive's records before Foundation sees it: Foundation on
/// Linux ends the process on a class it does not allow, where a device raises an exception.
nonisolated enum ObjectUnarchiving {
    /// Why nothing came back, said in the workbook's explanation (a cause).
    struct Refusal: Error {
        let reason: String
    }

    static func permissive(_ data: Data) -> Any? {
        guard let unarchiver = try? NSKeyedUnarchiver(forReadingFrom: data) else { return nil }
        unarchiver.requiresSecureCoding = false
        defer { unarchiver.finishDecoding() }
        return unarchiver.decodeObject(forKey: NSKeyedArchiveRootObjectKey)
    }

    /// `classes` is `nil` for a plain `decodeObject(forKey:)`, which secure coding refuses for
    /// archived objects: it does not say which classes it expects.
    static func secure(_ data: Data, classes: [AnyClass]?) -> Result<Any, Refusal> {
        let archived = KeyedArchiveClassName.of(data)
        let named = archived ?? "an object whose class the archive does not name"
        guard let classes, !classes.isEmpty else {
            return .failure(.init(reason: "it holds an archived \(named), and under secure coding an archived object is decoded only with decodeObject(of:forKey:), which names the classes expected"))
        }
        let expected = classes.map { NSStringFromClass($0) }.joined(separator: ", ")
        guard let archived, let type = NSClassFromString(archived) else {
            return .failure(.init(reason: "it holds \(named), which is no class of this app, not one of the classes asked for (\(expected))"))
        }
        guard classes.contains(where: { ClassKinship.isKind(type, of: $0) }) else {
            return .failure(.init(reason: "it holds a \(archived), not one of the classes asked for (\(expected))"))
        }
        guard ObjectArchiving.supportsSecureCoding(type) else {
            return .failure(.init(reason: "it holds a \(archived), which does not adopt NSSecureCoding"))
        }
        guard let unarchiver = try? NSKeyedUnarchiver(forReadingFrom: data) else {
            return .failure(.init(reason: "its archived \(archived) is not a keyed archive"))
        }
        unarchiver.requiresSecureCoding = true
        unarchiver.decodingFailurePolicy = .setErrorAndReturn
        defer { unarchiver.finishDecoding() }
        guard let object = unarchiver.decodeObject(of: classes, forKey: NSKeyedArchiveRootObjectKey) else {
            let why = unarchiver.error.map { ": \($0.localizedDescription)" } ?? ""
            return .failure(.init(reason: "its archived \(archived) could not be decoded\(why)"))
        }
        return .success(object)
    }
}
