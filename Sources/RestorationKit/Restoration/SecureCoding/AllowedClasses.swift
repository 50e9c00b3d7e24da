import BinaryPropertyList
import Foundation
import RestorationModel

/// Secure decoding's class check, made on a stored value before anything in it is instantiated,
/// as `NSKeyedUnarchiver` makes it when it requires secure coding (Apple's Foundation, as
/// verified on macOS by others): an object stored with its class comes back only if that class
/// is one asked for, or a subclass of one, and (for an archived object) adopts `NSSecureCoding`.
/// Arrays and dictionaries are classes like any other and must be asked for, and so must what
/// they hold. Property-list leaves (strings, numbers, data, dates) are let through even when
/// nobody asked for them, which Foundation logs as something it will disallow in the future.
/// `decodeObject(forKey:)` asks for no class at all.
nonisolated struct AllowedClasses {
    /// The classes asked for.
    let classes: [AnyClass]

    /// A leaf let through without being asked for: its Foundation class, and the key it was
    /// read under (`NS.objects` for an array's element, `NS.keys` for a dictionary's key).
    struct ImplicitLeaf {
        let type: AnyClass
        let key: String
    }

    /// What decoding must not instantiate. Foundation raises `NSInvalidUnarchiveOperationException`.
    enum Refusal: Error {
        /// A class that was not asked for.
        case notAsked(type: AnyClass, key: String)
        /// An archived object of a class asked for that does not adopt `NSSecureCoding`.
        case notSecure(type: AnyClass)
        /// An archived object of a class the app does not have.
        case unknown(className: String, key: String)
    }

    /// Everything the check passed, or the first refusal with the leaves let through before it
    /// (Foundation has logged those by the time it raises).
    struct Verdict {
        var implicitLeaves: [ImplicitLeaf] = []
        var refusal: Refusal?
    }

    /// How the check learns what a marked value stands for.
    struct Lookup {
        /// The restored object a reference names; `nil` when it did not come back.
        var referencedObject: (_ path: String) -> AnyObject?
        /// The class an archived object's root names, and that class in this app if it has it;
        /// `nil` for data that is no keyed archive.
        var archivedClass: (_ data: Data) -> (name: String, type: AnyClass?)?
    }

    func verdict(on value: PropertyListValue, key: String, lookup: Lookup) -> Verdict {
        var verdict = Verdict()
        do {
            try check(value, key: key, lookup: lookup, leaves: &verdict.implicitLeaves)
        } catch {
            verdict.refusal = error
        }
        return verdict
    }

    private func allows(_ type: AnyClass) -> Bool {
        classes.contains { ClassKinship.isKind(type, of: $0) }
    }

    private func require(_ type: AnyClass, key: String) throws(Refusal) {
        guard allows(type) else { throw .notAsked(type: type, key: key) }
    }

    private func leaf(_ type: AnyClass, key: String, leaves: inout [ImplicitLeaf]) {
        if !allows(type) { leaves.append(ImplicitLeaf(type: type, key: key)) }
    }

    private func check(_ value: PropertyListValue, key: String, lookup: Lookup, leaves: inout [ImplicitLeaf]) throws(Refusal) {
        switch value {
        case .string: leaf(NSString.self, key: key, leaves: &leaves)
        case .integer, .real, .boolean: leaf(NSNumber.self, key: key, leaves: &leaves)
        case .date: leaf(NSDate.self, key: key, leaves: &leaves)
        case .data: leaf(NSData.self, key: key, leaves: &leaves)
        case .array(let items):
            try require(NSArray.self, key: key)
            for item in items { try check(item, key: "NS.objects", lookup: lookup, leaves: &leaves) }
        case .dictionary(let entries):
            switch MarkedArchiveValue(value) {
            case .objectIdentifierProxy(let path)?:
                // A reference to an object that did not come back decodes to nil: nothing to check.
                guard let object = lookup.referencedObject(path) else { return }
                try require(type(of: object), key: key)
            case .url?:
                try require(NSURL.self, key: key)
            case .archivedObject(let data)?:
                // Data that is no keyed archive decodes to nil, as a corrupt archive does.
                guard let archived = lookup.archivedClass(data) else { return }
                guard let type = archived.type else { throw .unknown(className: archived.name, key: key) }
                try require(type, key: key)
                guard ObjectArchiving.supportsSecureCoding(type) else { throw .notSecure(type: type) }
            case nil:
                try require(NSDictionary.self, key: key)
                for entryKey in entries.keys.sorted() {
                    leaf(NSString.self, key: "NS.keys", leaves: &leaves)
                    try check(entries[entryKey]!, key: "NS.objects", lookup: lookup, leaves: &leaves)
                }
            }
        }
    }
}
