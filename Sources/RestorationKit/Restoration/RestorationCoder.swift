import BinaryPropertyList
import Foundation
import RestorationModel

/// The `NSCoder` handed to app code during preservation and restoration. Every object gets its
/// own, so keys of different objects never collide. Values are kept as property-list values;
/// views, view controllers and registered objects become references ("object identifier
/// proxies" holding the referenced object's path), never copies.
///
/// How strict it is follows the delegate's opt-in pair, as on iOS: with the secure pair it
/// requires secure coding, as `NSKeyedUnarchiver` does (an `NSCoding` object must adopt
/// `NSSecureCoding` to be saved; a value comes back only if its class, and the class of all it
/// holds, was asked for with `decodeObject(of:forKey:)`, property-list leaves aside; see
/// `AllowedClasses`); with the older pair it archives and restores any `NSCoding` object.
nonisolated final class RestorationCoder: NSCoder {
    /// How objects become references while encoding, and references objects again while decoding.
    struct References {
        /// The path of an object being referenced, or `nil` when it takes no part in restoration.
        /// `conditional` references do not make the object preserved.
        var encode: (_ object: AnyObject, _ conditional: Bool) -> String? = { _, _ in nil }
        /// The restored object at a path, or `nil` when it did not come back.
        var decode: (_ path: RestorationPath) -> AnyObject? = { _ in nil }
    }

    private(set) var values: [String: PropertyListValue]
    /// The path of the object this coder restores, so references can be checked against it:
    /// a child or presented controller must hang directly under its owner.
    var ownerPath: RestorationPath?
    /// The class of the object this coder restores, as the archive records it, for causes (`ownerClassName`).
    var ownerRecordedClassName: String?
    private let references: References
    private let log: ConsoleLog?
    /// Who this coder belongs to, for the workbook's explanations (`owner`, said when needed).
    private let describeOwner: () -> String
    /// Whether the secure opt-in pair is in force; `OptIn` sets it while asking the delegate.
    var isSecure: Bool

    init(values: [String: PropertyListValue] = [:], references: References = References(), log: ConsoleLog?, owner: @escaping @autoclosure () -> String, requiresSecureCoding: Bool = true) {
        self.values = values
        // Room for what an object usually saves, so that an encoding coder's table does not
        // grow three times on the way there (nothing is said about its order: it is sorted when written).
        if values.isEmpty { self.values.reserveCapacity(8) }
        self.references = references
        self.log = log
        self.describeOwner = owner
        self.isSecure = requiresSecureCoding
        super.init()
    }

    // MARK: What app code did with it, for the causes the engine names

    /// Keys app code read under which nothing was saved, in the order first read. A key asked
    /// about with `containsValue(forKey:)` first is not counted: the code knew it might be absent.
    private(set) var unsavedKeysRead: [String] = []
    private var keysAskedAbout: Set<String> = []
    /// Set by UIKit's own `encodeRestorableState`/`decodeRestorableState`; an override that
    /// never calls `super` leaves it false.
    var reachedBaseImplementation = false

    /// What went wrong with values app code encoded or decoded (a reserved key, a value secure
    /// coding refuses), in the workbook's words; whoever handed out the coder collects them.
    private(set) var causes: [RestorationCause] = []

    /// The keys app code saved, UIKit's own left out, sorted.
    var appKeys: [String] { values.keys.filter { !ReservedKey.all.contains($0) }.sorted() }

    // MARK: The engine's state, on the main actor

    /// Runs engine code that the coder reaches (the console log, the storyboards). The coder is
    /// nonisolated, as `NSCoder` is on iOS, but UIKit hands it out only on the main thread, inside
    /// the restoration calls it makes there; a coder kept and used from another thread stops the
    /// app here rather than race with the engine.
    private func onMainActor<T: Sendable>(_ work: @MainActor () -> T) -> T {
        MainActor.assumeIsolated(work)
    }

    /// Records a cause about what this coder's owner did; UIKit's own containers explain with
    /// it too, when what they decode cannot be used.
    func explain(_ cause: RestorationCause) {
        if !causes.contains(cause) { causes.append(cause) }
    }

    private func noteRead(_ key: String) {
        guard values[key] == nil, !keysAskedAbout.contains(key), !ReservedKey.all.contains(key),
              !unsavedKeysRead.contains(key) else { return }
        unsavedKeysRead.append(key)
    }

    override var allowsKeyedCoding: Bool { true }
    override var requiresSecureCoding: Bool { isSecure }

    // MARK: Writing, as UIKit itself does

    /// Writes a value under a key reserved for UIKit; app code goes through `encode(_:forKey:)`.
    func encodeReserved(_ value: Any?, forKey key: String) {
        guard let value else { values[key] = nil; return }
        values[key] = convertOrExplain(value, key: key, conditional: false)
    }

    func encodeReserved(conditionalObject object: AnyObject, forKey key: String) {
        values[key] = convertOrExplain(object, key: key, conditional: true)
    }

    func decodeReserved(forKey key: String) -> Any? {
        guard let stored = values[key] else { return nil }
        let value = swiftValue(stored, reading: .permissive, naming: onMainActor { RuntimeNaming.current })
        guard !(value is NSNull) else { return nil }
        return value
    }

    /// The paths of the references stored under a key, in order, whether or not they came back.
    func referencePaths(forKey key: String) -> [String] {
        let items: [PropertyListValue]
        switch values[key] {
        case .array(let array)?: items = array
        case let single?: items = [single]
        case nil: items = []
        }
        return items.compactMap { item in
            guard case .dictionary(let entries) = item, case .string(let path)? = entries[Marker.proxy] else { return nil }
            return path
        }
    }

    /// The restored object at a path, as a reference stored in this coder would resolve.
    func object(atPath path: String) -> AnyObject? {
        RestorationPath(parsing: path).flatMap(references.decode)
    }

    private func store(_ value: PropertyListValue?, forKey key: String) {
        guard !ReservedKey.all.contains(key) else {
            explain(.reservedKey(owner: owner, key: key))
            return
        }
        values[key] = value
    }

    // MARK: NSCoder, writing

    override func encode(_ object: Any?, forKey key: String) {
        guard let object else { store(nil, forKey: key); return }
        guard let value = convertOrExplain(object, key: key, conditional: false) else { return }
        store(value, forKey: key)
    }

    override func encodeConditionalObject(_ object: Any?, forKey key: String) {
        guard let object else { store(nil, forKey: key); return }
        guard let value = convertOrExplain(object, key: key, conditional: true) else { return }
        store(value, forKey: key)
    }

    override func encode(_ value: Bool, forKey key: String) { store(.boolean(value), forKey: key) }
    override func encode(_ value: Int, forKey key: String) { store(.integer(Int64(value)), forKey: key) }
    override func encode(_ value: Int32, forKey key: String) { store(.integer(Int64(value)), forKey: key) }
    override func encode(_ value: Int64, forKey key: String) { store(.integer(value), forKey: key) }
    override func encode(_ value: Float, forKey key: String) { store(.real(Double(value)), forKey: key) }
    override func encode(_ value: Double, forKey key: String) { store(.real(value), forKey: key) }

    override func encodeBytes(_ bytes: UnsafePointer<UInt8>?, length: Int, forKey key: String) {
        let data = bytes.map { Data(bytes: $0, count: length) } ?? Data()
        store(.data(data), forKey: key)
    }

    // MARK: NSCoder, reading

    override func containsValue(forKey key: String) -> Bool {
        keysAskedAbout.insert(key)
        return values[key] != nil
    }

    override func decodeObject(forKey key: String) -> Any? {
        decoded(forKey: key, asking: [])
    }

    /// Under secure coding the classes asked for are checked (`decoded(forKey:asking:)`); with
    /// the older pair the list is not checked, as without secure coding.
    override func decodeObject(of classes: [AnyClass]?, forKey key: String) -> Any? {
        decoded(forKey: key, asking: classes ?? [])
    }

    override func decodeObject<DecodedObjectType>(of cls: DecodedObjectType.Type, forKey key: String) -> DecodedObjectType?
    where DecodedObjectType: NSObject, DecodedObjectType: NSCoding {
        decodeObject(of: [cls], forKey: key) as? DecodedObjectType
    }

    /// `NSCoder` reads a property list as an object of the property-list classes.
    override func decodePropertyList(forKey key: String) -> Any? {
        decodeObject(of: [NSArray.self, NSDictionary.self, NSString.self, NSData.self, NSDate.self, NSNumber.self], forKey: key)
    }

    /// How strictly a value is read back.
    private enum Reading {
        /// Any archived object is instantiated, whatever its class (the older opt-in pair).
        case permissive
        /// Secure coding, once `AllowedClasses` let the value through: the classes asked for.
        case secure(classes: [AnyClass])
    }

    /// The value under a key, as `NSKeyedUnarchiver` gives it. Under secure coding the classes
    /// asked for are checked before anything is instantiated: a property-list leaf nobody asked
    /// for comes back, with Foundation's warning in the console; any other class that was not
    /// asked for raises `NSInvalidUnarchiveOperationException`, and the uncaught exception ends
    /// the app, as on a device.
    private func decoded(forKey key: String, asking classes: [AnyClass]) -> Any? {
        // The archive keeps the storyboard's name; the key decodes to the storyboard itself,
        // so a restoration class can instantiate from it as Apple's guide shows. Whether a
        // device checks the classes asked for on UIKit's own key is not known; the engine does not.
        if key == ReservedKey.storyboard, case .string(let name)? = values[key] {
            return onMainActor { UIStoryboard.named(name, searching: UIStoryboard.appModules) }
        }
        noteRead(key)
        guard let stored = values[key] else { return nil }
        let naming = onMainActor { RuntimeNaming.current }
        if isSecure {
            let lookup = AllowedClasses.Lookup(
                referencedObject: { [references] path in RestorationPath(parsing: path).flatMap(references.decode) },
                archivedClass: { data in ObjectUnarchiving.rootClass(of: data, naming: naming) })
            let verdict = AllowedClasses(classes: classes).verdict(on: stored, key: key, lookup: lookup)
            for leaf in verdict.implicitLeaves {
                printToConsole(UnarchiverMessages.implicitLeafWarning(leaf, asked: classes, naming: naming))
            }
            if let refusal = verdict.refusal {
                let cause = RestorationCause.valueRefused(owner: owner, path: ownerPath?.description, className: ownerClassName,
                                                          key: key, asked: classes, refusal: refusal)
                onMainActor { UIApplication.current?.endingCauses.say(cause) }
                UnarchiverMessages.raise(UnarchiverMessages.reason(refusal, asked: classes, naming: naming))
            }
        }
        let value = swiftValue(stored, reading: isSecure ? .secure(classes: classes) : .permissive, naming: naming)
        // Only a marked dictionary (a reference, an archived object) can stand for nothing.
        if case .dictionary = stored, value is NSNull { return nil }
        return value
    }

    /// A console line Foundation prints on a device while coding, whatever the settings; only
    /// such lines, never the workbook's explanations (those are `causes`).
    private func printToConsole(_ line: String) {
        guard let log else { return }
        onMainActor { log.warn(line) }
    }

    override func decodeBool(forKey key: String) -> Bool {
        noteRead(key)
        return switch values[key] {
        case .boolean(let value): value
        case .integer(let value): value != 0
        default: false
        }
    }

    override func decodeInt64(forKey key: String) -> Int64 {
        noteRead(key)
        return switch values[key] {
        case .integer(let value): value
        case .boolean(let value): value ? 1 : 0
        case .real(let value) where value.isFinite: Int64(exactly: value.rounded(.towardZero)) ?? (value < 0 ? .min : .max)
        default: 0
        }
    }

    override func decodeInteger(forKey key: String) -> Int { Int(truncatingIfNeeded: decodeInt64(forKey: key)) }
    override func decodeInt32(forKey key: String) -> Int32 { Int32(clamping: decodeInt64(forKey: key)) }
    override func decodeCInt(forKey key: String) -> Int32 { decodeInt32(forKey: key) }

    override func decodeDouble(forKey key: String) -> Double {
        noteRead(key)
        return switch values[key] {
        case .real(let value): value
        case .integer(let value): Double(value)
        default: 0
        }
    }

    override func decodeFloat(forKey key: String) -> Float { Float(decodeDouble(forKey: key)) }

    // MARK: Conversions

    /// Markers of values that are not plain property-list values. A dictionary holding exactly
    /// one of these keys stands for the marked thing.
    typealias Marker = ArchiveMarker

    /// The value to store, or `nil` (with a cause saying why) when secure coding refuses it.
    private func convertOrExplain(_ value: Any, key: String, conditional: Bool) -> PropertyListValue? {
        do {
            return try propertyListValue(for: value, key: key, conditional: conditional)
        } catch {
            explain(.valueNotEncodable(owner: owner, key: key, encoded: error.encodedClassName, refused: error.className, holds: !error.isRoot))
            return nil
        }
    }

    private func propertyListValue(for value: Any, key: String, conditional: Bool) throws(ObjectArchiving.Refusal) -> PropertyListValue? {
        if let known = quickPropertyListValue(for: value, key: key, conditional: conditional) { return known }
        switch value {
        case let text as String: return .string(text)
        case let text as Substring: return .string(String(text))
        case let date as Date: return .date(date)
        case let data as Data: return .data(data)
        case let flag as Bool: return .boolean(flag)
        case let number as Int: return .integer(Int64(number))
        case let number as Int8: return .integer(Int64(number))
        case let number as Int16: return .integer(Int64(number))
        case let number as Int32: return .integer(Int64(number))
        case let number as Int64: return .integer(number)
        case let number as UInt8: return .integer(Int64(number))
        case let number as UInt16: return .integer(Int64(number))
        case let number as UInt32: return .integer(Int64(number))
        case let number as UInt: return Int64(exactly: number).map(PropertyListValue.integer) ?? .real(Double(number))
        case let number as UInt64: return Int64(exactly: number).map(PropertyListValue.integer) ?? .real(Double(number))
        case let number as Double: return .real(number)
        case let number as Float: return .real(Double(number))
        case let number as CGFloat: return .real(Double(number))
        case let url as URL: return .dictionary([Marker.url: .string(url.absoluteString)])
        case let uuid as UUID: return .string(uuid.uuidString)
        case let object as UIViewController: return reference(to: object, key: key, conditional: conditional)
        case let object as UIView: return reference(to: object, key: key, conditional: conditional)
        case let object as UIStateRestoring: return reference(to: object, key: key, conditional: conditional)
        case let array as [Any]:
            var items: [PropertyListValue] = []
            for item in array {
                if let converted = try propertyListValue(for: item, key: key, conditional: conditional) { items.append(converted) }
            }
            return .array(items)
        case let dictionary as [String: Any]:
            var entries: [String: PropertyListValue] = [:]
            for (entryKey, item) in dictionary {
                entries[entryKey] = try propertyListValue(for: item, key: key, conditional: conditional)
            }
            return .dictionary(entries)
        case let number as NSNumber:
            let integer = number.int64Value
            return Double(integer) == number.doubleValue ? .integer(integer) : .real(number.doubleValue)
        case let object as NSObject where object is NSCoding:
            let data = try ObjectArchiving.archive(object, requiringSecureCoding: isSecure, naming: onMainActor { RuntimeNaming.current }).get()
            return .dictionary([Marker.archivedObject: .data(data)])
        default:
            // On a device this is an exception that ends the app: the object cannot be encoded.
            fatalError("""
                \(owner) encoded a \(type(of: value)) for the key "\(key)", which an NSCoder cannot store. \
                Encode property-list values (String, numbers, Bool, Date, Data, arrays and dictionaries of them), \
                views and view controllers (saved as references), or NSCoding objects.
                """)
        }
    }

    private func reference(to object: AnyObject, key: String, conditional: Bool) -> PropertyListValue? {
        guard let path = references.encode(object, conditional) else {
            // UIKit's own references (a container's children) are explained by the controller
            // that has no identifier, and a conditional one asked for nothing unless the object
            // was saved anyway: only the app's own plain references need a word of their own.
            if !conditional, !ReservedKey.all.contains(key) {
                explain(.referenceNotSaved(owner: owner, key: key, referenced: "\(type(of: object))"))
            }
            return nil
        }
        return .dictionary([Marker.proxy: .string(path)])
    }

    /// The values encoded most, told by their exact type before any cast, each as its own case of
    /// `propertyListValue` gives it (no earlier case can take it); likewise a controller or a view,
    /// which no Foundation value can stand for, as a reference; `nil` for anything else. Every
    /// cast a value fails is a runtime lookup, a slow one the first time in a process, which each
    /// launch of an app is. (For the same reason, dates and data are tried before the numbers,
    /// which they cannot be taken for.)
    private func quickPropertyListValue(for value: Any, key: String, conditional: Bool) -> PropertyListValue?? {
        switch ObjectIdentifier(type(of: value)) {
        case ObjectIdentifier(String.self): return .string(value as! String)
        case ObjectIdentifier(Bool.self): return .boolean(value as! Bool)
        case ObjectIdentifier(Int.self): return .integer(Int64(value as! Int))
        case ObjectIdentifier(Double.self): return .real(value as! Double)
        case ObjectIdentifier(Date.self): return .date(value as! Date)
        default: break
        }
        guard type(of: value) is AnyObject.Type else { return nil }
        if let object = value as? UIViewController { return .some(reference(to: object, key: key, conditional: conditional)) }
        if let object = value as? UIView { return .some(reference(to: object, key: key, conditional: conditional)) }
        return nil
    }

    /// Who this coder belongs to, worked out now: naming each of thousands of objects up front,
    /// for the few that need explaining, was slow.
    private var owner: String { describeOwner() }

    private func swiftValue(_ value: PropertyListValue, reading: Reading, naming: RuntimeNaming) -> Any {
        switch value {
        case .string(let text): return text
        case .integer(let number): return Int(truncatingIfNeeded: number)
        case .real(let number): return number
        case .boolean(let flag): return flag
        case .date(let date): return date
        case .data(let data): return data
        case .array(let items):
            var values: [Any] = []
            for item in items {
                let value = swiftValue(item, reading: reading, naming: naming)
                if !(value is NSNull) { values.append(value) }
            }
            return values
        case .dictionary(let entries):
            if let marked = MarkedArchiveValue(value) { return markedValue(marked, reading: reading, naming: naming) }
            var values: [String: Any] = [:]
            for (key, item) in entries { values[key] = swiftValue(item, reading: reading, naming: naming) }
            return values
        }
    }

    /// What a marked dictionary stands for; `NSNull` when that is gone (a referenced object that
    /// did not come back, an archived object that does not decode).
    private func markedValue(_ marked: MarkedArchiveValue, reading: Reading, naming: RuntimeNaming) -> Any {
        switch marked {
        case .objectIdentifierProxy(let path):
            return object(atPath: path) ?? NSNull()
        case .url(let text):
            return URL(string: text) ?? NSNull()
        case .archivedObject(let data):
            switch reading {
            case .permissive: return ObjectUnarchiving.permissive(data, naming: naming) ?? NSNull()
            case .secure(let classes): return ObjectUnarchiving.secure(data, classes: classes, naming: naming) ?? NSNull()
            }
        }
    }

    // MARK: Arrays UIKit writes and reads itself

    /// Makes objects preserved, each under its own path, without writing a reference to them
    /// here: how a tab bar's tabs reach the archive.
    func preserveWithoutStoring(_ objects: [AnyObject]) {
        for object in objects { _ = references.encode(object, false) }
    }

    /// Writes references to controllers under a reserved key, as `encodeReserved(_:forKey:)`
    /// writes an array of them, without casting each through `Any` (casting an array to a class
    /// copies it into an `NSArray` on Linux, once for every class tried).
    func encodeReserved(references objects: [UIViewController], forKey key: String) {
        values[key] = .array(objects.compactMap { reference(to: $0, key: key, conditional: false) })
    }

    /// Writes strings under a reserved key, as `encodeReserved(_:forKey:)` writes an array of
    /// them, without the casts (a table can save a hundred thousand selected rows).
    func encodeReserved(strings: [String], forKey key: String) {
        values[key] = .array(strings.map(PropertyListValue.string))
    }

    /// The strings of an array stored under a reserved key, other elements left out, as
    /// `decodeReserved(forKey:) as? [Any]` filtered to strings gives them; `nil` when no array is there.
    func decodeReservedStrings(forKey key: String) -> [String]? {
        guard case .array(let items)? = values[key] else { return nil }
        return items.compactMap { item in
            guard case .string(let text) = item else { return nil }
            return text
        }
    }

    /// The restored object at a path already read, as `object(atPath:)` finds it.
    func object(at path: RestorationPath) -> AnyObject? {
        references.decode(path)
    }
}

extension RestorationCoder {
    /// The owner's class as causes name it, worked out only when a cause needs it.
    nonisolated var ownerClassName: String? { ownerRecordedClassName.map(StateRestorer.shortName) }
}
