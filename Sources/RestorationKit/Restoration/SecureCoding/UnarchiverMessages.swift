import Foundation
import RestorationModel

/// What Apple's `NSKeyedUnarchiver` prints and raises when it requires secure coding, in the
/// shape real consoles and crash reports show: the warning for a property-list leaf nobody asked
/// for, and the reasons of the `NSInvalidUnarchiveOperationException` it raises. Foundation
/// describes a class as `'NSString' (0x1f1712fa0) [/System/Library/Frameworks/Foundation.framework]`:
/// its name, its address and the image it lives in. The addresses here are stand-ins drawn from
/// the name, the same at every run, as the engine's other addresses are.
nonisolated enum UnarchiverMessages {
    /// The console line for a leaf let through without being asked for (`asked` are the
    /// classes the app asked for: none for `decodeObject(forKey:)`, whose lines, the same for
    /// every object restored, are written once).
    static func implicitLeafWarning(_ leaf: AllowedClasses.ImplicitLeaf, asked: [AnyClass], naming: RuntimeNaming) -> String {
        guard asked.isEmpty else { return implicitLeafWarningText(leaf, asked: asked, naming: naming) }
        return unaskedLeafWarning(leaf, naming: naming)
    }

    /// The reason of the exception raised for a refusal.
    static func reason(_ refusal: AllowedClasses.Refusal, asked: [AnyClass], naming: RuntimeNaming) -> String {
        switch refusal {
        case .notAsked(let type, let key):
            return "value for key '\(key)' was of unexpected class \(describe(type, naming)).\nAllowed classes are:\n \(describe(asked, naming))"
        case .notSecure(let type):
            return "This decoder will only decode classes that adopt NSSecureCoding. Class '\(naming.runtimeName(of: type))' does not adopt it."
        case .unknown(let name, let key):
            return "*** -[NSKeyedUnarchiver decodeObjectForKey:]: cannot decode object of class (\(name)) for key (\(key)) "
                + "because no class named \"\(name)\" was found; the class needs to be defined in source code or linked in "
                + "from a library (ensure the class is part of the correct target). If the class was renamed, use "
                + "setClassName:forClass: to add a class translation mapping to NSKeyedUnarchiver"
        }
    }

    /// An uncaught Objective-C exception ends the app; its last words are these.
    static func raise(_ reason: String) -> Never {
        fatalError("*** Terminating app due to uncaught exception 'NSInvalidUnarchiveOperationException', reason: '\(reason)'")
    }

    // Kept below `raise`: a crash prints the line of its `fatalError`, and captures quote it.

    /// `decodeObject(forKey:)` asks for nothing, and an app that reads its titles with it prints
    /// the same few lines for every object restored: those are written once.
    private static func unaskedLeafWarning(_ leaf: AllowedClasses.ImplicitLeaf, naming: RuntimeNaming) -> String {
        unaskedLeafWarnings.value(for: UnaskedLeaf(type: ObjectIdentifier(leaf.type), key: leaf.key, naming: naming)) { _ in
            implicitLeafWarningText(leaf, asked: [], naming: naming)
        }
    }

    private struct UnaskedLeaf: Hashable {
        let type: ObjectIdentifier
        let key: String
        let naming: RuntimeNaming
    }

    private static let unaskedLeafWarnings = ProcessMemo<UnaskedLeaf, String>()

    private static func implicitLeafWarningText(_ leaf: AllowedClasses.ImplicitLeaf, asked: [AnyClass], naming: RuntimeNaming) -> String {
        "*** -[NSKeyedUnarchiver validateAllowedClass:forKey:] allowed unarchiving safe plist type '\(describe(leaf.type, naming))' "
            + "for key '\(leaf.key)', even though it was not explicitly included in the client allowed classes set: "
            + "'\(describe(asked, naming))'. This will be disallowed in the future."
    }

    /// A set of classes as `NSSet` describes it: one quoted description a line, between `{(` and `)}`.
    private static func describe(_ classes: [AnyClass], _ naming: RuntimeNaming) -> String {
        guard !classes.isEmpty else { return "{(\n)}" }
        let lines = classes.map { "    \"\(describe($0, naming))\"" }
        return "{(\n" + lines.joined(separator: ",\n") + "\n)}"
    }

    private static func describe(_ type: AnyClass, _ naming: RuntimeNaming) -> String {
        descriptions.value(for: DescribedClass(type: ObjectIdentifier(type), naming: naming)) { _ in
            let name = naming.runtimeName(of: type)
            return "'\(name)' (0x\(String(standInAddress(of: name), radix: 16))) [\(image(of: type, named: name, naming))]"
        }
    }

    /// Each class is described once per naming: an app that reads its titles with
    /// `decodeObject(forKey:)` prints the warning for every object restored.
    private struct DescribedClass: Hashable {
        let type: ObjectIdentifier
        let naming: RuntimeNaming
    }

    private static let descriptions = ProcessMemo<DescribedClass, String>()

    /// Where a class lives on a device. NSString and NSNumber are in Foundation, the collections
    /// in CoreFoundation (both as real logs show them); NSData and NSDate are put with the
    /// collections, where recent systems implement them (inferred, not seen in a log).
    private static func image(of type: AnyClass, named name: String, _ naming: RuntimeNaming) -> String {
        switch name {
        case "NSString", "NSNumber", "NSURL": return "/System/Library/Frameworks/Foundation.framework"
        case "NSArray", "NSDictionary", "NSSet", "NSData", "NSDate": return "/System/Library/Frameworks/CoreFoundation.framework"
        case "NSObject": return "/usr/lib"
        default: break
        }
        let module = String(reflecting: type).split(separator: ".").first.map(String.init) ?? ""
        switch module {
        case RuntimeClassName.engineModule: return "/System/Library/PrivateFrameworks/UIKitCore.framework"
        case "Foundation": return "/System/Library/Frameworks/Foundation.framework"
        case "CoreData": return "/System/Library/Frameworks/CoreData.framework"
        default:
            let app = naming.runtimeModule ?? naming.compiledModule ?? "App"
            return "/private/var/containers/Bundle/Application/\(bundleFolder(app))/\(app).app"
        }
    }

    /// An address in the range a device's shared cache and apps use, from the class's name.
    private static func standInAddress(of name: String) -> UInt64 {
        0x1_0000_0000 | (fnv1a(name) & 0xFFFF_FFF8)
    }

    /// The app's install folder, a UUID on a device, here drawn from the app's name.
    private static func bundleFolder(_ app: String) -> String {
        func hex(_ number: UInt64) -> String {
            let digits = String(number, radix: 16, uppercase: true)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }
        let digits = Array(hex(fnv1a(app)) + hex(fnv1a(app + "/")))
        return [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(digits[$0]) }.joined(separator: "-")
    }

    private static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }
}
