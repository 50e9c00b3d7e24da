import HerbariumModel
import UIKit

/// The herbarium's shelf: every plant it holds; a tap opens the plant's page.
final class ShelfViewController: UITableViewController {
    private let plants = Collection.plants

    init() {
        super.init(style: .plain)
        navigationItem.title = "Shelf"
        restorationIdentifier = "ShelfViewController"
    }

    required init?(coder: NSCoder) {
        fatalError("Herbarium builds its screens in code")
    }

    // Below the shelf, the plants this visitor looked at last.
    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        let recent = UILabel(frame: CGRect(x: 0, y: 0, width: tableView.bounds.width, height: 44))
        recent.accessibilityIdentifier = "Recent"
        recent.text = "Recently viewed: " + VisitLog.shared.plantNames.prefix(3).joined(separator: ", ")
        tableView.tableFooterView = recent
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        plants.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "Plant") ?? UITableViewCell(style: .subtitle, reuseIdentifier: "Plant")
        cell.textLabel?.text = plants[indexPath.row].name
        cell.detailTextLabel?.text = plants[indexPath.row].family
        return cell
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        navigationController?.pushViewController(PlantViewController(plant: plants[indexPath.row]), animated: true)
    }
}
