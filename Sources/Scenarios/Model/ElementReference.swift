/// How a step names an element on the screen.
///
/// The rule, the same in every step:
/// - a bare word (`NameField`, `DetailViewController`) is an **identifier**: the element's
///   accessibility identifier, or else its restoration identifier;
/// - a quoted text (`"Save"`, `"Rusty Spork"`) is what the user **sees**: a button's or a bar
///   button's title, a label's or a cell's text, a field's placeholder, a tab's title;
/// - `id "name field"` is an identifier that a bare word cannot spell (spaces, punctuation, or a
///   word the language keeps for itself, such as `row`);
/// - `row 3`, `row 3 section 1`, `row 3 in Items` is a table row by position, counted from 0
///   as in `IndexPath`; without `in`, the table is the only one on the screen.
public indirect enum ElementReference: Sendable, Hashable, CustomStringConvertible {
    /// An accessibility identifier, or else a restoration identifier.
    case identifier(String)
    /// Visible text: a title, a label's text, a cell's text, a placeholder.
    case title(String)
    /// A row of a table by position; `table` is `nil` for the only table on the screen.
    case row(RowPosition, in: ElementReference?)

    /// The canonical spelling, as a scenario would write it.
    public var description: String { ScenarioPrinter.format(self) }

    /// Whether this names a table row by position.
    public var isRow: Bool {
        if case .row = self { return true }
        return false
    }
}

/// A row's position in a table: both counted from 0, as in `IndexPath(row:section:)`.
public struct RowPosition: Sendable, Hashable, CustomStringConvertible {
    public var row: Int
    public var section: Int

    public init(row: Int, section: Int = 0) {
        self.row = row
        self.section = section
    }

    /// `row 3`, or `row 3 section 1` outside the first section.
    public var description: String { ScenarioPrinter.format(self) }
}

/// One of several: a segment of a segmented control or a tab of a tab bar, by its title or by
/// its position (counted from 0).
public enum Choice: Sendable, Hashable, CustomStringConvertible {
    case index(Int)
    case title(String)

    public var description: String { ScenarioPrinter.format(self) }
}
