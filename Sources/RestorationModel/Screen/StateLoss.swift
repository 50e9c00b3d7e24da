/// One piece of state the user had before Home and no longer has after a relaunch: what kind of
/// state, where it was, what it was and what came back, and the controller it belongs to. What
/// `result.json` stores and every tool words with `StateLoss.description`, the one formatter.
public struct StateLoss: Codable, Hashable, Sendable, CustomStringConvertible {
    /// What kind of state a user would say they lost.
    public enum Kind: String, Codable, Hashable, Sendable, CaseIterable {
        /// The screen they were on (another came back in its place).
        case screen
        /// The selected tab.
        case tab
        /// A screen presented over the others (a modal) that is no longer open.
        case modal
        /// Text typed into a field or a text view.
        case text
        /// A date picked.
        case date
        /// A selected row, segment or switch position.
        case selection
        /// How far a table or a scroll view was scrolled.
        case scrollPosition
        /// A table or a screen in editing mode.
        case editingMode
        /// A slider's or another control's value.
        case value
        /// Something the screen showed (a label's text, a row) that is gone.
        case content

        /// The kind in a few words, for a line that must not say the values (a hidden check).
        public var phrase: String {
            switch self {
            case .screen: "the screen the user was on"
            case .tab: "the selected tab"
            case .modal: "the screen open over the others"
            case .text: "the text typed"
            case .date: "the date picked"
            case .selection: "the selection"
            case .scrollPosition: "the scroll position"
            case .editingMode: "editing mode"
            case .value: "a control's value"
            case .content: "what the screen showed"
            }
        }
    }

    /// The controller the state belongs to, as the screen's chain named it.
    public struct Controller: Codable, Hashable, Sendable {
        /// Its class.
        public var name: String
        /// Its restoration identifier path, when it takes part in restoration.
        public var restorationPath: String?

        public init(name: String, restorationPath: String? = nil) {
            self.name = name
            self.restorationPath = restorationPath
        }
    }

    /// Where the element is drawn: its child indices from the window down, in the screen the user
    /// left and in the screen it was compared with. The site marks the drawings with them.
    public struct Place: Codable, Hashable, Sendable {
        public var before: [Int]?
        public var after: [Int]?

        public init(before: [Int]? = nil, after: [Int]? = nil) {
            self.before = before
            self.after = after
        }
    }

    public var kind: Kind
    /// Where it was: the elements from the top, by their names (`["Navigation bar"]`,
    /// `["Name field"]`); empty for the whole screen.
    public var location: [String]
    /// What sort of element held it (`datePicker`); `nil` for the whole screen.
    public var role: ScreenElement.Role?
    /// What the user had, and what came back (`nil`: nothing). For a screen, its name.
    public var before: String?
    public var after: String?
    public var controller: Controller?
    public var place: Place?
    /// Set on a loss found by a hidden check: its location, values and controller are gone, so
    /// only its kind and the sort of element are said.
    public var concealed: Bool?

    public init(kind: Kind, location: [String], role: ScreenElement.Role? = nil, before: String?, after: String?,
                controller: Controller? = nil, place: Place? = nil) {
        self.kind = kind
        self.location = location
        self.role = role
        self.before = before
        self.after = after
        self.controller = controller
        self.place = place
    }

    private enum CodingKeys: String, CodingKey { case kind, location, role, before, after, controller, place, concealed, said }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kind = try container.decode(Kind.self, forKey: .kind)
        location = try container.decode([String].self, forKey: .location)
        role = try container.decodeIfPresent(ScreenElement.Role.self, forKey: .role)
        before = try container.decodeIfPresent(String.self, forKey: .before)
        after = try container.decodeIfPresent(String.self, forKey: .after)
        controller = try container.decodeIfPresent(Controller.self, forKey: .controller)
        place = try container.decodeIfPresent(Place.self, forKey: .place)
        concealed = try container.decodeIfPresent(Bool.self, forKey: .concealed)
    }

    /// The values, and `said`: the loss in words (`description`), for a tool that shows it as is.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(location, forKey: .location)
        try container.encodeIfPresent(role, forKey: .role)
        try container.encodeIfPresent(before, forKey: .before)
        try container.encodeIfPresent(after, forKey: .after)
        try container.encodeIfPresent(controller, forKey: .controller)
        try container.encodeIfPresent(place, forKey: .place)
        try container.encodeIfPresent(concealed, forKey: .concealed)
        try container.encode(description, forKey: .said)
    }

    /// The loss in a user's words, the same in the terminal, the checker's reports and the site:
    /// `comes back on "Homepwner" instead of "Dusty Bear"`, `Name field: "Rusty Spork" → ""`.
    public var description: String {
        if concealed == true { return kindOnly }
        switch kind {
        case .screen:
            return "the screen: comes back on \(ScreenDifference.quote(after)) instead of \(ScreenDifference.quote(before))"
        case .tab:
            return "the tab: comes back on \(ScreenDifference.quote(after)) instead of \(ScreenDifference.quote(before))"
        case .modal:
            return "the open screen: \(ScreenDifference.quote(before)) is closed, \(ScreenDifference.quote(after)) shows instead"
        default:
            return "\(locationDescription): \(ScreenDifference.quote(before)) → \(ScreenDifference.quote(after))"
        }
    }

    /// The loss as a hidden check may report it: its kind and the sort of element, nothing a
    /// student could read the hidden scenario's steps or values from.
    public func concealing() -> StateLoss {
        var loss = StateLoss(kind: kind, location: [], role: role, before: nil, after: nil)
        loss.concealed = true
        return loss
    }

    /// The loss in a few words, without its values, for a one-line summary of many runs:
    /// `the scroll position of Table`, `the text typed in Name field`.
    public var summary: String {
        // The element itself: its location without the property named after it.
        let element = location.last { !ScreenProperty.isPropertyName($0) } ?? locationDescription
        switch kind {
        case .screen, .tab, .modal: return kind.phrase
        case .text: return "the text typed in \(element)"
        case .date: return "the date picked in \(element)"
        case .scrollPosition, .editingMode, .selection, .value: return "\(kind.phrase) of \(element)"
        case .content: return locationDescription
        }
    }

    /// `Note › Name field`; "Screen" for the screen itself.
    public var locationDescription: String { location.isEmpty ? "Screen" : location.joined(separator: " › ") }

    /// The kind and the element's sort, never its values: what feedback on a hidden check may
    /// say (`the date picked, in a date picker`).
    public var kindOnly: String {
        switch kind {
        case .screen, .tab, .modal: kind.phrase
        default: kind.phrase + (role.map { ", in \(Self.sort(of: $0))" } ?? "")
        }
    }

    /// An element's sort as a sentence says it, without the name a hidden scenario gave it.
    private static func sort(of role: ScreenElement.Role) -> String {
        switch role {
        case .textField: "a text field"
        case .textView: "a text view"
        case .datePicker: "a date picker"
        case .slider: "a slider"
        case .switch: "a switch"
        case .segmentedControl: "a segmented control"
        case .button, .barButton: "a button"
        case .table: "a table"
        case .cell: "a row"
        case .scrollView: "a scroll view"
        case .label: "a label"
        case .tabBar: "the tab bar"
        case .navigationBar: "the navigation bar"
        case .toolbar: "a toolbar"
        case .imageView: "an image"
        case .alert: "an alert"
        case .sheet: "a sheet"
        case .stepper: "a stepper"
        case .window, .view, .launchImage: "a view"
        }
    }
}
