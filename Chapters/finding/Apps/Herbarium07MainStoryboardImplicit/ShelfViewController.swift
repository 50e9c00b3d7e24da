import HerbariumModel
import UIKit

/// The herbarium's shelf, a scene of the main storyboard: every plant it holds; a tap opens the
/// plant's page.
final class ShelfViewController: UITableViewController {
    private let plants = Collection.plants

    required init?(coder: NSCoder) {
        super.init(coder: coder)
        navigationItem.title = "Shelf"
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
