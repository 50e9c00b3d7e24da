/// What the user had before Home and no longer has after a relaunch, as typed losses.
///
/// Only what the user had counts: an element or a value that appears after the relaunch was
/// never lost. When the app comes back on another screen (another tab, a modal closed, another
/// controller on top), that is the one loss: everything beneath it differs because the screen
/// does, and listing it would bury the one thing that matters. Differences nobody would notice
/// (a bar button enabled or not, a placeholder) are not listed.
public enum LostState {
    /// Properties a user does not think of as their state: how a control is drawn, not what
    /// they put in it.
    package static let cosmetic: Set<String> = [
        ScreenProperty.enabled, ScreenProperty.placeholder, ScreenProperty.accessory, ScreenProperty.image,
        ScreenProperty.secure, ScreenProperty.editable, ScreenProperty.side, ScreenProperty.minimum,
        ScreenProperty.maximum, ScreenProperty.segments, ScreenProperty.back, ScreenProperty.transform,
    ]

    public static func between(_ before: Screen, _ after: Screen) -> [StateLoss] {
        // An alert is a question, not the user's state: neither side's counts.
        let before = before.leavingOutAlerts, after = after.leavingOutAlerts
        if let loss = screenLoss(before, after) { return [loss] }
        let differences = ScreenDifference.between(before, after)
        let losses = differences.compactMap { loss(from: $0, before: before) }.filter { !keptItsRows($0, differences) }
        // Rows of a table that came back scrolled elsewhere differ because of the scroll: the
        // scroll position is what was lost, once.
        let scrolled = losses.filter { $0.kind == .scrollPosition }.compactMap { $0.place?.before }
        return losses.filter { loss in
            guard let place = loss.place?.before else { return true }
            return !scrolled.contains { place.count > $0.count && place.starts(with: $0) }
        }
    }

    /// Whether a table that came back at another offset shows the same rows as before, in the
    /// same places: rows above them went while the app was away, and the table found its place
    /// again (by model identifiers). The user sees what they left, so nothing was lost.
    private static func keptItsRows(_ loss: StateLoss, _ differences: [ScreenDifference]) -> Bool {
        guard loss.kind == .scrollPosition, loss.role == .table, let table = loss.place?.before else { return false }
        let tableAfter = loss.place?.after
        func inside(_ place: [Int]?, _ table: [Int]?) -> Bool {
            guard let place, let table else { return false }
            return place.count > table.count && place.starts(with: table)
        }
        return !differences.contains { inside($0.placeBefore, table) || inside($0.placeAfter, tableAfter) }
    }

    // MARK: The screen

    /// The one loss when the app came back on another screen, if it did.
    package static func screenLoss(_ before: Screen, _ after: Screen) -> StateLoss? {
        let owner = before.chain.last(where: { !$0.embedded }).map(Self.controller)
        let presentedBefore = before.chain.filter(\.presented).map(\.name)
        let presentedAfter = after.chain.filter(\.presented).map(\.name)
        if !presentedBefore.isEmpty, presentedBefore != presentedAfter, !presentedAfter.starts(with: presentedBefore) {
            return StateLoss(kind: .modal, location: [], before: name(of: before), after: name(of: after), controller: owner,
                             place: .init(before: [], after: []))
        }
        // A tab bar behind a sheet still shows which tab is selected.
        let tabBefore = selectedTab(before.content.allElements), tabAfter = selectedTab(after.content.allElements)
        if let tabBefore, let tabAfter, tabBefore != tabAfter {
            let bar = before.chain.last { $0.name.hasSuffix("TabBarController") }.map(Self.controller) ?? owner
            let tabBar = { (screen: Screen) in screen.content.children.firstIndex { $0.role == .tabBar }.map { [$0] } ?? [] }
            return StateLoss(kind: .tab, location: ["Tab bar"], role: .tabBar, before: tabBefore, after: tabAfter, controller: bar,
                             place: .init(before: tabBar(before), after: tabBar(after)))
        }
        // The screen is the last controller that is not a part of another's (a child of the
        // app's own container): a container that came back without its parts is the same
        // screen, and what its parts showed is lost element by element.
        // Another class under the same title is, to the user, the same screen: what differs on
        // it is said element by element.
        guard let top = before.chain.last(where: { !$0.embedded }), let back = after.chain.last(where: { !$0.embedded }),
              top.name != back.name, name(of: before) != name(of: after) else { return nil }
        return StateLoss(kind: .screen, location: [], before: name(of: before), after: name(of: after), controller: owner,
                         place: .init(before: [], after: []))
    }

    /// A screen as a user names it: by its title, else its tab, else its controller.
    package static func name(of screen: Screen) -> String {
        let elements = screen.elements
        if let title = elements.first(where: { $0.role == .navigationBar })?[property: ScreenProperty.title], !title.isEmpty { return title }
        if let tab = selectedTab(elements), !tab.isEmpty { return tab }
        if screen.content.role == .launchImage { return "the launch image" }
        return screen.chain.last?.name ?? "an empty window"
    }

    private static func selectedTab(_ elements: [ScreenElement]) -> String? {
        elements.first { $0.role == .tabBar }?[property: ScreenProperty.selected]
    }

    private static func controller(_ entry: ScreenController) -> StateLoss.Controller {
        StateLoss.Controller(name: entry.name, restorationPath: entry.restorationPath)
    }

    // MARK: One element

    private static func loss(from difference: ScreenDifference, before screen: Screen) -> StateLoss? {
        // What was not there before was not lost, nor was an empty label or field.
        guard let before = difference.before, !before.isEmpty else { return nil }
        if let property = difference.property, cosmetic.contains(property) { return nil }
        // A bar button's title follows the state it acts on (Edit, Done): that state is the loss.
        if difference.role == .barButton, difference.property == ScreenProperty.title { return nil }
        let owner: ScreenController?
        switch difference.role {
        case .navigationBar: owner = screen.chain.last { $0.name.hasSuffix("NavigationController") } ?? screen.chain.last
        case .tabBar: owner = screen.chain.last { $0.name.hasSuffix("TabBarController") } ?? screen.chain.last
        default: owner = screen.chain.last
        }
        return StateLoss(kind: kind(of: difference), location: difference.names, role: difference.role, before: difference.before, after: difference.after,
                         controller: owner.map(controller), place: .init(before: difference.placeBefore, after: difference.placeAfter))
    }

    package static func kind(of difference: ScreenDifference) -> StateLoss.Kind {
        switch difference.property {
        case ScreenProperty.offset?: return .scrollPosition
        case ScreenProperty.editing?: return .editingMode
        case ScreenProperty.selected?: return difference.role == .tabBar ? .tab : .selection
        case nil: return .content
        default: break
        }
        switch difference.role {
        case .textField, .textView: return difference.property == ScreenProperty.text ? .text : .content
        case .datePicker: return .date
        case .switch: return .selection
        case .slider, .stepper: return .value
        default: return .content
        }
    }

    /// Whether a loss, or anything on the screen it stands for, matches what `expect lost "…"`
    /// names: its words, its element's names, or (for a screen) the elements that screen showed.
    public static func mentions(_ text: String, in losses: [StateLoss], leaving before: Screen, comingBack after: Screen) -> Bool {
        if losses.contains(where: { $0.description.contains(text) || $0.location.contains { $0.contains(text) } }) { return true }
        guard losses.contains(where: { [.screen, .tab, .modal].contains($0.kind) }) else { return false }
        return ScreenDifference.between(before, after).contains { $0.before != nil && $0.description.contains(text) }
    }
}
