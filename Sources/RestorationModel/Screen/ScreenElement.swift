import Foundation

/// One thing a user sees on a screen: a label, a field, a row, a bar... A screen is data, so
/// the runner can compare what the user left with what came back after a relaunch.
///
/// Equality is what a user can tell apart: the role, the name, the properties and the children.
/// The `identifier` (accessibility or restoration identifier) only helps scenarios find an
/// element and is left out, so two screens that look the same compare equal.
public struct ScreenElement: Codable, Hashable, Sendable {
    public enum Role: String, Codable, Sendable {
        case window, navigationBar, tabBar, toolbar, view, label, textField, textView, button
        case barButton, slider, `switch`, segmentedControl, datePicker, imageView, scrollView, table, cell
        case launchImage
        /// An alert or action sheet over the screen: no state of the user's, and never in a snapshot.
        case alert
        /// A page or form sheet: a presented screen drawn as a card over the one it was presented
        /// from, which stays behind it, dimmed (iOS 13's `.automatic` presentation).
        case sheet
        /// A stepper's − and + buttons, showing its value.
        case stepper
    }

    /// A named value the user can see: `text`, `value`, `selected`, `offset`...
    public struct Property: Codable, Hashable, Sendable {
        public var name: String
        public var value: String
        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    public var role: Role
    /// What a person would call the element: a field's placeholder, a button's title.
    public var name: String?
    /// How a scenario finds it; not part of equality.
    public var identifier: String?
    /// A row's place in its table, `[section, row]`, counted from the top whatever is scrolled;
    /// how `expect row N` finds it, as `tap row N` does. Not part of equality.
    public var indexPath: [Int]?
    public var properties: [Property]
    public var children: [ScreenElement]

    public init(role: Role, name: String? = nil, identifier: String? = nil, properties: [Property] = [], children: [ScreenElement] = []) {
        self.role = role
        self.name = name
        self.identifier = identifier
        self.properties = properties
        self.children = children
    }

    public subscript(property name: String) -> String? {
        properties.first { $0.name == name }?.value
    }

    /// Sets or replaces a property; `nil` removes it.
    public mutating func set(_ name: String, _ value: String?) {
        properties.removeAll { $0.name == name }
        if let value { properties.append(Property(name, value)) }
    }

    /// This element and all below it, depth first.
    public var allElements: [ScreenElement] {
        [self] + children.flatMap(\.allElements)
    }

    public static func == (lhs: ScreenElement, rhs: ScreenElement) -> Bool {
        lhs.role == rhs.role && lhs.name == rhs.name && lhs.properties == rhs.properties && lhs.children == rhs.children
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(role)
        hasher.combine(name)
        hasher.combine(properties)
        hasher.combine(children)
    }
}

/// The property names views use, so drawings and differences read the same everywhere.
public enum ScreenProperty {
    public static let text = "text"
    public static let placeholder = "placeholder"
    public static let detail = "detail"
    public static let title = "title"
    public static let value = "value"
    public static let minimum = "minimum"
    public static let maximum = "maximum"
    public static let selected = "selected"
    public static let segments = "segments"
    public static let offset = "offset"
    public static let frame = "frame"
    public static let editing = "editing"
    public static let editable = "editable"
    public static let enabled = "enabled"
    public static let image = "image"
    public static let transform = "transform"
    public static let back = "back"
    public static let accessory = "accessory"
    public static let secure = "secure"
    public static let side = "side"

    package static let all: Set<String> = [text, placeholder, detail, title, value, minimum, maximum, selected, segments, offset,
                                   frame, editing, editable, enabled, image, transform, back, accessory, secure, side]

    /// Whether a name in a loss's location is one of these properties rather than an element.
    package static func isPropertyName(_ name: String) -> Bool { all.contains(name) }
}

extension ScreenElement {
    /// A number as a screen shows it: no trailing zeros, at most two decimals.
    public static func format(_ number: Double) -> String {
        let rounded = (number * 100).rounded() / 100
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
        return String(rounded)
    }

    public static func format(_ point: CGPoint) -> String {
        "(\(format(Double(point.x))), \(format(Double(point.y))))"
    }

    public static func format(_ rect: CGRect) -> String {
        "(\(format(Double(rect.minX))), \(format(Double(rect.minY)))) \(format(Double(rect.width)))×\(format(Double(rect.height)))"
    }

    /// A date as a picker on a device shows it, in UTC so runs agree on every machine.
    public static func format(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: date)
    }
}
