import BinaryPropertyList
import Foundation
import RestorationModel

/// An archive as JSON, for tools: the same information as the text dump, with values typed.
/// `topLevel` is the top level as stored, the two archive version keys among its keys.
enum ArchiveJSON {
    static func render(_ archive: StateArchive) throws -> String {
        let document: [String: Any] = [
            "formatVersion": CommandJSON.formatVersion,
            "majorVersion": archive.majorVersion,
            "minorVersion": archive.minorVersion,
            "topLevel": archive.storedTopLevel.mapValues(json),
            "restorationClassMap": Dictionary(uniqueKeysWithValues: archive.restorationClassMap.map { ($0.key.description, $0.value) }),
            "objects": archive.entries.map { entry in
                [
                    "path": entry.path.description,
                    "kind": entry.kind.rawValue,
                    "class": entry.className,
                    "state": entry.state.mapValues(json),
                ] as [String: Any]
            },
        ]
        let data = try JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    /// Property-list values as JSON values; kinds JSON lacks are tagged objects.
    static func json(_ value: PropertyListValue) -> Any {
        switch value {
        case .string(let text): return text
        case .integer(let number): return number
        case .real(let number): return number.isFinite ? number : String(number)
        case .boolean(let flag): return flag
        case .date(let date): return ["date": ISO8601DateFormatter().string(from: date)]
        case .data(let data): return ["data": data.base64EncodedString()]
        case .array(let items): return items.map(json)
        case .dictionary(let entries):
            if case .objectIdentifierProxy(let path)? = MarkedArchiveValue(value) { return ["reference": path] }
            return entries.mapValues(json)
        }
    }
}
