import IslandGuide
import UIKit

/// One island's page: its name, and what to know before going.
final class IslandViewController: UIViewController {
    let island: Island?
    private let noteLabel = UILabel()

    init(island: Island?) {
        self.island = island
        super.init(nibName: nil, bundle: nil)
        navigationItem.title = island?.name
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
