import CoreData
import SightingsModel
import UIKit

/// One sighting, in fields the user can edit. Each change goes straight into the record; the
/// store is saved when the user goes back to the list.
final class SightingViewController: UIViewController, UIViewControllerRestoration {
    let sighting: Sighting

    private let speciesField = UITextField()
    private let placeField = UITextField()
    private let dateLabel = UILabel()

    init(sighting: Sighting) {
        self.sighting = sighting
        super.init(nibName: nil, bundle: nil)
        restorationIdentifier = "SightingViewController"
        restorationClass = SightingViewController.self
    }

    required init?(coder: NSCoder) {
        fatalError("Sightings builds its screens in code")
    }

    // workbook:begin restoration
    // The archive keeps the sighting's address in the store, its object ID as a URI
    // (x-coredata://<store>/Sighting/p12); the new screen fetches the record at that address.
    override func encodeRestorableState(with coder: NSCoder) {
        super.encodeRestorableState(with: coder)
        coder.encode(sighting.objectID.uriRepresentation(), forKey: "sightingURI")
    }

    static func viewController(withRestorationIdentifierPath identifierComponents: [String], coder: NSCoder) -> UIViewController? {
        // No screen rather than a wrong or empty one when the record is gone.
        guard let uri = coder.decodeObject(of: [NSURL.self], forKey: "sightingURI") as? URL,
              let objectID = SightingStore.container.persistentStoreCoordinator.managedObjectID(forURIRepresentation: uri),
              let sighting = try? SightingStore.context.existingObject(with: objectID) as? Sighting
        else { return nil }
        return SightingViewController(sighting: sighting)
    }
    // workbook:end restoration

    override func viewDidLoad() {
        super.viewDidLoad()
        navigationItem.title = sighting.species.isEmpty ? "New sighting" : sighting.species
        speciesField.placeholder = "Species"
        speciesField.accessibilityIdentifier = "Species"
        placeField.placeholder = "Place"
        placeField.accessibilityIdentifier = "Place"
        speciesField.text = sighting.species
        placeField.text = sighting.place
        dateLabel.text = "Seen " + sighting.seenOn.formatted(date: .abbreviated, time: .omitted)
        speciesField.addAction(UIAction { [unowned self] _ in
            sighting.species = speciesField.text ?? ""
            navigationItem.title = sighting.species
        }, for: .editingChanged)
        placeField.addAction(UIAction { [unowned self] _ in sighting.place = placeField.text ?? "" }, for: .editingChanged)
        for subview in [speciesField, placeField, dateLabel] {
            view.addSubview(subview)
        }
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        SightingStore.save()
    }
}
