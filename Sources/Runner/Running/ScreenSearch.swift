import Foundation
import RestorationModel
import Scenarios

/// Finds what a scenario names on a captured screen, and compares a value a user sees.
enum ScreenSearch {
    static func find(_ reference: ElementReference, in screen: Screen) -> ScreenElement? {
        switch reference {
        case .identifier(let identifier):
            return screen.elements.first { $0.identifier == identifier }
        case .title(let text):
            return screen.elements.first { shows(text, $0) }
        case .row(let position, let table):
            let tables = screen.elements.filter { $0.role == .table }
            let chosen = table.flatMap { find($0, in: Screen(content: ScreenElement(role: .window, children: tables))) } ?? tables.first
            guard let children = chosen?.children else { return nil }
            // Rows carry their index path, counted from the top as `tap row N` counts them,
            // whatever is scrolled or shown above them; a screen saved without it is counted
            // by position.
            if children.contains(where: { $0.indexPath != nil }) {
                return children.first { $0.indexPath == [position.section, position.row] }
            }
            return children.indices.contains(position.row) ? children[position.row] : nil
        }
    }

    /// Whether an element shows a text: as its name, its text or title, a value, a segment.
    static func shows(_ text: String, _ element: ScreenElement) -> Bool {
        if element.name == text { return true }
        for property in element.properties {
            if property.name == ScreenProperty.segments {
                if property.value.components(separatedBy: " | ").contains(text) { return true }
            } else if property.value == text, property.name != ScreenProperty.enabled, property.name != ScreenProperty.editing {
                return true
            }
        }
        return false
    }

    /// `nil` when the element has the value; otherwise what it has instead.
    static func mismatch(_ element: ScreenElement, _ expected: ExpectedValue) -> String? {
        switch expected {
        case .text(let text):
            let shown = element[property: ScreenProperty.text] ?? element[property: ScreenProperty.selected] ?? element[property: ScreenProperty.value] ?? element[property: ScreenProperty.title] ?? ""
            return shown == text ? nil : "\"\(shown)\""
        case .number(let number):
            let shown = element[property: ScreenProperty.value] ?? element[property: ScreenProperty.text] ?? ""
            guard let value = Double(shown) else { return "\"\(shown)\"" }
            return abs(value - number) < 0.005 ? nil : shown
        case .date(let date):
            let shown = element[property: ScreenProperty.value] ?? ""
            return shown == ScreenElement.format(date.date) ? nil : shown
        case .scrolled(let x, let y):
            let shown = element[property: ScreenProperty.offset] ?? ScreenElement.format(CGPoint.zero)
            return shown == ScreenElement.format(CGPoint(x: x, y: y)) ? nil : "scrolled to \(shown)"
        case .state(let state):
            let holds: Bool
            switch state {
            case .on: holds = element[property: ScreenProperty.value] == "on"
            case .off: holds = element[property: ScreenProperty.value] == "off"
            case .selected: holds = element[property: ScreenProperty.selected] == "yes"
            case .editing: holds = element[property: ScreenProperty.editing] == "yes"
            case .enabled: holds = element[property: ScreenProperty.enabled] != "no"
            case .disabled: holds = element[property: ScreenProperty.enabled] == "no"
            }
            return holds ? nil : "not \(state)"
        }
    }
}
