import Foundation

/// A predicate checked against an entity: every key is one of its attributes and every value
/// fits the attribute's type. It gives the same answer two ways: as a SQL condition for the rows
/// in the store, and evaluated in memory for objects with unsaved changes.
struct CompiledPredicate {
    indirect enum Node {
        case comparison(NSAttributeDescription, ComparisonOperator, AttributeValue?)
        case and(Node, Node)
        case or(Node, Node)
        case not(Node)
    }

    let root: Node

    init(_ node: PredicateNode, entity: NSEntityDescription, format: String) throws {
        root = try Self.check(node, entity: entity, format: format)
    }

    private static func check(_ node: PredicateNode, entity: NSEntityDescription, format: String) throws -> Node {
        switch node {
        case .and(let left, let right): return .and(try check(left, entity: entity, format: format), try check(right, entity: entity, format: format))
        case .or(let left, let right): return .or(try check(left, entity: entity, format: format), try check(right, entity: entity, format: format))
        case .not(let inner): return .not(try check(inner, entity: entity, format: format))
        case .comparison(let key, let comparison, let constant, let position):
            func fail(_ message: String) -> CoreDataError {
                CoreDataError(.invalidPredicate, "The predicate \"\(format)\" does not fit the entity \(entity.name): at character \(position), \(message).")
            }
            guard let attribute = entity.attributesByName[key] else {
                throw fail("\"\(key)\" is not an attribute of \(entity.name) (it has \(entity.properties.map(\.name).joined(separator: ", ")))")
            }
            let type = attribute.attributeType
            if comparison.isStringOperator && type != .stringAttributeType {
                throw fail("\(comparison.rawValue) compares strings, and \(key) holds \(type.name) values")
            }
            let value: AttributeValue?
            switch (constant, type) {
            case (.null, _):
                guard comparison == .equal || comparison == .notEqual else {
                    throw fail("\(comparison.rawValue) needs a value, not nil; only == and != compare with nil")
                }
                value = nil
            case (.string(let text), .stringAttributeType): value = .string(text)
            case (.integer(let number), .integer64AttributeType): value = .integer(number)
            case (.integer(let number), .doubleAttributeType): value = .double(Double(number))
            case (.double(let number), .doubleAttributeType), (.double(let number), .integer64AttributeType): value = .double(number)
            case (.boolean(let flag), .booleanAttributeType): value = .boolean(flag)
            case (.integer(let number), .booleanAttributeType) where number == 0 || number == 1: value = .boolean(number == 1)
            case (.date(let date), .dateAttributeType): value = .date(date)
            default:
                throw fail("\(key) holds \(type.name) values, and cannot be compared with \(constant.kind)")
            }
            return .comparison(attribute, comparison, value)
        }
    }

    // MARK: As SQL

    /// The condition for a WHERE clause, with its bindings in order.
    func sql() -> (String, [SQLiteValue]) {
        var bindings: [SQLiteValue] = []
        let text = Self.sql(root, &bindings)
        return (text, bindings)
    }

    private static func sql(_ node: Node, _ bindings: inout [SQLiteValue]) -> String {
        switch node {
        case .and(let left, let right): return "(\(sql(left, &bindings)) AND \(sql(right, &bindings)))"
        case .or(let left, let right): return "(\(sql(left, &bindings)) OR \(sql(right, &bindings)))"
        // NOT of an unknown (a NULL column) must be true when the comparison is false in memory:
        // IS NOT 1 turns SQL's NULL into true, as in Swift.
        case .not(let inner): return "((\(sql(inner, &bindings))) IS NOT 1)"
        case .comparison(let attribute, let comparison, let value):
            let column = attribute.columnName
            let bound = value?.sqliteValue ?? .null
            switch comparison {
            // IS and IS NOT treat NULL as a value: nil == nil, and nil != "x".
            case .equal: bindings.append(bound); return "\(column) IS ?"
            case .notEqual: bindings.append(bound); return "\(column) IS NOT ?"
            case .less: bindings.append(bound); return "\(column) < ?"
            case .lessOrEqual: bindings.append(bound); return "\(column) <= ?"
            case .greater: bindings.append(bound); return "\(column) > ?"
            case .greaterOrEqual: bindings.append(bound); return "\(column) >= ?"
            // instr and substr compare bytes, never case-folded, as the in-memory test does.
            case .beginsWith: bindings.append(bound); return "(instr(\(column), ?) = 1)"
            case .contains: bindings.append(bound); return "(instr(\(column), ?) > 0)"
            case .endsWith:
                bindings += [bound, bound, bound]
                return "(\(column) IS NOT NULL AND (length(?) = 0 OR substr(\(column), -length(?)) = ?))"
            }
        }
    }

    // MARK: In memory

    func evaluate(_ values: [String: AttributeValue]) -> Bool {
        Self.evaluate(root, values) == true
    }

    /// True, false, or nil for SQL's unknown (an ordering comparison with a nil value).
    private static func evaluate(_ node: Node, _ values: [String: AttributeValue]) -> Bool? {
        switch node {
        case .and(let left, let right):
            let (a, b) = (evaluate(left, values), evaluate(right, values))
            if a == false || b == false { return false }
            return a == true && b == true ? true : nil
        case .or(let left, let right):
            let (a, b) = (evaluate(left, values), evaluate(right, values))
            if a == true || b == true { return true }
            return a == false && b == false ? false : nil
        case .not(let inner):
            return evaluate(inner, values) != true
        case .comparison(let attribute, let comparison, let value):
            let current = values[attribute.name]
            switch comparison {
            case .equal: return same(current, value)
            case .notEqual: return !same(current, value)
            case .less, .lessOrEqual, .greater, .greaterOrEqual:
                guard let current, let value, let order = AttributeValue.compare(current, value) else { return nil }
                switch comparison {
                case .less: return order == .orderedAscending
                case .lessOrEqual: return order != .orderedDescending
                case .greater: return order == .orderedDescending
                default: return order != .orderedAscending
                }
            case .beginsWith, .contains, .endsWith:
                guard case .string(let text)? = current else { return nil }
                guard case .string(let needle)? = value else { return nil }
                let haystack = Array(text.utf8), wanted = Array(needle.utf8)
                if wanted.isEmpty { return true }
                switch comparison {
                case .beginsWith: return haystack.starts(with: wanted)
                case .endsWith: return haystack.reversed().starts(with: wanted.reversed())
                default:
                    guard haystack.count >= wanted.count else { return false }
                    return (0...(haystack.count - wanted.count)).contains { haystack[$0..<$0 + wanted.count].elementsEqual(wanted) }
                }
            }
        }
    }

    private static func same(_ left: AttributeValue?, _ right: AttributeValue?) -> Bool {
        switch (left, right) {
        case (nil, nil): return true
        case let (.some(a), .some(b)): return AttributeValue.compare(a, b) == .orderedSame
        default: return false
        }
    }
}
