import Foundation
import RestorationModel

/// What can be touched on the current screen, in screen order, and how to find it: the
/// navigation bar's buttons, the visible controller's views (rows of tables included) and the
/// tab bar. Only what a user could see is offered.
struct ElementFinder {
    enum Target {
        case view(UIView)
        case barButton(UIBarButtonItem)
        case backButton(UINavigationController)
        case tab(UITabBarController, Int)
        case row(UITableView, IndexPath)
        /// A stepper's + (`up`) or − button.
        case stepperButton(UIStepper, up: Bool)
    }

    struct Candidate {
        let target: Target
        let identifiers: [String]
        let titles: [String]
        /// How the screen's offer is listed when nothing matched: `button "Save"`.
        let summary: String
    }

    let candidates: [Candidate]
    /// The controller whose content is on screen (the top of the visible chain).
    let visibleController: UIViewController?

    init(window: UIWindow?) {
        var found: [Candidate] = []
        var visible: UIViewController?
        if var top = window?.rootViewController {
            while let presented = top.presentedViewController { top = presented }
            visible = Self.collect(from: top, into: &found)
        }
        candidates = found
        visibleController = visible
    }

    /// Everything matching the query, first in screen order first.
    func matches(_ query: ElementQuery) -> [Candidate] {
        candidates.filter { candidate in
            switch query {
            case .identifier(let identifier): candidate.identifiers.contains(identifier)
            case .title(let title): candidate.titles.contains(title)
            }
        }
    }

    /// The first match that `accept` takes, or an error saying what the screen offers instead.
    func find<T>(_ query: ElementQuery, as kind: String, _ accept: (Candidate) -> T?) throws -> T {
        let found = matches(query)
        if let accepted = found.lazy.compactMap(accept).first { return accepted }
        if let other = found.first {
            throw UserActionError("\(query) is \(other.summary), not \(kind)")
        }
        throw UserActionError("nothing on this screen is \(query); it offers: \(offer)")
    }

    /// The one element of a kind on screen, for steps that need not name it ("slide to 0.8").
    func only<T>(_ kind: String, _ accept: (Candidate) -> T?) throws -> T {
        let all = candidates.compactMap(accept)
        guard all.count == 1, let single = all.first else {
            throw UserActionError(all.isEmpty ? "there is no \(kind) on this screen" : "there are \(all.count) of \(kind) on this screen; name the one you mean")
        }
        return single
    }

    /// What a scenario could point at, for error messages.
    var offer: String {
        let listed = candidates.map(\.summary)
        return listed.isEmpty ? "nothing" : listed.prefix(20).joined(separator: ", ") + (listed.count > 20 ? ", …" : "")
    }

    // MARK: Collecting

    /// Adds what a controller shows; returns the controller whose content is on screen.
    private static func collect(from controller: UIViewController, into found: inout [Candidate]) -> UIViewController {
        switch controller {
        case let navigation as UINavigationController:
            guard let top = navigation.topViewController else { return navigation }
            if !navigation.isNavigationBarHidden { collectBar(of: navigation, top: top, into: &found) }
            return collect(from: top, into: &found)
        case let tabs as UITabBarController:
            let visible = tabs.selectedViewController.map { collect(from: $0, into: &found) } ?? tabs
            // A hidden tab bar cannot be tapped.
            for (index, child) in (tabs.viewControllers ?? []).enumerated() where tabs.isTabBarShown {
                let title = UITabBarController.tabTitle(of: child)
                found.append(Candidate(target: .tab(tabs, index), identifiers: [child.restorationIdentifier].compactMap { $0 },
                                       titles: [title], summary: "tab \"\(title)\""))
            }
            return visible
        default:
            collectViews(in: controller.view, into: &found)
            return controller
        }
    }

