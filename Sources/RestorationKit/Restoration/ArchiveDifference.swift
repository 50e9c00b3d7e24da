import BinaryPropertyList
import Foundation

/// What changed between two archives, object by object: what a student compares between two
/// Homes, or between two steps of a chapter.
public struct ArchiveDifference: Equatable, Sendable {
    public enum Change: Equatable, Sendable, CustomStringConvertible {
        case versionChanged(from: String, to: String)
        case objectAdded(StateArchive.Entry)
        case objectRemoved(StateArchive.Entry)
        case classChanged(path: String, from: String, to: String)
        case keyAdded(path: String, key: String, value: String)
        case keyRemoved(path: String, key: String, value: String)
        case keyChanged(path: String, key: String, from: String, to: String)
        case restorationClassChanged(path: String, from: String?, to: String?)

        public var description: String {
            switch self {
            case .versionChanged(let from, let to): "~ archive version \(from) → \(to)"
            case .objectAdded(let entry): "+ [\(entry.kind.rawValue)] \(entry.path) (Class: \(StateRestorer.shortName(entry.className)))"
            case .objectRemoved(let entry): "- [\(entry.kind.rawValue)] \(entry.path) (Class: \(StateRestorer.shortName(entry.className)))"
            case .classChanged(let path, let from, let to): "~ \(path)  class: \(StateRestorer.shortName(from)) → \(StateRestorer.shortName(to))"
            case .keyAdded(let path, let key, let value): "+ \(path)  \(key): \(value)"
            case .keyRemoved(let path, let key, let value): "- \(path)  \(key): \(value)"
            case .keyChanged(let path, let key, let from, let to): "~ \(path)  \(key): \(from) → \(to)"
            case .restorationClassChanged(let path, let from, let to):
                "~ \(path)  restoration class: \(from.map(StateRestorer.shortName) ?? "none") → \(to.map(StateRestorer.shortName) ?? "none")"
            }
        }
    }

    public let changes: [Change]

    public var isEmpty: Bool { changes.isEmpty }

    /// The changes from `old` to `new`: versions, the top level (as path "Top Level"), the class
    /// map, then objects in parents-first order.
    public init(from old: StateArchive, to new: StateArchive) {
        var changes: [Change] = []
        let oldVersion = "\(old.majorVersion).\(old.minorVersion)", newVersion = "\(new.majorVersion).\(new.minorVersion)"
        if oldVersion != newVersion { changes.append(.versionChanged(from: oldVersion, to: newVersion)) }
        changes += Self.keys(old.topLevel, new.topLevel, path: "Top Level")
        for path in Set(old.restorationClassMap.keys).union(new.restorationClassMap.keys).sorted()
        where old.restorationClassMap[path] != new.restorationClassMap[path] {
            changes.append(.restorationClassChanged(path: path.description, from: old.restorationClassMap[path], to: new.restorationClassMap[path]))
        }
        let oldEntries = Dictionary(old.entries.map { ($0.path, $0) }) { first, _ in first }
        let newEntries = Dictionary(new.entries.map { ($0.path, $0) }) { first, _ in first }
        let paths = (old.entries + new.entries).map(\.path)
        var seen = Set<RestorationPath>()
        for path in paths.sorted(by: { ($0.segments.count, $0) < ($1.segments.count, $1) }) where seen.insert(path).inserted {
            switch (oldEntries[path], newEntries[path]) {
            case (nil, let added?): changes.append(.objectAdded(added))
            case (let removed?, nil): changes.append(.objectRemoved(removed))
            case (let before?, let after?):
                if before.className != after.className {
                    changes.append(.classChanged(path: path.description, from: before.className, to: after.className))
                }
                changes += Self.keys(before.state, after.state, path: path.description)
            default: break
            }
        }
        self.changes = changes
    }

    private static func keys(_ old: [String: PropertyListValue], _ new: [String: PropertyListValue], path: String) -> [Change] {
        Set(old.keys).union(new.keys).sorted().compactMap { key in
            switch (old[key], new[key]) {
            case (nil, let added?): .keyAdded(path: path, key: key, value: ArchiveDump.describe(added, key: key))
            case (let removed?, nil): .keyRemoved(path: path, key: key, value: ArchiveDump.describe(removed, key: key))
            case (let before?, let after?) where before != after:
                .keyChanged(path: path, key: key, from: ArchiveDump.describe(before, key: key), to: ArchiveDump.describe(after, key: key))
            default: nil
            }
        }
    }
}
