import HerbariumModel
import UIKit

/// Two plants side by side: a container of its own, whose two children are plant pages.
final class CompareViewController: UIViewController, UIViewControllerRestoration {
    init(left: Plant?, right: Plant?) {
        super.init(nibName: nil, bundle: nil)
        navigationItem.title = "Compare"
        restorationIdentifier = "CompareViewController"
        restorationClass = CompareViewController.self
        // workbook:begin identifiers
        // Two pages of one class under one parent need identifiers of their own: a container
        // of the app's own adds no :[n]: to tell its children apart.
        for (plant, side) in [(left, "LeftPlant"), (right, "RightPlant")] {
            guard let plant else { continue }
            let page = PlantViewController(plant: plant, openedFromShelf: true)
            page.restorationIdentifier = side
            show(page)
        }
        // workbook:end identifiers
    }

    required init?(coder: NSCoder) {
        fatalError("Herbarium builds its screens in code")
    }

    // workbook:begin restoration
    static func viewController(withRestorationIdentifierPath identifierComponents: [String], coder: NSCoder) -> UIViewController? {
        CompareViewController(left: nil, right: nil)
    }

    // A container saves its children itself, by reference: each is stored as its path, and
    // UIKit preserves it as an object of its own below this one.
    override func encodeRestorableState(with coder: NSCoder) {
        super.encodeRestorableState(with: coder)
        coder.encode(children, forKey: "pages")
    }

    // The references come back as the restored pages: the container puts them back.
    override func decodeRestorableState(with coder: NSCoder) {
        super.decodeRestorableState(with: coder)
        let pages = coder.decodeObject(of: [NSArray.self, UIViewController.self], forKey: "pages") as? [UIViewController] ?? []
        for page in pages { show(page) }
    }
    // workbook:end restoration

    /// Adds a page as a child, as a container does: its view goes into this one's.
    func show(_ page: UIViewController) {
        addChild(page)
        view.addSubview(page.view)
        page.didMove(toParent: self)
    }
}
