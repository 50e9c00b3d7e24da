import Foundation

/// A `Codable` value as the tree of property-list objects (dictionaries, arrays, strings,
/// numbers, dates, data) a keyed archive stores for it, as Apple's `encodeEncodable` and
/// `decodeDecodable` keep it. Foundation on Linux has no public way from a value to that tree,
/// so the value goes through a binary property list, wrapped in an array so that a single
/// number or string round-trips as well as a structure does.
nonisolated enum PropertyListTree {
    static func make<Value: Encodable>(_ value: Value) throws -> Any {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        let data = try encoder.encode([value])
        guard let wrapped = try PropertyListSerialization.propertyList(from: data, options: [], format: nil) as? [Any],
              let tree = wrapped.first else {
            throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "\(Value.self) did not encode to a property list"))
        }
        return tree
    }

    static func value<Value: Decodable>(_ type: Value.Type, from tree: Any) throws -> Value {
        let data = try PropertyListSerialization.data(fromPropertyList: [tree], format: .binary, options: 0)
        guard let value = try PropertyListDecoder().decode([Value].self, from: data).first else {
            throw DecodingError.valueNotFound(Value.self, .init(codingPath: [], debugDescription: "the archived property list holds no \(Value.self)"))
        }
        return value
    }
}
