import HerbariumModel
import UIKit

/// Version 2's page for a plant: a class of its own, not a subclass of PlantViewController.
final class PlantSheetViewController: UIViewController {
    let plant: Plant
    private let collectedLabel = UILabel()
    private let studySwitch = UISwitch()

    init(plant: Plant) {
        self.plant = plant
        super.init(nibName: nil, bundle: nil)
        navigationItem.title = plant.name
        restorationIdentifier = "PlantViewController"
    }

    required init?(coder: NSCoder) {
        fatalError("Herbarium builds its screens in code")
    }

    // Written for the state PlantViewController saved; UIKit never calls it for that state.
    override func decodeRestorableState(with coder: NSCoder) {
        super.decodeRestorableState(with: coder)
        studySwitch.isOn = coder.decodeBool(forKey: "study")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        collectedLabel.accessibilityIdentifier = "Collected"
        collectedLabel.text = plant.collected
        studySwitch.accessibilityIdentifier = "Study"
        view.addSubview(collectedLabel)
        view.addSubview(studySwitch)
    }
}
