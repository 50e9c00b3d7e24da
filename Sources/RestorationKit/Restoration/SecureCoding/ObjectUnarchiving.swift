import Foundation
import RestorationModel

/// Turns an archived `NSCoding` object back into the object. Permissive (the older opt-in pair):
/// whatever class the archive names is instantiated, as `NSKeyedUnarchiver` does without secure
/// coding. Secure: the caller has checked the root's class first (`AllowedClasses`), from the
/// archive's records, before Foundation sees it: Foundation on Linux ends the process on a class
/// it does not allow, where a device raises an exception; Foundation checks what the root holds.
///
/// The archive names the app's classes under the app's module name at run time
/// (`RuntimeNaming`), perhaps written by another step of its chapter; each is found again in
/// the module the app was compiled into.
nonisolated enum ObjectUnarchiving {
    static func permissive(_ data: Data, naming: RuntimeNaming) -> Any? {
        guard let unarchiver = unarchiver(for: data, naming: naming) else { return nil }
        unarchiver.requiresSecureCoding = false
        defer { unarchiver.finishDecoding() }
        return unarchiver.decodeObject(forKey: NSKeyedArchiveRootObjectKey)
    }

    /// `nil` when the data does not decode (a corrupt archive).
    static func secure(_ data: Data, classes: [AnyClass], naming: RuntimeNaming) -> Any? {
        guard let unarchiver = unarchiver(for: data, naming: naming) else { return nil }
        unarchiver.requiresSecureCoding = true
        unarchiver.decodingFailurePolicy = .setErrorAndReturn
        defer { unarchiver.finishDecoding() }
        return unarchiver.decodeObject(of: classes, forKey: NSKeyedArchiveRootObjectKey)
    }

    /// The class the archive's root names, and that class in this app if it has it; `nil` for
    /// data that is no keyed archive.
    static func rootClass(of data: Data, naming: RuntimeNaming) -> (name: String, type: AnyClass?)? {
        guard let name = KeyedArchiveClassName.of(data) else { return nil }
        return (name, NSClassFromString(naming.compiledName(ofRecorded: name)))
    }

    private static func unarchiver(for data: Data, naming: RuntimeNaming) -> NSKeyedUnarchiver? {
        guard let unarchiver = try? NSKeyedUnarchiver(forReadingFrom: data) else { return nil }
        for name in recordedClassNames(in: data) {
            let compiled = naming.compiledName(ofRecorded: name)
            if compiled != name, let type = NSClassFromString(compiled) { unarchiver.setClass(type, forClassName: name) }
        }
        return unarchiver
    }

    /// Every class name the archive's class records hold.
    private static func recordedClassNames(in data: Data) -> Set<String> {
        guard let records = KeyedArchiveRecords(data) else { return [] }
        var names: Set<String> = []
        for object in records.objects {
            if let name = object["$classname"]?.stringValue { names.insert(name) }
        }
        return names
    }
}
