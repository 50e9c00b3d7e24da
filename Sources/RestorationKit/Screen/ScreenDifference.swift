/// What differs between two screens, said as a user would say it:
/// `Note › Name field: "Rusty Spork" → ""`. Used to list the state a user lost when an app
/// came back differently from how they left it.
public struct ScreenDifference: Codable, Hashable, Sendable, CustomStringConvertible {
    /// Where on the screen: the elements from the top, by their names.
    public var location: String
    public var before: String?
    public var after: String?

    public var description: String {
        "\(location): \(Self.quote(before)) → \(Self.quote(after))"
    }

    private static func quote(_ value: String?) -> String {
        value.map { "\"\($0)\"" } ?? "nothing"
    }

    /// Every difference between what the user left and what came back, in screen order.
    /// Elements are paired by role and name, in order, so a missing field shows as one line
    /// rather than shifting every element after it.
    public static func between(_ before: Screen, _ after: Screen) -> [ScreenDifference] {
        var differences: [ScreenDifference] = []
        if let left = before.controllers.last, let right = after.controllers.last, left != right {
            differences.append(ScreenDifference(location: "Screen", before: left, after: right))
        }
        compare(before.content, after.content, location: [], into: &differences)
        return differences
    }

    private static func compare(_ old: ScreenElement, _ new: ScreenElement, location: [String], into differences: inout [ScreenDifference]) {
        let here = location + [label(old)].compactMap { $0 }
        let names = old.properties.map(\.name) + new.properties.map(\.name).filter { name in !old.properties.contains { $0.name == name } }
        for name in names where old[property: name] != new[property: name] {
            differences.append(ScreenDifference(location: describe(here, property: name, of: old), before: old[property: name], after: new[property: name]))
        }
        var unmatched = new.children
        for child in old.children {
            if let index = unmatched.firstIndex(where: { $0.role == child.role && $0.name == child.name }) {
                compare(child, unmatched.remove(at: index), location: here, into: &differences)
            } else {
                differences.append(ScreenDifference(location: describe(here + [label(child) ?? child.role.rawValue], property: nil, of: child), before: summary(child), after: nil))
            }
        }
        for child in unmatched {
            differences.append(ScreenDifference(location: describe(here + [label(child) ?? child.role.rawValue], property: nil, of: child), before: nil, after: summary(child)))
        }
    }

    /// How a person names an element: a bar by its title, a field by its name.
    private static func label(_ element: ScreenElement) -> String? {
        switch element.role {
        case .window: return nil
        case .navigationBar: return "Navigation bar"
        case .tabBar: return "Tab bar"
        case .textField: return "\(element.name ?? "Text") field"
        case .textView: return "\(element.name ?? "Text") view"
        case .button: return "\(element[property: ScreenProperty.title] ?? element.name ?? "") button"
        case .slider: return element.name.map { "\($0) slider" } ?? "Slider"
        case .segmentedControl: return element.name.map { "\($0) control" } ?? "Segmented control"
        case .datePicker: return element.name.map { "\($0) picker" } ?? "Date picker"
        case .switch: return element.name.map { "\($0) switch" } ?? "Switch"
        case .table: return element.name ?? "Table"
        case .cell: return element[property: ScreenProperty.text].map { "Row \"\($0)\"" } ?? "Row"
        case .label: return element.name ?? element.identifier ?? "Label"
        default: return element.name ?? element.identifier
        }
    }

    private static func describe(_ path: [String], property: String?, of element: ScreenElement) -> String {
        var parts = path
        if let property, property != ScreenProperty.text, property != ScreenProperty.value {
            parts.append(property)
        }
        return parts.isEmpty ? "Screen" : parts.joined(separator: " › ")
    }

    private static func summary(_ element: ScreenElement) -> String {
        element[property: ScreenProperty.text] ?? element[property: ScreenProperty.title] ?? element[property: ScreenProperty.value] ?? element.role.rawValue
    }
}
