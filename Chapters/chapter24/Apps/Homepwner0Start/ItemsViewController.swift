import HomepwnerModel
import UIKit

/// The list of items, with a button to add one and a button to edit the list.
final class ItemsViewController: UITableViewController {
    init() {
        super.init(style: .plain)
        navigationItem.title = "Homepwner"
        navigationItem.rightBarButtonItem = UIBarButtonItem(systemItem: .add, primaryAction: UIAction { [unowned self] _ in
            addNewItem()
        })
        navigationItem.leftBarButtonItem = editButtonItem
    }

    required init?(coder: NSCoder) {
        fatalError("Homepwner builds its screens in code")
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        tableView.reloadData()
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

    /// A new item opens in a detail screen of its own, presented modally with Done and Cancel.
    private func addNewItem() {
        let detailViewController = DetailViewController(isNew: true)
        detailViewController.item = ItemStore.shared.createItem()
        detailViewController.dismissHandler = { [unowned self] in tableView.reloadData() }
        let navigationController = UINavigationController(rootViewController: detailViewController)
        present(navigationController, animated: true)
    }
}
