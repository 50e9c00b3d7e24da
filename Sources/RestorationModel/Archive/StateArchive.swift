import BinaryPropertyList
import Foundation

/// The restoration archive, `data.data`: one binary property list holding the top level (the
/// archive version, then the top-level coder's keys: bundle version, system version, timestamp,
/// idiom and whatever the delegate added), the restoration class map, and each preserved
/// object's state under its path.
public struct StateArchive: Equatable, Sendable {
    public static let currentMajorVersion = 2
    public static let currentMinorVersion = 1

    public enum Kind: String, Sendable {
        case viewController = "View Controller"
        case view = "View"
        case object = "Object"
    }

    /// One preserved object.
    public struct Entry: Equatable, Sendable {
        public var path: RestorationPath
        public var kind: Kind
        /// The object's class, module-qualified (`Homepwner.DetailViewController`).
        public var className: String
        public var state: [String: PropertyListValue]

        public init(path: RestorationPath, kind: Kind, className: String, state: [String: PropertyListValue]) {
            self.path = path
            self.kind = kind
            self.className = className
            self.state = state
        }
    }

    /// Recorded in the top level under `kUIStateRestorationArchiveMajorVersionKey`.
    public var majorVersion = currentMajorVersion
    /// Recorded in the top level under `kUIStateRestorationArchiveMinorVersionKey`.
    public var minorVersion = currentMinorVersion
    /// The top-level coder's keys: what the app delegate reads and writes, without the version.
    public var topLevel: [String: PropertyListValue] = [:]
    /// Path → restoration class, for controllers that have one.
    public var restorationClassMap: [RestorationPath: String] = [:]
    /// Parents before children: ordered by depth, then by path.
    public private(set) var entries: [Entry] = []

    public init() {}

    /// An archive put together by hand, for tools and tests; the entries are put parents first.
    /// Version keys in `topLevel`, if any, set the version (so `storedTopLevel` goes back in whole).
    public init(topLevel: [String: PropertyListValue], restorationClassMap: [RestorationPath: String] = [:], entries: [Entry]) {
        var topLevel = topLevel
        if case .integer(let major)? = topLevel.removeValue(forKey: ReservedKey.archiveMajorVersion), let major = Int(exactly: major) {
            majorVersion = major
        }
        if case .integer(let minor)? = topLevel.removeValue(forKey: ReservedKey.archiveMinorVersion), let minor = Int(exactly: minor) {
            minorVersion = minor
        }
        self.topLevel = topLevel
        self.restorationClassMap = restorationClassMap
        self.entries = entries
        sortParentsFirst()
    }

    package mutating func append(_ entry: Entry) {
        entries.append(entry)
    }

    package mutating func sortParentsFirst() {
        entries.sort { ($0.path.segments.count, $0.path) < ($1.path.segments.count, $1.path) }
    }

    public func entry(at path: RestorationPath) -> Entry? {
        entries.first { $0.path == path }
    }

    /// The top level as the file holds it and Apple's archive tool shows it: the two version
    /// keys beside the top-level coder's keys.
    public var storedTopLevel: [String: PropertyListValue] {
        topLevel.merging([
            ReservedKey.archiveMajorVersion: .integer(Int64(majorVersion)),
            ReservedKey.archiveMinorVersion: .integer(Int64(minorVersion)),
        ]) { _, version in version }
    }

    // MARK: The file

    package enum Field {
        static let topLevel = "kTopLevelState"
        static let classMap = "kRestorationClassMap"
        static let objects = "kObjectStates"
        static let kind = "kind"
        static let className = "class"
        static let state = "state"
    }

    public var propertyList: PropertyListValue {
        var objects: [String: PropertyListValue] = [:]
        for entry in entries {
            objects[entry.path.description] = .dictionary([
                Field.kind: .string(entry.kind.rawValue),
                Field.className: .string(entry.className),
                Field.state: .dictionary(entry.state),
            ])
        }
        var classMap: [String: PropertyListValue] = [:]
        for (path, className) in restorationClassMap { classMap[path.description] = .string(className) }
        return .dictionary([
            Field.topLevel: .dictionary(storedTopLevel),
            Field.classMap: .dictionary(classMap),
            Field.objects: .dictionary(objects),
        ])
    }

    /// The bytes of `propertyList`.
    public func encoded() -> Data {
        guard let presorted = presortedPropertyList else { return BinaryPropertyList.encode(propertyList) }
        return BinaryPropertyList.encode(presorted)
    }

    /// `propertyList` with the objects and the class map as entries in key order, made without
    /// the two dictionaries of thousands of paths that the writer would only sort again. `nil`
    /// when two paths are written alike (an identifier with a slash in it, or two spelled
    /// differently that Swift takes for equal): as dictionary keys they become one entry.
    private var presortedPropertyList: PresortedValue? {
        var objects = entries.indices.map { (key: entries[$0].path.description, index: $0) }
        objects.sort { $0.key < $1.key }
        var classMap = restorationClassMap.map { (key: $0.key.description, value: PresortedValue.value(.string($0.value))) }
        classMap.sort { $0.key < $1.key }
        guard PresortedValue.isKeyOrder(objects.lazy.map(\.key)), PresortedValue.isKeyOrder(classMap.lazy.map(\.key)) else { return nil }
        return .dictionary([
            (Field.objects, .dictionary(objects.map { key, index in
                let entry = entries[index]
                return (key, .dictionary([
                    (Field.className, .value(.string(entry.className))),
                    (Field.kind, .value(.string(entry.kind.rawValue))),
                    (Field.state, .value(.dictionary(entry.state))),
                ]))
            })),
            (Field.classMap, .dictionary(classMap)),
            (Field.topLevel, .value(.dictionary(storedTopLevel))),
        ])
    }

