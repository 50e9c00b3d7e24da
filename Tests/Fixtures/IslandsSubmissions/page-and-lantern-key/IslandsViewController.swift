import UIKit

/// The second tab's first screen: choose an island, then Show opens its page.
final class IslandsViewController: UIViewController {
    private let islandControl = UISegmentedControl(items: Island.all.map(\.name))

    init() {
        super.init(nibName: nil, bundle: nil)
        navigationItem.title = "Islands"
        tabBarItem.title = "Islands"
        islandControl.selectedSegmentIndex = 0
        restorationIdentifier = "IslandsViewController"
    }

    required init?(coder: NSCoder) {
        fatalError("Islands builds its screens in code")
    }

    override func encodeRestorableState(with coder: NSCoder) {
        super.encodeRestorableState(with: coder)
        coder.encode(islandControl.selectedSegmentIndex, forKey: "islandIndex")
    }

    override func decodeRestorableState(with coder: NSCoder) {
        super.decodeRestorableState(with: coder)
        if coder.containsValue(forKey: "islandIndex") {
            islandControl.selectedSegmentIndex = coder.decodeInteger(forKey: "islandIndex")
        }
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        islandControl.accessibilityIdentifier = "Island"
        let showButton = UIButton(primaryAction: UIAction(title: "Show") { [unowned self] _ in
            let island = Island.all[islandControl.selectedSegmentIndex]
            navigationController?.pushViewController(IslandViewController(island: island), animated: true)
        })
        view.addSubview(islandControl)
        view.addSubview(showButton)
    }
}
