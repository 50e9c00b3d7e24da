#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One value of a property list: what a binary property list holds.
///
/// Dates are stored in files as seconds since 2001-01-01 00:00:00 UTC (a float64), so any `Date`
/// round-trips exactly. Dictionary keys are strings only, as in every property list format.
///
/// Not `indirect`: arrays and dictionaries already keep their elements on the heap, and boxing
/// every scalar too cost an allocation per value, which an archive of 100,000 values felt.
public enum PropertyListValue: Equatable, Hashable, Sendable {
    case string(String)
    case integer(Int64)
    case real(Double)
    case boolean(Bool)
    case date(Date)
    case data(Data)
    case array([PropertyListValue])
    case dictionary([String: PropertyListValue])
}

// MARK: Reading values

extension PropertyListValue {
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    public var integerValue: Int64? {
        if case .integer(let value) = self { return value }
        return nil
    }

    /// A real, or an integer as a `Double` (which may round integers beyond 2^53).
    public var doubleValue: Double? {
        switch self {
        case .real(let value): return value
        case .integer(let value): return Double(value)
        default: return nil
        }
    }

    public var boolValue: Bool? {
        if case .boolean(let value) = self { return value }
        return nil
    }

    public var dateValue: Date? {
        if case .date(let value) = self { return value }
        return nil
    }

    public var dataValue: Data? {
        if case .data(let value) = self { return value }
        return nil
    }

    public var arrayValue: [PropertyListValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    public var dictionaryValue: [String: PropertyListValue]? {
        if case .dictionary(let value) = self { return value }
        return nil
    }

    /// The value under `key` when this is a dictionary; `nil` otherwise.
    public subscript(key: String) -> PropertyListValue? {
        dictionaryValue?[key]
    }

    /// The element at `index` when this is an array and the index is in range; `nil` otherwise.
    public subscript(index: Int) -> PropertyListValue? {
        guard case .array(let items) = self, items.indices.contains(index) else { return nil }
        return items[index]
    }
}

// MARK: Literals, so values read naturally in code and tests

extension PropertyListValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(floatLiteral value: Double) { self = .real(value) }
    public init(booleanLiteral value: Bool) { self = .boolean(value) }
    public init(arrayLiteral elements: PropertyListValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, PropertyListValue)...) {
        // Later duplicates win, as assignment would.
        self = .dictionary(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

// MARK: Rendering

extension PropertyListValue: CustomStringConvertible, CustomDebugStringConvertible {
    /// A compact, deterministic rendering: dictionary keys sorted, strings quoted, data as hex
    /// (shortened past 32 bytes), dates as seconds since 2001.
    public var description: String {
        var text = ""
        render(into: &text)
        return text
    }

    public var debugDescription: String { "PropertyListValue(\(description))" }

    private func render(into text: inout String) {
        switch self {
        case .string(let value): text += quoted(value)
        case .integer(let value): text += String(value)
        case .real(let value): text += String(value)
        case .boolean(let value): text += value ? "true" : "false"
        case .date(let value): text += "date(\(value.timeIntervalSinceReferenceDate))"
        case .data(let value):
            let hex = value.prefix(32).map { byte in
                let digits = String(byte, radix: 16)
                return byte < 16 ? "0" + digits : digits
            }.joined()
            text += "<\(hex)\(value.count > 32 ? "… \(value.count) bytes" : "")>"
        case .array(let items):
            text += "["
            for (position, item) in items.enumerated() {
                if position > 0 { text += ", " }
                item.render(into: &text)
            }
            text += "]"
        case .dictionary(let entries):
            if entries.isEmpty { text += "[:]"; return }
            text += "["
            for (position, key) in entries.keys.sorted().enumerated() {
                if position > 0 { text += ", " }
                text += quoted(key) + ": "
                entries[key]!.render(into: &text)
            }
            text += "]"
        }
    }

    private func quoted(_ value: String) -> String {
        var result = "\""
        for character in value {
            if character == "\"" || character == "\\" { result.append("\\") }
            result.append(character)
        }
        return result + "\""
    }
}
