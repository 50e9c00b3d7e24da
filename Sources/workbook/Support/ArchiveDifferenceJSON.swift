import Foundation
import RestorationModel

/// A difference between two archives as JSON, for tools: one object a change, named by `change`,
/// with typed values (as `ArchiveJSON` writes them) and the line a person would read as `text`.
enum ArchiveDifferenceJSON {
    static func render(_ difference: ArchiveDifference, old: String, new: String) throws -> String {
        let document: [String: Any] = [
            "formatVersion": CommandJSON.formatVersion,
            "old": old,
            "new": new,
            "same": difference.isEmpty,
            "changes": difference.changes.map(json),
        ]
        let data = try JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self)
    }

    static func json(_ change: ArchiveDifference.Change) -> [String: Any] {
        var fields: [String: Any] = ["sign": change.sign.rawValue, "text": change.description]
        switch change {
        case .versionChanged(let from, let to):
            fields["change"] = "versionChanged"
            fields["from"] = from
            fields["to"] = to
        case .restorationClassChanged(let path, let from, let to):
            fields["change"] = "restorationClassChanged"
            fields["object"] = path.description
            fields["from"] = from ?? NSNull()
            fields["to"] = to ?? NSNull()
        case .objectAdded(let entry), .objectRemoved(let entry):
            fields["change"] = change.sign == .added ? "objectAdded" : "objectRemoved"
            fields["object"] = entry.path.description
            fields["kind"] = entry.kind.rawValue
            fields["class"] = entry.className
            fields["state"] = entry.state.mapValues(ArchiveJSON.json)
        case .classChanged(let path, let kind, let from, let to):
            fields["change"] = "classChanged"
            fields["object"] = path.description
            fields["kind"] = kind.rawValue
            fields["from"] = from
            fields["to"] = to
        case .keyAdded(let owner, let key, let value), .keyRemoved(let owner, let key, let value):
            fields["change"] = change.sign == .added ? "keyAdded" : "keyRemoved"
            fields.merge(place(owner, key)) { $1 }
            fields["value"] = ArchiveJSON.json(value)
        case .keyChanged(let owner, let key, let from, let to):
            fields["change"] = "keyChanged"
            fields.merge(place(owner, key)) { $1 }
            fields["from"] = ArchiveJSON.json(from)
            fields["to"] = ArchiveJSON.json(to)
        }
        return fields
    }

    /// Top-level keys say so; an object's keys name the object's path.
    private static func place(_ owner: ArchiveDifference.Owner, _ key: String) -> [String: Any] {
        switch owner {
        case .topLevel: ["topLevel": true, "key": key]
        case .object(let path): ["object": path.description, "key": key]
        }
    }
}
