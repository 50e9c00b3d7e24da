import IslandGuide
import UIKit

/// The second tab's first screen: choose an island, then Show opens its page.
final class IslandsViewController: UIViewController {
    // Made when the view loads, as a storyboard connects an outlet: nil until then.
    private var islandControl: UISegmentedControl!

    init() {
        super.init(nibName: nil, bundle: nil)
        navigationItem.title = "Islands"
        tabBarItem.title = "Islands"
        restorationIdentifier = "IslandsViewController"
    }

    required init?(coder: NSCoder) {
        fatalError("Islands builds its screens in code")
    }

    // workbook:begin state
    // UIKit asks every tab, opened or not. A tab whose view never loaded has no control yet,
    // and nothing the user chose on it: it saves nothing of its own.
    override func encodeRestorableState(with coder: NSCoder) {
        super.encodeRestorableState(with: coder)
        if let islandControl {
            coder.encode(islandControl.selectedSegmentIndex, forKey: "islandIndex")
        }
    }

    // Decoding comes after the view has loaded, so the control is there.
    override func decodeRestorableState(with coder: NSCoder) {
        super.decodeRestorableState(with: coder)
        if coder.containsValue(forKey: "islandIndex") {
            islandControl.selectedSegmentIndex = coder.decodeInteger(forKey: "islandIndex")
        }
    }
    // workbook:end state

    override func viewDidLoad() {
        super.viewDidLoad()
        islandControl = UISegmentedControl(items: Island.all.map(\.name))
        islandControl.selectedSegmentIndex = 0
        islandControl.accessibilityIdentifier = "Island"
        let showButton = UIButton(primaryAction: UIAction(title: "Show") { [unowned self] _ in
            let island = Island.all[islandControl.selectedSegmentIndex]
            navigationController?.pushViewController(IslandViewController(island: island), animated: true)
        })
        view.addSubview(islandControl)
        view.addSubview(showButton)
    }
}
