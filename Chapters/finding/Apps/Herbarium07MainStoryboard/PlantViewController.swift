import HerbariumModel
import UIKit

/// A plant's page. On a page made at launch, "Found by" says which of UIKit's ways made it.
final class PlantViewController: UIViewController, UIViewControllerRestoration {
    let plant: Plant
    private let foundBy: String?
    private let collectedLabel = UILabel()
    private let foundByLabel = UILabel()

    init(plant: Plant, foundBy: String? = nil) {
        self.plant = plant
        self.foundBy = foundBy
        super.init(nibName: nil, bundle: nil)
        navigationItem.title = plant.name
        restorationIdentifier = "PlantViewController"
        restorationClass = PlantViewController.self
    }

    required init?(coder: NSCoder) {
        fatalError("Herbarium builds its screens in code")
    }

    // workbook:begin restoration
    // The first way: the restoration class is asked for the controller, with the coder that
    // holds what the page saved, so the page is made whole.
    static func viewController(withRestorationIdentifierPath identifierComponents: [String], coder: NSCoder) -> UIViewController? {
        guard let name = coder.decodeObject(of: [NSString.self], forKey: "plantName") as? String,
              let plant = Collection.plant(named: name)
        else { return nil }
        return PlantViewController(plant: plant, foundBy: "restoration class")
    }

    override func encodeRestorableState(with coder: NSCoder) {
        super.encodeRestorableState(with: coder)
        coder.encode(plant.name, forKey: "plantName")
    }
    // workbook:end restoration

    override func viewDidLoad() {
        super.viewDidLoad()
        collectedLabel.accessibilityIdentifier = "Collected"
        collectedLabel.text = plant.collected
        view.addSubview(collectedLabel)
        if let foundBy {
            foundByLabel.accessibilityIdentifier = "FoundBy"
            foundByLabel.text = "Found by: \(foundBy)"
            view.addSubview(foundByLabel)
        }
    }
}
