import Foundation
import RestorationModel

/// Performs a user's action on the app's live hierarchy, through the same entry points a
/// touch uses (`simulateTap()`, `simulateTyping(_:)`, …), so the app sees exactly what it
/// would see on a device. An action a user could not do throws a `UserActionError` that says
/// why and what the screen offers instead.
public struct UserActionPerformer {
    let window: UIWindow?

    public init(window: UIWindow?) {
        self.window = window
    }

    public func perform(_ action: UserAction) throws {
        let finder = ElementFinder(window: window)
        switch action {
        case .tap(let query):
            try tap(try finder.find(query, as: "something to tap") { $0 }.target)
        case .type(let text, let query):
            let input = try finder.find(query, as: "a text field or text view") { candidate -> UIView? in
                guard case .view(let view) = candidate.target, view is UITextField || view is UITextView else { return nil }
                return view
            }
            if let field = input as? UITextField { try field.simulateTyping(text) } else { try (input as! UITextView).simulateTyping(text) }
        case .clear(let query):
            try finder.find(query, as: "a text field") { candidate -> UITextField? in
                if case .view(let field as UITextField) = candidate.target { return field }
                return nil
            }.simulateClear()
        case .selectRow(let row, let table):
            let table = try self.table(table, finder)
            _ = try table.simulateSelectRow(at: try indexPath(of: row, in: table))
        case .scroll(let query, let x, let offset):
            let scrollView: UIScrollView = try query.map { query in
                try finder.find(query, as: "a table or scroll view") { candidate -> UIScrollView? in
                    if case .view(let scroll as UIScrollView) = candidate.target { return scroll }
                    return nil
                }
            } ?? finder.only("table or scroll view") { candidate -> UIScrollView? in
                if case .view(let scroll as UIScrollView) = candidate.target, !(scroll is UITextView) { return scroll }
                return nil
            }
            _ = try scrollView.simulateScroll(to: CGPoint(x: x.map { CGFloat($0) } ?? scrollView.contentOffset.x, y: CGFloat(offset)))
        case .scrollToRow(let row, let table):
            let table = try self.table(table, finder)
            let target = try indexPath(of: row, in: table, mustBeVisible: false)
            _ = try table.simulateScroll(to: CGPoint(x: 0, y: table.rectForRow(at: target).minY))
        case .setEditing(let editing):
            guard let controller = finder.visibleController else { throw UserActionError("no screen is showing") }
            let wanted = editing ?? !controller.isEditing
            if let button = finder.candidates.lazy.compactMap({ candidate -> UIBarButtonItem? in
                if case .barButton(let item) = candidate.target, item === controller.editButtonItemIfCreated { return item }
                return nil
            }).first {
                if wanted != controller.isEditing { try button.simulateTap() }
            } else if wanted != controller.isEditing {
                throw UserActionError("this screen has no Edit button")
            }
        case .deleteRow(let row, let table):
            let table = try self.table(table, finder)
            _ = try table.simulateDeleteRow(at: try indexPath(of: row, in: table))
        case .moveRow(let from, let to, let table):
            let table = try self.table(table, finder)
            try table.simulateMoveRow(from: try indexPath(of: from, in: table), to: IndexPath(row: to, section: 0))
        case .pickDate(let date, let query):
            try control(UIDatePicker.self, "date picker", query, finder).simulatePick(date)
        case .slide(let value, let query):
            try control(UISlider.self, "slider", query, finder).simulateSlide(to: Float(value))
        case .chooseSegment(let title, let query):
            let control = try control(UISegmentedControl.self, "segmented control", query, finder)
            guard let index = (0..<control.numberOfSegments).first(where: { control.titleForSegment(at: $0) == title }) else {
                let titles = (0..<control.numberOfSegments).compactMap { control.titleForSegment(at: $0) }
                throw UserActionError("the segmented control has no segment \"\(title)\"; it has \(titles.map { "\"\($0)\"" }.joined(separator: ", "))")
            }
            try control.simulateSelectSegment(at: index)
        case .chooseSegmentAt(let index, let query):
            try control(UISegmentedControl.self, "segmented control", query, finder).simulateSelectSegment(at: index)
        case .chooseTabAt(let index):
            let tabs = try finder.only("tab bar") { candidate -> UITabBarController? in
                if case .tab(let tabs, 0) = candidate.target { return tabs }
                return nil
            }
            try tabs.simulateSelectTab(at: index)
        case .chooseTab(let title):
            try tap(try finder.find(.title(title), as: "a tab") { candidate -> ElementFinder.Target? in
                if case .tab = candidate.target { return candidate.target }
                return nil
            })
        case .back:
            let navigation = try finder.only("back button") { candidate -> UINavigationController? in
                if case .backButton(let navigation) = candidate.target { return navigation }
                return nil
            }
            try navigation.simulateBack()
        case .dismiss:
            guard let presented = window?.rootViewController?.presentedViewController else {
                throw UserActionError("nothing is presented on this screen, so there is nothing to dismiss")
            }
            var top = presented
            while let next = top.presentedViewController { top = next }
            top.dismiss(animated: true)
        }
    }

    private func tap(_ target: ElementFinder.Target) throws {
        switch target {
        case .view(let button as UIButton): try button.simulateTap()
        case .view(let toggle as UISwitch): _ = try toggle.simulateToggle()
        case .view(let field as UITextField):
            guard field.becomeFirstResponder() else { throw UserActionError("the field does not take the keyboard") }
        case .view(let view): throw UserActionError("a \(ElementFinder.kind(of: view)) does nothing when tapped")
        case .barButton(let item): try item.simulateTap()
        case .backButton(let navigation): try navigation.simulateBack()
        case .tab(let tabs, let index): try tabs.simulateSelectTab(at: index)
        case .row(let table, let indexPath): _ = try table.simulateSelectRow(at: indexPath)
        case .stepperButton(let stepper, let up): try stepper.simulateStep(up: up)
        }
    }

    private func table(_ query: ElementQuery?, _ finder: ElementFinder) throws -> UITableView {
        guard let query else {
            return try finder.only("table") { candidate -> UITableView? in
                if case .view(let table as UITableView) = candidate.target { return table }
                return nil
            }
        }
        return try finder.find(query, as: "a table") { candidate -> UITableView? in
            if case .view(let table as UITableView) = candidate.target { return table }
            return nil
        }
    }

    private func control<Control: UIView>(_ type: Control.Type, _ kind: String, _ query: ElementQuery?, _ finder: ElementFinder) throws -> Control {
        let accept = { (candidate: ElementFinder.Candidate) -> Control? in
            if case .view(let view) = candidate.target { return view as? Control }
            return nil
        }
        guard let query else { return try finder.only(kind, accept) }
        return try finder.find(query, as: "a \(kind)", accept)
    }

    /// The row a query means. Rows by text are looked up among the rows the table has; a row a
    /// user must touch has to be on screen (the table's own actions check that).
    private func indexPath(of row: RowQuery, in table: UITableView, mustBeVisible: Bool = true) throws -> IndexPath {
        switch row {
        case .index(let index):
            return IndexPath(row: index, section: 0)
        case .text(let text):
            let count = table.numberOfRows(inSection: 0)
            for index in 0..<count {
                let indexPath = IndexPath(row: index, section: 0)
                if table.dataSource?.tableView(table, cellForRowAt: indexPath).textLabel?.text == text { return indexPath }
            }
            throw UserActionError("the table has no row \"\(text)\"")
        }
    }
}

extension UIViewController {
    /// The Edit button, if the app ever asked for it (asking creates it).
    var editButtonItemIfCreated: UIBarButtonItem? { editButtonItemIfLoaded }
}
