import HerbariumModel
import UIKit

/// A plant's page, made by the Plants storyboard. On a page made at launch, "Found by" says
/// which of UIKit's ways made it.
final class PlantViewController: UIViewController, UIViewControllerRestoration {
    var plant: Plant?
    private var foundBy: String?
    private let collectedLabel = UILabel()
    private let foundByLabel = UILabel()

    required init?(coder: NSCoder) {
        super.init(coder: coder)
        restorationClass = PlantViewController.self
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        collectedLabel.accessibilityIdentifier = "Collected"
        foundByLabel.accessibilityIdentifier = "FoundBy"
        view.addSubview(collectedLabel)
        showPlant()
    }

    // workbook:begin restoration
    // Apple's pattern: the restoration class is asked first, and makes the page from the
    // storyboard the archive names, already holding its plant. A plant the herbarium no longer
    // holds makes no page: nil, and UIKit looks no further, not even in the storyboard.
    static func viewController(withRestorationIdentifierPath identifierComponents: [String], coder: NSCoder) -> UIViewController? {
        guard let storyboard = coder.decodeObject(of: [UIStoryboard.self], forKey: UIApplication.stateRestorationViewControllerStoryboardKey)
                as? UIStoryboard,
              let name = coder.decodeObject(of: [NSString.self], forKey: "plantName") as? String,
              let plant = Collection.plant(named: name)
        else { return nil }
        let page = storyboard.instantiateViewController(withIdentifier: "PlantViewController") as! PlantViewController
        page.plant = plant
        page.foundBy = "restoration class, from the storyboard"
        return page
    }

    override func encodeRestorableState(with coder: NSCoder) {
        super.encodeRestorableState(with: coder)
        coder.encode(plant?.name, forKey: "plantName")
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
