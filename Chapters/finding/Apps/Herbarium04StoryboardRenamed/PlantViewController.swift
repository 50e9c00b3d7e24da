import HerbariumModel
import UIKit

/// A plant's page, made by the Plants storyboard. On a page made at launch, "Found by" says
/// which of UIKit's ways made it.
final class PlantViewController: UIViewController {
    var plant: Plant?
    private var foundBy: String?
    private let collectedLabel = UILabel()
    private let foundByLabel = UILabel()

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        collectedLabel.accessibilityIdentifier = "Collected"
        foundByLabel.accessibilityIdentifier = "FoundBy"
        view.addSubview(collectedLabel)
        showPlant()
    }

    // workbook:begin restoration
    override func encodeRestorableState(with coder: NSCoder) {
        super.encodeRestorableState(with: coder)
        coder.encode(plant?.name, forKey: "plantName")
    }

    // The fourth way: the storyboard the archive names made this page at launch, without a
    // plant. Its view has loaded by now; it learns its plant here and shows it.
    override func decodeRestorableState(with coder: NSCoder) {
        super.decodeRestorableState(with: coder)
        if plant == nil, let name = coder.decodeObject(of: [NSString.self], forKey: "plantName") as? String {
            plant = Collection.plant(named: name)
            foundBy = "storyboard"
        }
        showPlant()
    }
    // workbook:end restoration

    private func showPlant() {
        navigationItem.title = plant?.name
        collectedLabel.text = plant?.collected
        if let foundBy {
            foundByLabel.text = "Found by: \(foundBy)"
            view.addSubview(foundByLabel)
        }
    }
}
