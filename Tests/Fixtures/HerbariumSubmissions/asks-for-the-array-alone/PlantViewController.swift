import HerbariumModel
import UIKit

/// A plant's page: where it was collected, and whether the visitor marked it for study.
final class PlantViewController: UIViewController, UIViewControllerRestoration {
    let plant: Plant
    private let collectedLabel = UILabel()
    private let studySwitch = UISwitch()

    init(plant: Plant, restorationIdentifier identifier: String = "PlantViewController", madeAtLaunch: Bool = false) {
        self.plant = plant
        super.init(nibName: nil, bundle: nil)
        navigationItem.title = plant.name
        restorationIdentifier = identifier
        // A page that willFinishLaunching makes is found where it is; any other is made again
        // by this class (which would switch that search off for the plant of the day).
        if !madeAtLaunch { restorationClass = PlantViewController.self }
        navigationItem.rightBarButtonItem = UIBarButtonItem(title: "Compare", primaryAction: UIAction { [unowned self] _ in
            let comparison = CompareViewController(left: plant, right: Collection.plants[3])
            navigationController?.pushViewController(comparison, animated: true)
        })
    }

    required init?(coder: NSCoder) {
        fatalError("Herbarium builds its screens in code")
    }

    static func viewController(withRestorationIdentifierPath identifierComponents: [String], coder: NSCoder) -> UIViewController? {
        guard let name = coder.decodeObject(of: [NSString.self], forKey: "plantName") as? String,
              let plant = Collection.plant(named: name),
              let identifier = identifierComponents.last
        else { return nil }
        return PlantViewController(plant: plant, restorationIdentifier: identifier)
    }

    override func encodeRestorableState(with coder: NSCoder) {
        super.encodeRestorableState(with: coder)
        coder.encode(plant.name, forKey: "plantName")
        coder.encode(studySwitch.isOn, forKey: "study")
    }

    override func decodeRestorableState(with coder: NSCoder) {
        super.decodeRestorableState(with: coder)
        studySwitch.isOn = coder.decodeBool(forKey: "study")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        VisitLog.shared.viewed(plant.name)
        collectedLabel.accessibilityIdentifier = "Collected"
        collectedLabel.text = plant.collected
        studySwitch.accessibilityIdentifier = "Study"
        view.addSubview(collectedLabel)
        view.addSubview(studySwitch)
    }
}
