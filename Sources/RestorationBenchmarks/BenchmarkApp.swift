import Foundation
import RestorationKit

/// The app the benchmark preserves and restores: a tab bar of navigation controllers, each a
/// stack of pages that encode a little state of their own, plus one table of many rows with
/// every row selected (selection is saved as model identifiers, one per row).
enum BenchmarkShape {
    /// A size of the app's state: 100 stacks of pages (fewer for small sizes), and the table.
    struct Size {
        var stacks: Int
        var pagesPerStack: Int
        var rows: Int

        init(controllers: Int, rows: Int) {
            stacks = max(1, min(100, controllers / 100))
            pagesPerStack = max(1, controllers / stacks - 1)
            self.rows = rows
        }

        /// Controllers in the tree: the tab bar, its stacks and their pages (and the table's).
        var controllerCount: Int { 1 + stacks * (1 + pagesPerStack) + (rows > 0 ? 2 : 0) }
    }

    /// The size the next launch builds.
    static var size = Size(controllers: 10_000, rows: 0)
}

/// A page with the kind of state apps keep: a title, a counter, a ratio and a date.
final class PageViewController: UIViewController, UIViewControllerRestoration {
    var counter = 0
    var ratio = 0.0
    var edited = Date(timeIntervalSince1970: 0)

    init(number: Int) {
        super.init(nibName: nil, bundle: nil)
        title = "Page \(number)"
        counter = number
        ratio = Double(number) / 7
        edited = Date(timeIntervalSince1970: 1_795_338_000 + Double(number))
        restorationIdentifier = "Page"
        restorationClass = PageViewController.self
    }

    required init?(coder: NSCoder) { fatalError("not decoded from a storyboard") }

    static func viewController(withRestorationIdentifierPath identifierComponents: [String], coder: NSCoder) -> UIViewController? {
        PageViewController(number: 0)
    }

    override func encodeRestorableState(with coder: NSCoder) {
        super.encodeRestorableState(with: coder)
        coder.encode(title, forKey: "title")
        coder.encode(counter, forKey: "counter")
        coder.encode(ratio, forKey: "ratio")
        coder.encode(edited, forKey: "edited")
    }

    override func decodeRestorableState(with coder: NSCoder) {
        super.decodeRestorableState(with: coder)
        title = coder.decodeObject(forKey: "title") as? String
        counter = coder.decodeInteger(forKey: "counter")
        ratio = coder.decodeDouble(forKey: "ratio")
        edited = coder.decodeObject(forKey: "edited") as? Date ?? edited
    }
}

/// A table of `rows` rows whose data source maps rows to stable model identifiers.
///
/// Its model is built as a careful app builds a large one at launch, since its cost counts in the
/// restoration measured: with loops rather than `map` (a closure this main-actor class hands to
/// a generic algorithm checks the executor at every element), keys joined rather than
/// interpolated, and the tables given their room at once.
final class RowsViewController: UITableViewController, UIDataSourceModelAssociation {
    let keys: [String]
    let rowOfKey: [String: Int]

    init(rows: Int) {
        var keys: [String] = []
        var rowOfKey: [String: Int] = [:]
        keys.reserveCapacity(rows)
        rowOfKey.reserveCapacity(rows)
        for row in 0..<rows {
            let key = "item-" + String(row)
            keys.append(key)
            rowOfKey[key] = row
        }
        self.keys = keys
        self.rowOfKey = rowOfKey
        super.init(style: .plain)
        restorationIdentifier = "Rows"
        title = "Rows"
    }

    required init?(coder: NSCoder) { fatalError("not decoded from a storyboard") }

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.restorationIdentifier = "RowsTable"
        tableView.allowsMultipleSelection = true
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { keys.count }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
        cell.textLabel?.text = keys[indexPath.row]
        return cell
    }

    func modelIdentifierForElement(at idx: IndexPath, in view: UIView) -> String? {
        keys.indices.contains(idx.row) ? keys[idx.row] : nil
    }

    func indexPathForElement(withModelIdentifier identifier: String, in view: UIView) -> IndexPath? {
        guard let row = rowOfKey[identifier] else { return nil }
        return IndexPath(row: row, section: 0)
    }
}

final class BenchmarkAppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(_ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        window = UIWindow()
        let tabs = UITabBarController()
        tabs.restorationIdentifier = "Tabs"
        var stacks: [UIViewController] = (0..<BenchmarkShape.size.stacks).map { _ in
            let navigation = UINavigationController()
            navigation.restorationIdentifier = "Stack"
            return navigation
        }
        if BenchmarkShape.size.rows > 0 {
            let rows = UINavigationController(rootViewController: RowsViewController(rows: BenchmarkShape.size.rows))
            rows.restorationIdentifier = "RowsStack"
            stacks.append(rows)
        }
        tabs.viewControllers = stacks
        window?.rootViewController = tabs
        return true
    }

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        window?.makeKeyAndVisible()
        return true
    }

    func application(_ application: UIApplication, shouldSaveSecureApplicationState coder: NSCoder) -> Bool { true }
    func application(_ application: UIApplication, shouldRestoreSecureApplicationState coder: NSCoder) -> Bool { true }

    /// Fills the stacks with pages and selects every row: the state a user built up.
    func buildUserState() {
        guard let tabs = window?.rootViewController as? UITabBarController else { return }
        var number = 0
        for case let stack as UINavigationController in tabs.viewControllers ?? [] where stack.restorationIdentifier == "Stack" {
            stack.setViewControllers((0..<BenchmarkShape.size.pagesPerStack).map { _ in
                number += 1
                return PageViewController(number: number)
            }, animated: false)
        }
        if let rows = (tabs.viewControllers?.last as? UINavigationController)?.topViewController as? RowsViewController {
            rows.loadViewIfNeeded()
            for row in 0..<BenchmarkShape.size.rows {
                rows.tableView.selectRow(at: IndexPath(row: row, section: 0), animated: false, scrollPosition: .none)
            }
        }
    }
}
