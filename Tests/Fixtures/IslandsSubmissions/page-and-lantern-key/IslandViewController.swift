import UIKit

/// One island's page: its name, and what to know before going.
final class IslandViewController: UIViewController, UIViewControllerRestoration {
    var island: Island?
    private let noteLabel = UILabel()

    init(island: Island?) {
        self.island = island
        super.init(nibName: nil, bundle: nil)
        navigationItem.title = island?.name
        restorationIdentifier = "IslandViewController"
        restorationClass = IslandViewController.self
    }

    static func viewController(withRestorationIdentifierPath identifierComponents: [String], coder: NSCoder) -> UIViewController? {
        IslandViewController(island: nil)
    }

    // The island comes back after the page was made without it.
    override func decodeRestorableState(with coder: NSCoder) {
        super.decodeRestorableState(with: coder)
        if let name = coder.decodeObject(of: [NSString.self], forKey: "islandName") as? String {
            island = Island.named(name)
        }
    }

    override func encodeRestorableState(with coder: NSCoder) {
        super.encodeRestorableState(with: coder)
        coder.encode(island?.name, forKey: "islandName")
    }

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
