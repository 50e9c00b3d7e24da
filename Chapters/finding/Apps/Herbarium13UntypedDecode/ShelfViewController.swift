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

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        plants.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "Plant") ?? UITableViewCell(style: .subtitle, reuseIdentifier: "Plant")
        cell.textLabel?.text = plants[indexPath.row].name
        cell.detailTextLabel?.text = plants[indexPath.row].family
        return cell
    }

    // workbook:begin open
    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        navigationController?.pushViewController(PlantViewController(plant: plants[indexPath.row], openedFromShelf: true), animated: true)
    }
    // workbook:end open
}
