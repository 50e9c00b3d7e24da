import HomepwnerModel
import UIKit

/// The list of items, with a button to add one and a button to edit the list.
final class ItemsViewController: UITableViewController, UIViewControllerRestoration, UIDataSourceModelAssociation {
    init() {
        super.init(style: .plain)
        navigationItem.title = "Homepwner"
        navigationItem.rightBarButtonItem = UIBarButtonItem(systemItem: .add, primaryAction: UIAction { [unowned self] _ in
            addNewItem()
        })
        navigationItem.leftBarButtonItem = editButtonItem
        restorationIdentifier = "ItemsViewController"
        restorationClass = ItemsViewController.self
    }

    required init?(coder: NSCoder) {
        fatalError("Homepwner builds its screens in code")
    }

    // At launch, UIKit asks the restoration class for a new list.
    static func viewController(withRestorationIdentifierPath identifierComponents: [String], coder: NSCoder) -> UIViewController? {
        ItemsViewController()
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        // With an identifier, the table view saves its own scroll position.
        tableView.restorationIdentifier = "ItemsViewControllerTableView"
        // Keep the row selected when coming back from its item, so the restored selection shows.
        clearsSelectionOnViewWillAppear = false
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        // Reloading deselects every row: keep the selection (restored, perhaps) across it.
        let selectedRows = tableView.indexPathsForSelectedRows ?? []
        tableView.reloadData()
        for indexPath in selectedRows {
            tableView.selectRow(at: indexPath, animated: false, scrollPosition: .none)
        }
    }

    // Whether the list was being edited is the controller's to remember.
    override func encodeRestorableState(with coder: NSCoder) {
        coder.encode(isEditing, forKey: "TableViewIsEditing")
        super.encodeRestorableState(with: coder)
    }

    override func decodeRestorableState(with coder: NSCoder) {
        setEditing(coder.decodeBool(forKey: "TableViewIsEditing"), animated: false)
        super.decodeRestorableState(with: coder)
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        ItemStore.shared.allItems.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "ItemCell") ?? UITableViewCell(style: .value1, reuseIdentifier: "ItemCell")
        let item = ItemStore.shared.allItems[indexPath.row]
        cell.textLabel?.text = item.name
        cell.detailTextLabel?.text = "$\(item.valueInDollars)"
        return cell
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        let detailViewController = DetailViewController(isNew: false)
        detailViewController.item = ItemStore.shared.allItems[indexPath.row]
        navigationController?.pushViewController(detailViewController, animated: true)
    }

    override func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {
        guard editingStyle == .delete else { return }
        ItemStore.shared.removeItem(ItemStore.shared.allItems[indexPath.row])
        tableView.deleteRows(at: [indexPath], with: .automatic)
    }

    override func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        ItemStore.shared.moveItem(from: sourceIndexPath.row, to: destinationIndexPath.row)
    }

    // The table saves its selected rows and the rows in view as the identifiers of the items
    // they show, their keys, and asks for each key's row at launch: the same item is found
    // wherever it has moved since, and a key whose item is gone selects nothing.
    func modelIdentifierForElement(at idx: IndexPath, in view: UIView) -> String? {
        let items = ItemStore.shared.allItems
        return items.indices.contains(idx.row) ? items[idx.row].itemKey : nil
    }

    func indexPathForElement(withModelIdentifier identifier: String, in view: UIView) -> IndexPath? {
        ItemStore.shared.allItems.firstIndex { $0.itemKey == identifier }.map { IndexPath(row: $0, section: 0) }
    }

    /// A new item opens in a detail screen of its own, presented modally with Done and Cancel.
    private func addNewItem() {
        let detailViewController = DetailViewController(isNew: true)
        detailViewController.item = ItemStore.shared.createItem()
        detailViewController.dismissHandler = { [unowned self] in tableView.reloadData() }
        let navigationController = UINavigationController(rootViewController: detailViewController)
        // Without an identifier here, the new item's screen would be skipped with its parent.
        navigationController.restorationIdentifier = "UINavigationController"
        present(navigationController, animated: true)
    }
}
