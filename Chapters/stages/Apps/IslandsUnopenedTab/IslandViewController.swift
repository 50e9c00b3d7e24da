import IslandGuide
import UIKit

/// One island's page: its name, and what to know before going.
final class IslandViewController: UIViewController, UIViewControllerRestoration {
    let island: Island?
    private let noteLabel = UILabel()

    init(island: Island?) {
        self.island = island
        super.init(nibName: nil, bundle: nil)
        navigationItem.title = island?.name
        restorationIdentifier = "IslandViewController"
        restorationClass = IslandViewController.self
    }

    // workbook:begin restoration
    // The island is decoded here, in the restoration class, so that the screen is made with it;
    // without one there is no screen to make, and nil says so.
    static func viewController(withRestorationIdentifierPath identifierComponents: [String], coder: NSCoder) -> UIViewController? {
        guard let name = coder.decodeObject(of: [NSString.self], forKey: "islandName") as? String,
              let island = Island.named(name)
        else { return nil }
        return IslandViewController(island: island)
    }

    override func encodeRestorableState(with coder: NSCoder) {
        super.encodeRestorableState(with: coder)
        coder.encode(island?.name, forKey: "islandName")
    }
    // workbook:end restoration

    required init?(coder: NSCoder) {
        fatalError("Islands builds its screens in code")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        noteLabel.accessibilityIdentifier = "Note"
        noteLabel.text = island?.note
        view.addSubview(noteLabel)
    }
}
