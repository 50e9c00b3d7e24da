import Foundation

/// An attribute's value as the library keeps it: one case per `NSAttributeType`, so a value of
/// the wrong type can never reach the store. A nil value is the absence of one.
enum AttributeValue: Equatable {
    case string(String)
    case integer(Int64)
    case double(Double)
    case boolean(Bool)
    case date(Date)

    /// Converts what Swift code passes to `setValue(_:forKey:)` or a predicate, if it fits `type`.
    /// Integers of every width fit Int64, any number fits Double, and NSNumber fits both.
    init?(_ value: Any, as type: NSAttributeType) {
        switch type {
        case .stringAttributeType:
            if let text = value as? String { self = .string(text) }
            else if let text = value as? NSString { self = .string(text as String) }
            else { return nil }
        case .integer64AttributeType:
            guard let number = AttributeValue.integer(from: value) else { return nil }
            self = .integer(number)
        case .doubleAttributeType:
            if let number = value as? Double { self = .double(number) }
            else if let number = value as? Float { self = .double(Double(number)) }
            else if let number = AttributeValue.integer(from: value) { self = .double(Double(number)) }
            else if let number = value as? NSNumber, Swift.type(of: value) is NSNumber.Type { self = .double(number.doubleValue) }
            else { return nil }
        case .booleanAttributeType:
            if let flag = value as? Bool { self = .boolean(flag) }
            else if let number = value as? NSNumber, Swift.type(of: value) is NSNumber.Type, number.doubleValue == 0 || number.doubleValue == 1 { self = .boolean(number.boolValue) }
            else { return nil }
        case .dateAttributeType:
            guard let date = value as? Date else { return nil }
            self = .date(date)
        }
    }

    private static func integer(from value: Any) -> Int64? {
        switch value {
        case let number as Int: return Int64(number)
        case let number as Int64: return number
        case let number as Int32: return Int64(number)
        case let number as Int16: return Int64(number)
        case let number as Int8: return Int64(number)
        case let number as UInt8: return Int64(number)
        case let number as UInt16: return Int64(number)
        case let number as UInt32: return Int64(number)
        // An NSNumber object (not a Swift number bridged to one) that holds a whole number.
        case let number as NSNumber where Swift.type(of: value) is NSNumber.Type && Double(number.int64Value) == number.doubleValue:
            return number.int64Value
        default: return nil
        }
    }

    /// What `value(forKey:)` answers: Swift's own types (Int for integers, as Int is 64 bits here).
    var swiftValue: Any {
        switch self {
        case .string(let text): return text
        case .integer(let number): return Int(number)
        case .double(let number): return number
        case .boolean(let flag): return flag
        case .date(let date): return date
        }
    }

    /// The column's value: dates as seconds since 2001-01-01, booleans as 0 and 1, as Core Data stores them.
    var sqliteValue: SQLiteValue {
        switch self {
        case .string(let text): return .text(text)
        case .integer(let number): return .integer(number)
        case .double(let number): return .real(number)
        case .boolean(let flag): return .integer(flag ? 1 : 0)
        case .date(let date): return .real(date.timeIntervalSinceReferenceDate)
        }
    }

    /// Reads a column back as `type`; nil for NULL.
    init?(sqlite value: SQLiteValue, as type: NSAttributeType) {
        switch (value, type) {
        case (.null, _): return nil
        case (.text(let text), .stringAttributeType): self = .string(text)
        case (.integer(let number), .integer64AttributeType): self = .integer(number)
        case (.real(let number), .doubleAttributeType): self = .double(number)
        case (.integer(let number), .doubleAttributeType): self = .double(Double(number))
        case (.integer(let number), .booleanAttributeType): self = .boolean(number != 0)
        case (.real(let number), .dateAttributeType): self = .date(Date(timeIntervalSinceReferenceDate: number))
        case (.integer(let number), .dateAttributeType): self = .date(Date(timeIntervalSinceReferenceDate: Double(number)))
        default: return nil
        }
    }

    /// The order SQLite gives the same values (strings by their UTF-8 bytes, its BINARY
    /// collation), so that sorting in memory and in SQL agree.
    static func ascending(_ left: AttributeValue?, _ right: AttributeValue?) -> Bool {
        switch (left, right) {
        case (nil, nil): return false
        case (nil, _): return true // NULL sorts first, as in SQLite
        case (_, nil): return false
        case let (.some(left), .some(right)): return compare(left, right) == .orderedAscending
        }
    }

    /// Compares two values of one attribute; numbers compare across Int64 and Double.
    static func compare(_ left: AttributeValue, _ right: AttributeValue) -> ComparisonResult? {
        func order<T: Comparable>(_ a: T, _ b: T) -> ComparisonResult {
            a < b ? .orderedAscending : a > b ? .orderedDescending : .orderedSame
        }
        switch (left, right) {
        case let (.string(a), .string(b)):
            return a.utf8.lexicographicallyPrecedes(b.utf8) ? .orderedAscending : b.utf8.lexicographicallyPrecedes(a.utf8) ? .orderedDescending : .orderedSame
        case let (.integer(a), .integer(b)): return order(a, b)
        case let (.double(a), .double(b)): return order(a, b)
        case let (.integer(a), .double(b)): return order(Double(a), b)
        case let (.double(a), .integer(b)): return order(a, Double(b))
        case let (.boolean(a), .boolean(b)): return order(a ? 1 : 0, b ? 1 : 0)
        case let (.date(a), .date(b)): return order(a.timeIntervalSinceReferenceDate, b.timeIntervalSinceReferenceDate)
        default: return nil
        }
    }
}
