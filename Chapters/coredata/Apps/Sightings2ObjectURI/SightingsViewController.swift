import SightingsModel
import UIKit

/// Every sighting, oldest first, with a button to add one. Edit lets the user delete sightings
/// and arrange the list in an order of their own (kept by this screen, not by the store).
final class SightingsViewController: UITableViewController {
    private lazy var sightings = SightingStore.allSightings()

    init() {
        super.init(style: .plain)
        navigationItem.title = "Sightings"
        navigationItem.leftBarButtonItem = editButtonItem
        navigationItem.rightBarButtonItem = UIBarButtonItem(systemItem: .add, primaryAction: UIAction { [unowned self] _ in
            let sighting = SightingStore.newSighting()
            sightings.append(sighting)
            navigationController?.pushViewController(SightingViewController(sighting: sighting), animated: true)
        })
        restorationIdentifier = "SightingsViewController"
    }

    required init?(coder: NSCoder) {
        fatalError("Sightings builds its screens in code")
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        tableView.reloadData()
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        sightings.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "Sighting") ?? UITableViewCell(style: .subtitle, reuseIdentifier: "Sighting")
        let sighting = sightings[indexPath.row]
        cell.textLabel?.text = sighting.species.isEmpty ? "New sighting" : sighting.species
        cell.detailTextLabel?.text = sighting.place
        return cell
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        navigationController?.pushViewController(SightingViewController(sighting: sightings[indexPath.row]), animated: true)
    }

    override func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {
        guard editingStyle == .delete else { return }
        SightingStore.context.delete(sightings.remove(at: indexPath.row))
        SightingStore.save()
        tableView.deleteRows(at: [indexPath], with: .automatic)
    }

    override func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        sightings.insert(sightings.remove(at: sourceIndexPath.row), at: destinationIndexPath.row)
    }
}
