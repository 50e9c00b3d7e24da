/// How long `wait` lets the simulated clock run: an amount and the unit it was written in,
/// so it prints back as written (`wait 5 minutes`).
public struct ScenarioDuration: Sendable, Hashable, CustomStringConvertible {
    public enum Unit: String, Sendable, CaseIterable {
        case seconds, minutes, hours, days

        public var seconds: Int {
            switch self {
            case .seconds: return 1
            case .minutes: return 60
            case .hours: return 3_600
            case .days: return 86_400
            }
        }

        var singular: String { String(rawValue.dropLast()) }
    }

    public var amount: Int
    public var unit: Unit

    public init(_ amount: Int, _ unit: Unit) {
        self.amount = amount
        self.unit = unit
    }

    /// The whole wait in seconds.
    public var seconds: Int { amount * unit.seconds }

    /// `30 seconds`, `1 minute`.
    public var description: String { "\(amount) \(amount == 1 ? unit.singular : unit.rawValue)" }
}

/// Where a scroll ends: a content offset in points, or a row brought to the top.
public enum ScrollTarget: Sendable, Hashable, CustomStringConvertible {
    /// The content offset, as a screen shows it: `(x, y)`.
    case offset(x: Double, y: Double)
    /// A row of the table, scrolled to the top.
    case row(RowPosition)

    public var description: String { ScenarioPrinter.format(self) }
}

/// A state a control can be seen in, for `expect Element is …`.
public enum ControlState: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// A switch that is on or off.
    case on, off
    /// A row that is selected.
    case selected
    /// A table (or its screen) in editing mode.
    case editing
    /// A control the user can or cannot use.
    case enabled, disabled

    public var description: String { rawValue }
}

/// What `expect Element is …` compares the element with.
public enum ExpectedValue: Sendable, Hashable, CustomStringConvertible {
    /// A field's text, a label's text, a segmented control's selected segment, a button's title.
    case text(String)
    /// A slider's value.
    case number(Double)
    /// A date picker's date (UTC).
    case date(ScenarioDate)
    /// A table's or scroll view's content offset: `scrolled to 240` or `scrolled to (0, 240)`.
    case scrolled(x: Double, y: Double)
    /// `on`, `off`, `selected`, `editing`, `enabled`, `disabled`.
    case state(ControlState)

    public var description: String { ScenarioPrinter.format(self) }
}

/// What `expect archive has …` looks for in the archive written at the last preservation.
public enum ArchiveEntry: Sendable, Hashable, CustomStringConvertible {
    /// A key the app encoded, under an object's identifier path (`at "…"`), or among the
    /// top-level keys when `path` is `nil` (what the app delegate encodes).
    case key(String, at: String?)
    /// An object preserved under this identifier path, such as
    /// `UINavigationController/:[1]:/DetailViewController`.
    case path(String)

    public var description: String { ScenarioPrinter.format(self) }
}