    /// Writes the archive so that a kill at any instant leaves either the old file or the new
    /// one: the bytes go to a temporary file beside it, which is then renamed over it.
    public func write(to url: URL) throws {
        try AtomicFileWrite.write(encoded(), to: url)
    }

    /// Reads an archive, checking every part. A file that is not an archive, or one of a major
    /// version this engine does not know, throws with the reason; one that cannot be an archive
    /// (too large, a device, not a property list) is not read at all (`ArchiveFileBytes`).
    public init(contentsOf url: URL) throws(StateArchiveError) {
        let data: Data
        do { data = try ArchiveFileBytes.read(url) } catch {
            // Said as `init(data:)` says it of any other bytes that are no property list.
            if error == .notAPropertyList { throw StateArchiveError("the archive is not a valid binary property list: \(error)") }
            throw StateArchiveError("the archive \(url.lastPathComponent) cannot be read: \(error)")
        }
        try self.init(data: data)
    }

    public init(data: Data) throws(StateArchiveError) {
        let root: PropertyListValue
        do { root = try BinaryPropertyList.decode(data) } catch {
            throw StateArchiveError("the archive is not a valid binary property list: \(error.reason)")
        }
        guard case .dictionary(let fields) = root else {
            throw StateArchiveError("the archive's top level is not a dictionary")
        }
        guard case .dictionary(var topLevel)? = fields[Field.topLevel] else {
            throw StateArchiveError("the archive has no top-level state (\(Field.topLevel))")
        }
        guard case .integer(let major)? = topLevel.removeValue(forKey: ReservedKey.archiveMajorVersion),
              case .integer(let minor)? = topLevel.removeValue(forKey: ReservedKey.archiveMinorVersion),
              let majorVersion = Int(exactly: major), let minorVersion = Int(exactly: minor) else {
            throw StateArchiveError("the archive has no version numbers (\(ReservedKey.archiveMajorVersion), \(ReservedKey.archiveMinorVersion) in its top level)")
        }
        self.majorVersion = majorVersion
        self.minorVersion = minorVersion
        guard majorVersion == Self.currentMajorVersion else {
            throw StateArchiveError(
                "State restoration archive was saved with major version \(major), minor version \(minor). Current major version \(Self.currentMajorVersion), current minor version \(Self.currentMinorVersion).",
                isVersionMismatch: true)
        }
        self.topLevel = topLevel

        guard case .dictionary(let classMap)? = fields[Field.classMap] ?? .dictionary([:]) else {
            throw StateArchiveError("the restoration class map is not a dictionary")
        }
        // Most paths are written twice, here and among the objects: each is read once, and taken
        // again only for the very same bytes.
        var pathsRead: [String: RestorationPath] = [:]
        pathsRead.reserveCapacity(classMap.count)
        restorationClassMap.reserveCapacity(classMap.count)
        for (pathText, value) in classMap {
            guard let path = RestorationPath(parsing: pathText) else {
                throw StateArchiveError("the restoration class map names an invalid path \"\(pathText)\"")
            }
            guard case .string(let className) = value else {
                throw StateArchiveError("the restoration class of \(pathText) is not a class name")
            }
            restorationClassMap[path] = className
            pathsRead[pathText] = path
        }

        guard case .dictionary(let objects)? = fields[Field.objects] ?? .dictionary([:]) else {
            throw StateArchiveError("the object states are not a dictionary")
        }
        entries.reserveCapacity(objects.count)
        for (pathText, value) in objects {
            guard let path = pathsRead[pathText].flatMap({ $0.isWritten(exactly: pathText) ? $0 : nil })
                ?? RestorationPath(parsing: pathText) else {
                throw StateArchiveError("the archive holds state under an invalid path \"\(pathText)\"")
            }
            guard case .dictionary(let object) = value,
                  case .string(let kindText)? = object[Field.kind], let kind = Kind(rawValue: kindText),
                  case .string(let className)? = object[Field.className],
                  case .dictionary(let state)? = object[Field.state] else {
                throw StateArchiveError("the state of \(pathText) is not an object record (kind, class, state)")
            }
            entries.append(Entry(path: path, kind: kind, className: className, state: state))
        }
        sortParentsFirst()
    }
}

/// Why an archive could not be used; the log shows it and the app launches fresh.
public struct StateArchiveError: Error, CustomStringConvertible, Equatable, Sendable {
    public let description: String
    /// The archive is well formed but of a major version this engine does not read.
    public let isVersionMismatch: Bool

    package init(_ description: String, isVersionMismatch: Bool = false) {
        self.description = description
        self.isVersionMismatch = isVersionMismatch
    }
}
