import HerbariumModel
import UIKit

/// A plant's page: where it was collected, and whether the visitor marked it for study.
final class PlantViewController: UIViewController {
    let plant: Plant
    private let collectedLabel = UILabel()
    private let studySwitch = UISwitch()

    init(plant: Plant, restorationIdentifier identifier: String = "PlantViewController", madeAtLaunch: Bool = false) {
        self.plant = plant
        super.init(nibName: nil, bundle: nil)
        navigationItem.title = plant.name
        restorationIdentifier = identifier
        navigationItem.rightBarButtonItem = UIBarButtonItem(title: "Compare", primaryAction: UIAction { [unowned self] _ in
            let comparison = CompareViewController(left: plant, right: Collection.plants[3])
            navigationController?.pushViewController(comparison, animated: true)
        })
    }

    required init?(coder: NSCoder) {
        fatalError("Herbarium builds its screens in code")
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
