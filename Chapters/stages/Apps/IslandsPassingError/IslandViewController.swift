import IslandGuide
import UIKit

/// One island's page: its name, and what to know before going.
final class IslandViewController: UIViewController, UIViewControllerRestoration {
    let island: Island?
    private let noteLabel = UILabel()
    private let errorLabel = UILabel()

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
        // An error about the connection will most likely not apply at the next launch: show the
        // launch image then, rather than a snapshot of the error.
        if !errorLabel.isHidden {
            UIApplication.shared.ignoreSnapshotOnNextApplicationLaunch()
        }
    }
    // workbook:end restoration

    required init?(coder: NSCoder) {
        fatalError("Islands builds its screens in code")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        noteLabel.accessibilityIdentifier = "Note"
        noteLabel.text = island?.note
        errorLabel.accessibilityIdentifier = "Error"
        errorLabel.text = "The ferry company cannot be reached"
        errorLabel.isHidden = true
        // Asking for today's ferries fails: there is no connection.
        let ferriesButton = UIButton(primaryAction: UIAction(title: "Ferry times") { [unowned self] _ in
            errorLabel.isHidden = false
        })
        view.addSubview(noteLabel)
        view.addSubview(ferriesButton)
        view.addSubview(errorLabel)
    }
}
