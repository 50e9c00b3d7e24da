import HerbariumModel
import UIKit

/// A plant's page. On a page made at launch, "Found by" says which of UIKit's ways made it.
final class PlantViewController: UIViewController, UIViewControllerRestoration {
    let plant: Plant
    let openedFromShelf: Bool
    private let foundBy: String?
    private let collectedLabel = UILabel()
    private let foundByLabel = UILabel()
    private let studySwitch = UISwitch()

    init(plant: Plant, openedFromShelf: Bool, foundBy: String? = nil) {
        self.plant = plant
        self.openedFromShelf = openedFromShelf
        self.foundBy = foundBy
        super.init(nibName: nil, bundle: nil)
        navigationItem.title = plant.name
        restorationIdentifier = "PlantViewController"
        // Only a page that nothing else makes at launch gets a restoration class: the class
        // would switch off the search that finds the plant of the day.
        if openedFromShelf { restorationClass = PlantViewController.self }
        // workbook:begin compare
        // Compare puts this plant beside the plant of the day. (A page that is one side of a
        // comparison shows its container's navigation bar, not this button.)
        navigationItem.rightBarButtonItem = UIBarButtonItem(title: "Compare", primaryAction: UIAction { [unowned self] _ in
            let comparison = CompareViewController(left: plant, right: Collection.plants[3])
            navigationController?.pushViewController(comparison, animated: true)
        })
        // workbook:end compare
    }

    required init?(coder: NSCoder) {
        fatalError("Herbarium builds its screens in code")
    }

    // workbook:begin restoration
    // Pages opened from the shelf are made again here.
    static func viewController(withRestorationIdentifierPath identifierComponents: [String], coder: NSCoder) -> UIViewController? {
        guard coder.decodeBool(forKey: "openedFromShelf"),
              let name = coder.decodeObject(of: [NSString.self], forKey: "plantName") as? String,
              let plant = Collection.plant(named: name)
        else { return nil }
        let page = PlantViewController(plant: plant, openedFromShelf: true, foundBy: "restoration class")
        // The page is made again under the identifier it was saved with: LeftPlant, RightPlant,
        // or PlantViewController.
        page.restorationIdentifier = identifierComponents.last
        return page
    }

    override func encodeRestorableState(with coder: NSCoder) {
        super.encodeRestorableState(with: coder)
        coder.encode(plant.name, forKey: "plantName")
        coder.encode(openedFromShelf, forKey: "openedFromShelf")
        coder.encode(studySwitch.isOn, forKey: "study")
    }

    // The page was there before restoration began: UIKit hands it its saved state.
    override func decodeRestorableState(with coder: NSCoder) {
        super.decodeRestorableState(with: coder)
        studySwitch.isOn = coder.decodeBool(forKey: "study")
    }
    // workbook:end restoration

    override func viewDidLoad() {
        super.viewDidLoad()
        collectedLabel.accessibilityIdentifier = "Collected"
        collectedLabel.text = plant.collected
        studySwitch.accessibilityIdentifier = "Study"
        view.addSubview(collectedLabel)
        view.addSubview(studySwitch)
        if let foundBy {
            foundByLabel.accessibilityIdentifier = "FoundBy"
            foundByLabel.text = "Found by: \(foundBy)"
            view.addSubview(foundByLabel)
        }
    }
}
