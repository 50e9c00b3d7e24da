import Foundation

/// Something a user does to the app on screen. The runner sends these to the app process (as
/// JSON, one a line); the app performs them on its live hierarchy, as touches would.
public enum UserAction: Codable, Hashable, Sendable {
    /// A button, bar button, tab, row, switch or field (which then takes the keyboard).
    case tap(ElementQuery)
    /// Typing into a field or text view; `\n` presses return.
    case type(text: String, into: ElementQuery)
    case clear(ElementQuery)
    case selectRow(RowQuery, table: ElementQuery?)
    /// Scrolls a table or scroll view so its content offset is `offset` (points from the top);
    /// `x`, when given, is the offset from the left too (`nil` leaves it where it is).
    case scroll(ElementQuery?, x: Double? = nil, offset: Double)
    /// Scrolls a table until the row is at the top.
    case scrollToRow(RowQuery, table: ElementQuery?)
    /// Turns editing mode of the controller on screen on or off (`nil`: toggles it).
    case setEditing(Bool?)
    case deleteRow(RowQuery, table: ElementQuery?)
    case moveRow(from: RowQuery, to: Int, table: ElementQuery?)
    case pickDate(Date, picker: ElementQuery?)
    case slide(to: Double, slider: ElementQuery?)
    case chooseSegment(String, control: ElementQuery?)
    /// A segment by position, counting from 0.
    case chooseSegmentAt(Int, control: ElementQuery?)
    case chooseTab(String)
    /// A tab by position, counting from 0.
    case chooseTabAt(Int)
    /// The navigation bar's back button.
    case back
    /// Dismisses the presented screen.
    case dismiss
}
