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
    // Asked first, with the page's coder: it reads only what it needs to decide whether there
    // should be a page at all. A plant the herbarium no longer holds gets none: nil, and UIKit
    // looks no further, not even in the storyboard. Otherwise it makes the page from the
    // storyboard the archive names, and does nothing more.
    static func viewController(withRestorationIdentifierPath identifierComponents: [String], coder: NSCoder) -> UIViewController? {
        guard let name = coder.decodeObject(of: [NSString.self], forKey: "plantName") as? String,
              Collection.plant(named: name) != nil,
              let storyboard = coder.decodeObject(of: [UIStoryboard.self], forKey: UIApplication.stateRestorationViewControllerStoryboardKey)
                as? UIStoryboard
        else { return nil }
        let page = storyboard.instantiateViewController(withIdentifier: "PlantViewController") as! PlantViewController
        page.restorationIdentifier = identifierComponents.last
        page.foundBy = "restoration class, from the storyboard"
        return page
    }

    override func encodeRestorableState(with coder: NSCoder) {
        super.encodeRestorableState(with: coder)
        coder.encode(plant?.name, forKey: "plantName")
    }

    // The page's data arrives here, once its view has loaded, as with the storyboard alone.
    override func decodeRestorableState(with coder: NSCoder) {
        super.decodeRestorableState(with: coder)
        if plant == nil, let name = coder.decodeObject(of: [NSString.self], forKey: "plantName") as? String {
            plant = Collection.plant(named: name)
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
