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

    // workbook:begin arrangement
    // The list the user arranged is an array of records: one line each way keeps it, the
    // archiver pair swapping each record for its URI and back. Records deleted meanwhile
    // come back as NSNull and are left out.
    override func encodeRestorableState(with coder: NSCoder) {
        super.encodeRestorableState(with: coder)
        coder.encode(ManagedObjectArchiver.archivedData(withRootObject: sightings), forKey: "sightings")
    }

    override func decodeRestorableState(with coder: NSCoder) {
        super.decodeRestorableState(with: coder)
        guard let data = coder.decodeObject(of: [NSData.self], forKey: "sightings") as? Data,
              let saved = ManagedObjectUnarchiver.unarchivedObject(ofClasses: [NSArray.self], from: data, in: SightingStore.context) as? [Any]
        else { return }
        sightings = saved.compactMap { $0 as? Sighting }
    }
    // workbook:end arrangement

    override func viewDidLoad() {
        super.viewDidLoad()
        // With an identifier, the table saves its scroll position.
        tableView.restorationIdentifier = "SightingsTable"
        // Keep the row of the sighting just looked at selected when coming back to the list.
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

// workbook:begin model-identifiers
// The table saves rows as identifiers of what they show, here each sighting's URI, and
// asks for the row of each identifier at launch: the same sighting is found even when
// rows above it have gone, and a sighting that is gone selects nothing.
extension SightingsViewController: UIDataSourceModelAssociation {
    func modelIdentifierForElement(at idx: IndexPath, in view: UIView) -> String? {
        sightings.indices.contains(idx.row) ? sightings[idx.row].objectID.uriRepresentation().absoluteString : nil
    }

    func indexPathForElement(withModelIdentifier identifier: String, in view: UIView) -> IndexPath? {
        sightings.firstIndex { $0.objectID.uriRepresentation().absoluteString == identifier }.map { IndexPath(row: $0, section: 0) }
    }
}
// workbook:end model-identifiers
