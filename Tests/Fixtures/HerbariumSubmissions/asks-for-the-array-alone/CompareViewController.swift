import HerbariumModel
import UIKit

/// Two plants side by side: a container of the app's own, whose children are plant pages.
final class CompareViewController: UIViewController, UIViewControllerRestoration {
    init(left: Plant?, right: Plant?) {
        super.init(nibName: nil, bundle: nil)
        navigationItem.title = "Compare"
        restorationIdentifier = "CompareViewController"
        restorationClass = CompareViewController.self
        // Each side has an identifier of its own: this container adds no :[n]: to its children's paths.
        for (plant, side) in [(left, "LeftPlant"), (right, "RightPlant")] {
            guard let plant else { continue }
            show(PlantViewController(plant: plant, restorationIdentifier: side))
        }
    }

    required init?(coder: NSCoder) {
        fatalError("Herbarium builds its screens in code")
    }

    static func viewController(withRestorationIdentifierPath identifierComponents: [String], coder: NSCoder) -> UIViewController? {
        CompareViewController(left: nil, right: nil)
    }

    // A container saves its children itself, as references, and puts them back.
    override func encodeRestorableState(with coder: NSCoder) {
        super.encodeRestorableState(with: coder)
        coder.encode(children, forKey: "pages")
    }

    override func decodeRestorableState(with coder: NSCoder) {
        super.decodeRestorableState(with: coder)
        let pages = coder.decodeObject(of: [NSArray.self], forKey: "pages") as? [UIViewController] ?? []
        for page in pages { show(page) }
    }

    /// Adds a page as a child, as a container does: its view goes into this one's.
    func show(_ page: UIViewController) {
        addChild(page)
        view.addSubview(page.view)
        page.didMove(toParent: self)
    }
}