    private static func collectBar(of navigation: UINavigationController, top: UIViewController, into found: inout [Candidate]) {
        let item = top.navigationItem
        if navigation.viewControllers.count > 1, !item.hidesBackButton, item.leftBarButtonItem == nil {
            let below = navigation.viewControllers[navigation.viewControllers.count - 2]
            let title = below.navigationItem.backButtonTitle ?? below.navigationItem.title ?? below.title ?? "Back"
            found.append(Candidate(target: .backButton(navigation), identifiers: ["back"], titles: [title, "Back"], summary: "back button \"\(title)\""))
        }
        for button in (item.leftBarButtonItems ?? []) + (item.rightBarButtonItems ?? []) {
            let title = button.title ?? ""
            // A bar button is rarely given an identifier (an `editButtonItem` never is); as in UI
            // tests on iOS, its title then names it too, so `tap Edit` finds it.
            let identifiers = [button.accessibilityIdentifier ?? (title.isEmpty ? nil : title)].compactMap { $0 }
            found.append(Candidate(target: .barButton(button), identifiers: identifiers,
                                   titles: [title], summary: "bar button \"\(title)\""))
        }
    }

    private static func collectViews(in view: UIView, into found: inout [Candidate]) {
        guard !view.isHidden, view.alpha > 0.01 else { return }
        let identifiers = [view.accessibilityIdentifier, view.restorationIdentifier].compactMap { $0 }
        let (titles, summary) = describe(view)
        if !identifiers.isEmpty || !titles.isEmpty || view is UIControl || view is UIScrollView {
            found.append(Candidate(target: .view(view), identifiers: identifiers, titles: titles,
                                   summary: summary ?? "\(kind(of: view))\(identifiers.first.map { " \($0)" } ?? "")"))
        }
        if let stepper = view as? UIStepper {
            // Its buttons, as iOS's accessibility names them ("Increment", "Decrement"); a stepper
            // with an identifier also offers "<identifier> Increment".
            for (up, name) in [(false, "Decrement"), (true, "Increment")] {
                found.append(Candidate(target: .stepperButton(stepper, up: up), identifiers: identifiers.map { "\($0) \(name)" },
                                       titles: [name], summary: "\(name.lowercased()) button of stepper\(identifiers.first.map { " \($0)" } ?? "")"))
            }
        }
        if let table = view as? UITableView {
            for indexPath in table.indexPathsForVisibleRows ?? [] {
                guard let cell = table.cellForRow(at: indexPath) else { continue }
                let text = cell.textLabel?.text ?? ""
                found.append(Candidate(target: .row(table, indexPath), identifiers: [cell.accessibilityIdentifier].compactMap { $0 },
                                       titles: [text], summary: "row \"\(text)\""))
            }
            return
        }
        for subview in view.subviews { collectViews(in: subview, into: &found) }
    }

    private static func describe(_ view: UIView) -> (titles: [String], summary: String?) {
        var titles = [view.accessibilityLabel].compactMap { $0 }
        switch view {
        case let button as UIButton:
            if let title = button.title(for: .normal) { titles.insert(title, at: 0) }
            return (titles, titles.first.map { "button \"\($0)\"" })
        case let label as UILabel:
            if let text = label.text { titles.insert(text, at: 0) }
            return (titles, titles.first.map { "label \"\($0)\"" })
        case let field as UITextField:
            if let placeholder = field.placeholder { titles.insert(placeholder, at: 0) }
            return (titles, titles.first.map { "field \"\($0)\"" })
        default:
            return (titles, titles.first.map { "\(kind(of: view)) \"\($0)\"" })
        }
    }

    static func kind(of view: UIView) -> String {
        switch view {
        case is UIButton: "button"
        case is UITextField: "field"
        case is UITextView: "text view"
        case is UISlider: "slider"
        case is UISegmentedControl: "segmented control"
        case is UIDatePicker: "date picker"
        case is UISwitch: "switch"
        case is UIStepper: "stepper"
        case is UIStackView: "stack view"
        case is UITableView: "table"
        case is UIScrollView: "scroll view"
        case is UILabel: "label"
        case is UIImageView: "image"
        default: "view"
        }
    }
}
