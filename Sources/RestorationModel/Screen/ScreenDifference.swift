/// One place where two screens differ, as found by pairing their elements: which element (by
/// its names from the top, and by its position in each screen), which of its properties, and
/// the values before and after. The raw material of a verdict: `LostState` decides which of
/// these are state the user lost, and says each the way a user would.
public struct ScreenDifference: Hashable, Sendable, CustomStringConvertible {
    /// Where on the screen: the elements from the top, by their names.
    public var names: [String]
    /// The property that differs; `nil` when the element itself is there on one side only.
    public var property: String?
    /// The element concerned (from the screen before, or after when it only appears there).
    public var role: ScreenElement.Role
    public var before: String?
    public var after: String?
    /// The element's child indices from the window down, in each screen; `nil` on the side the
    /// element is missing from.
    public var placeBefore: [Int]?
    public var placeAfter: [Int]?

    /// `Note › Name field: "Rusty Spork" → ""`.
    public var location: String { names.isEmpty ? "Screen" : names.joined(separator: " › ") }

    public var description: String {
        "\(location): \(Self.quote(before)) → \(Self.quote(after))"
    }

    package static func quote(_ value: String?) -> String {
        value.map { "\"\($0)\"" } ?? "nothing"
    }

    /// Every difference in what the two screens show, in screen order. Elements are paired by
    /// role and name (and accessibility identifier, where they have one), in order, so a missing
    /// field shows as one difference rather than shifting every element after it.
    public static func between(_ before: Screen, _ after: Screen) -> [ScreenDifference] {
        var differences: [ScreenDifference] = []
        compare(before.content, after.content, names: [], placeBefore: [], placeAfter: [], into: &differences)
        return differences
    }

    private static func compare(_ old: ScreenElement, _ new: ScreenElement, names: [String], placeBefore: [Int], placeAfter: [Int],
                                into differences: inout [ScreenDifference]) {
        let here = names + [label(old)].compactMap { $0 }
        let properties = old.properties.map(\.name) + new.properties.map(\.name).filter { name in !old.properties.contains { $0.name == name } }
        for property in properties where old[property: property] != new[property: property] {
            differences.append(ScreenDifference(names: named(here, property: property), property: property, role: old.role,
                                                before: old[property: property], after: new[property: property],
                                                placeBefore: placeBefore, placeAfter: placeAfter))
        }
        var unmatched = Array(new.children.enumerated())
        for (index, child) in old.children.enumerated() {
            // An element with an accessibility identifier is paired with the one that has it, if
            // any: a label that appeared above it does not take its place. Nor does one with an
            // identifier of its own that is another: that is another element (a page's "Found
            // by" marker is not the "Collected" label whose place it took), so what the element
            // showed is lost, not changed into what the other shows.
            let sameKind = { (other: ScreenElement) in other.role == child.role && other.name == child.name }
            if let position = child.identifier.flatMap({ identifier in unmatched.firstIndex { sameKind($0.element) && $0.element.identifier == identifier } })
                ?? unmatched.firstIndex(where: { sameKind($0.element) && !Self.knownApart(child, $0.element) }) {
                let partner = unmatched.remove(at: position)
                compare(child, partner.element, names: here, placeBefore: placeBefore + [index], placeAfter: placeAfter + [partner.offset], into: &differences)
            } else {
                missing(child, names: here, place: placeBefore + [index], before: true, into: &differences)
            }
        }
        for partner in unmatched {
            missing(partner.element, names: here, place: placeAfter + [partner.offset], before: false, into: &differences)
        }
    }

    /// Whether two elements of one role and name are told apart by their identifiers: each has
    /// one of its own and they differ. A button's title is not an identifier of its own: the
    /// engine names a button that has none by its title, which changes with what the button
    /// does (a bar's Edit becomes Done), while the button stays the same.
    private static func knownApart(_ one: ScreenElement, _ other: ScreenElement) -> Bool {
        func own(_ element: ScreenElement) -> String? {
            element.identifier == element[property: ScreenProperty.title] ? nil : element.identifier
        }
        guard let first = own(one), let second = own(other) else { return false }
        return first != second
    }

    /// An element on one side only. A sheet is where a screen is drawn, not something a user
    /// names: what it held is listed instead, each element as on a screen of its own.
    private static func missing(_ element: ScreenElement, names: [String], place: [Int], before: Bool,
                                into differences: inout [ScreenDifference]) {
        if element.role == .sheet {
            for (index, child) in element.children.enumerated() {
                missing(child, names: names, place: place + [index], before: before, into: &differences)
            }
            return
        }
        differences.append(ScreenDifference(names: names + [label(element) ?? element.role.rawValue], property: nil, role: element.role,
                                            before: before ? summary(element) : nil, after: before ? nil : summary(element),
                                            placeBefore: before ? place : nil, placeAfter: before ? nil : place))
    }

    /// How a person names an element: a bar by its title, a field by its name.
    package static func label(_ element: ScreenElement) -> String? {
        switch element.role {
        // A sheet is where a screen is drawn, not a thing a user names: what is in it is named
        // as on a screen of its own.
        case .window, .sheet: return nil
        case .navigationBar: return "Navigation bar"
        case .tabBar: return "Tab bar"
        case .textField: return "\(element.name ?? "Text") field"
        case .textView: return "\(element.name ?? "Text") view"
        case .button: return "\(element[property: ScreenProperty.title] ?? element.name ?? "") button"
        case .slider: return element.name.map { "\($0) slider" } ?? "Slider"
        case .segmentedControl: return element.name.map { "\($0) control" } ?? "Segmented control"
        case .datePicker: return element.name.map { "\($0) picker" } ?? "Date picker"
        case .stepper: return element.name.map { "\($0) stepper" } ?? "Stepper"
        case .switch: return element.name.map { "\($0) switch" } ?? "Switch"
        case .table: return element.name ?? "Table"
        case .cell: return element[property: ScreenProperty.text].map { "Row \"\($0)\"" } ?? "Row"
        case .label: return element.name ?? element.identifier ?? "Label"
        case .alert: return element.name.map { "Alert \"\($0)\"" } ?? "Alert"
        default: return element.name ?? element.identifier
        }
    }

    /// A property that is the element's main value (a field's text) is not named: the element is.
    private static func named(_ names: [String], property: String) -> [String] {
        property == ScreenProperty.text || property == ScreenProperty.value ? names : names + [property]
    }

    private static func summary(_ element: ScreenElement) -> String {
        element[property: ScreenProperty.text] ?? element[property: ScreenProperty.title] ?? element[property: ScreenProperty.value] ?? element.role.rawValue
    }
}
