import BinaryPropertyList
import Foundation

/// What changed between two archives: what a student compares between two Homes, or between two
/// steps of a chapter. The changes come in the dump's order (version, restoration class map, Top
/// Level, then objects parents first), with classes named as the runtime names them, so a difference reads like the two dumps side by side.
public struct ArchiveDifference: Equatable, Sendable {
    /// Where a key lives: the top-level coder's block, or one preserved object.
    public enum Owner: Hashable, Sendable, CustomStringConvertible {
        case topLevel
        case object(RestorationPath)

        public var description: String {
            switch self {
            case .topLevel: "Top Level"
            case .object(let path): ArchiveValueText.name(path.description)
            }
        }
    }

    /// Whether a change adds, removes or changes something: the line's first character.
    public enum Sign: String, Sendable {
        case added = "+"
        case removed = "-"
        case changed = "~"
    }

    public enum Change: Equatable, Sendable, CustomStringConvertible {
        case versionChanged(from: String, to: String)
        /// `from` is nil when the path had no restoration class, `to` when it has none any more.
        case restorationClassChanged(path: RestorationPath, from: String?, to: String?)
        case objectAdded(StateArchive.Entry)
        case objectRemoved(StateArchive.Entry)
        case classChanged(path: RestorationPath, kind: StateArchive.Kind, from: String, to: String)
        case keyAdded(Owner, key: String, value: PropertyListValue)
        case keyRemoved(Owner, key: String, value: PropertyListValue)
        case keyChanged(Owner, key: String, from: PropertyListValue, to: PropertyListValue)

        public var sign: Sign {
            switch self {
            case .objectAdded, .keyAdded: .added
            case .objectRemoved, .keyRemoved: .removed
            case .restorationClassChanged(_, nil, _): .added
            case .restorationClassChanged(_, _, nil): .removed
            case .versionChanged, .restorationClassChanged, .classChanged, .keyChanged: .changed
            }
        }

        /// One line for a person, in the dump's words: `~ Nav/:[1]:/Detail  item.itemKey: "A1" → "B2"`.
        public var description: String {
            "\(sign.rawValue) \(what)"
        }

        private var what: String {
            switch self {
            case .versionChanged(let from, let to):
                "archive version \(from) → \(to)"
            case .restorationClassChanged(let path, let from, let to):
                if let from, let to {
                    "Restoration class map  \(ArchiveValueText.name(path.description)): \(ArchiveDifference.names(from, to))"
                } else {
                    "Restoration class map  \(ArchiveValueText.name(path.description)) = \(ArchiveValueText.name(RuntimeClassName.display(from ?? to ?? "")))"
                }
            case .objectAdded(let entry), .objectRemoved(let entry):
                "[\(entry.kind.rawValue)] \(ArchiveValueText.name(entry.path.description)) (Class: \(ArchiveValueText.name(RuntimeClassName.display(entry.className))))"
            case .classChanged(let path, let kind, let from, let to):
                "[\(kind.rawValue)] \(ArchiveValueText.name(path.description)) (Class: \(ArchiveDifference.names(from, to)))"
            case .keyAdded(let owner, let key, let value), .keyRemoved(let owner, let key, let value):
                "\(owner)  \(ArchiveValueText.name(key)): \(ArchiveDifference.show(value, key: key))"
            case .keyChanged(let owner, let key, let from, let to):
                "\(owner)  \(ArchiveValueText.name(key)): \(ArchiveDifference.show(from, key: key)) → \(ArchiveDifference.show(to, key: key))"
            }
        }
    }

    public let changes: [Change]

    public var isEmpty: Bool { changes.isEmpty }

    public init(from old: StateArchive, to new: StateArchive) {
        var changes: [Change] = []
        let oldVersion = "\(old.majorVersion).\(old.minorVersion)", newVersion = "\(new.majorVersion).\(new.minorVersion)"
        if oldVersion != newVersion { changes.append(.versionChanged(from: oldVersion, to: newVersion)) }

        for path in Set(old.restorationClassMap.keys).union(new.restorationClassMap.keys).sorted()
        where old.restorationClassMap[path] != new.restorationClassMap[path] {
            changes.append(.restorationClassChanged(path: path, from: old.restorationClassMap[path], to: new.restorationClassMap[path]))
        }

        changes += Self.keys(from: old.topLevel, to: new.topLevel, in: .topLevel)

        let oldEntries = Dictionary(old.entries.map { ($0.path, $0) }) { first, _ in first }
        let newEntries = Dictionary(new.entries.map { ($0.path, $0) }) { first, _ in first }
        let paths = Set(oldEntries.keys).union(newEntries.keys)
            .sorted { ($0.segments.count, $0) < ($1.segments.count, $1) }
        for path in paths {
            switch (oldEntries[path], newEntries[path]) {
            case (nil, let added?):
                changes.append(.objectAdded(added))
            case (let removed?, nil):
                changes.append(.objectRemoved(removed))
            case (let before?, let after?) where before.kind != after.kind:
                // A view where a controller was is another object, not an edited one.
                changes += [.objectRemoved(before), .objectAdded(after)]
            case (let before?, let after?):
                if before.className != after.className {
                    changes.append(.classChanged(path: path, kind: after.kind, from: before.className, to: after.className))
                }
                changes += Self.keys(from: before.state, to: after.state, in: .object(path))
            case (nil, nil):
                break
            }
        }
        self.changes = changes
    }

    private static func keys(from old: [String: PropertyListValue], to new: [String: PropertyListValue], in owner: Owner) -> [Change] {
        Set(old.keys).union(new.keys).sorted().compactMap { key in
            switch (old[key], new[key]) {
            case (nil, let added?): .keyAdded(owner, key: key, value: added)
            case (let removed?, nil): .keyRemoved(owner, key: key, value: removed)
            case (let before?, let after?) where before != after: .keyChanged(owner, key: key, from: before, to: after)
            default: nil
            }
        }
    }

    /// Two class names as the dump writes them; an app's classes keep their module, so two steps
    /// of a chapter (two apps) read `Step5.ItemsViewController → Step6.ItemsViewController`.
    private static func names(_ from: String, _ to: String) -> String {
        "\(ArchiveValueText.name(RuntimeClassName.display(from))) → \(ArchiveValueText.name(RuntimeClassName.display(to)))"
    }

    /// A value as the dump shows it, except that text is quoted: an emptied field must read as
    /// `"Rusty" → ""`, not as nothing after the arrow.
    public static func show(_ value: PropertyListValue, key: String) -> String {
        guard case .string(let text) = value else { return ArchiveValueText.line(value, key: key) }
        return ArchiveValueText.quoted(text)
    }
}
