import Foundation
import Testing
@testable import RestorationKit

extension RuleBook {
    /// The views of `Sources/RestorationKit/Views`: what a user's touches do, what the user
    /// sees, and what each view saves by itself. One nested suite per view family.
    @Suite struct ViewTests {}
}

/// What views told their delegates and what actions ran, in order.
final class CallLog {
    private(set) var calls: [String] = []

    func record(_ call: String) {
        calls.append(call)
    }

    func clear() {
        calls = []
    }
}

extension UIControl {
    /// Records `name` each time the control sends one of the events.
    func record(_ events: UIControl.Event, as name: String, in log: CallLog) {
        addAction(UIAction { _ in log.record(name) }, for: events)
    }
}

/// Saves a view's state into a coder of its own and restores it into another view through a
/// second coder holding the same values, as preservation and a later launch do.
func restore<View: UIView>(_ saved: View, into restored: View) -> RestorationCoder {
    let encoder = RestorationCoder(log: nil, owner: "\(View.self)")
    saved.encodeRestorableState(with: encoder)
    let decoder = RestorationCoder(values: encoder.values, references: RestorationCoder.References(), log: nil, owner: "\(View.self)")
    restored.decodeRestorableState(with: decoder)
    return encoder
}

/// A list of fruit: a data source and delegate that can delete and move rows and names its
/// rows by model identifier (the fruit's name), recording what the table asks.
final class FruitList: UITableViewDataSource, UITableViewDelegate, UIDataSourceModelAssociation {
    var fruits: [String]
    let log = CallLog()
    /// What `willSelectRowAt` answers for a row: another row, `nil` to refuse, or the row itself.
    var redirectSelection: [Int: IndexPath?] = [:]

    init(_ fruits: [String]) {
        self.fruits = fruits
    }

    convenience init(count: Int) {
        self.init((0..<count).map { "Fruit \($0)" })
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        fruits.count
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        log.record("cell \(indexPath.row)")
        let cell = tableView.dequeueReusableCell(withIdentifier: "Fruit") ?? UITableViewCell(style: .default, reuseIdentifier: "Fruit")
        cell.textLabel?.text = fruits[indexPath.row]
        cell.accessoryType = .disclosureIndicator
        return cell
    }

    func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {
        log.record("commit \(editingStyle) \(indexPath.row)")
        fruits.remove(at: indexPath.row)
        tableView.deleteRows(at: [indexPath], with: .automatic)
    }

    func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        log.record("move \(sourceIndexPath.row) to \(destinationIndexPath.row)")
        fruits.insert(fruits.remove(at: sourceIndexPath.row), at: destinationIndexPath.row)
    }

    func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
        log.record("willSelect \(indexPath.row)")
        if let answer = redirectSelection[indexPath.row] { return answer }
        return indexPath
    }

    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        log.record("didSelect \(indexPath.row)")
    }

    func tableView(_ tableView: UITableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath? {
        log.record("willDeselect \(indexPath.row)")
        return indexPath
    }

    func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {
        log.record("didDeselect \(indexPath.row)")
    }

    func modelIdentifierForElement(at idx: IndexPath, in view: UIView) -> String? {
        fruits[idx.row]
    }

    func indexPathForElement(withModelIdentifier identifier: String, in view: UIView) -> IndexPath? {
        fruits.firstIndex(of: identifier).map { IndexPath(row: $0, section: 0) }
    }
}

/// A data source with only the two required methods: no deleting, no moving, no identifiers.
final class PlainList: UITableViewDataSource {
    var names: [String]

    init(_ names: [String]) {
        self.names = names
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        names.count
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "Plain", for: indexPath)
        cell.textLabel?.text = names[indexPath.row]
        return cell
    }
}

/// A table of the given height showing the list, as a user would see it.
func makeTable(_ list: UITableViewDataSource & UITableViewDelegate, height: CGFloat = 220) -> UITableView {
    let table = UITableView(frame: CGRect(x: 0, y: 0, width: 375, height: height), style: .plain)
    table.dataSource = list
    table.delegate = list
    return table
}

extension ScreenElement {
    /// The `text` of each child, in order: which rows a user sees.
    var childTexts: [String] {
        children.compactMap { $0[property: ScreenProperty.text] }
    }
}
