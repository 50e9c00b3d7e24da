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
    // Nothing makes this screen at launch but a tap on Show, so UIKit asks its restoration class.
    static func viewController(withRestorationIdentifierPath identifierComponents: [String], coder: NSCoder) -> UIViewController? {
        IslandViewController(island: nil)
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
