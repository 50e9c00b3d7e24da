import HerbariumModel
import UIKit

/// Two plants side by side: a container of its own, whose two children are plant pages.
final class CompareViewController: UIViewController, UIViewControllerRestoration {
    init(left: Plant?, right: Plant?) {
        super.init(nibName: nil, bundle: nil)
        navigationItem.title = "Compare"
        restorationIdentifier = "CompareViewController"
        restorationClass = CompareViewController.self
        for plant in [left, right].compactMap({ $0 }) {
            show(PlantViewController(plant: plant, openedFromShelf: true))
        }
    }

    required init?(coder: NSCoder) {
        fatalError("Herbarium builds its screens in code")
    }

    // workbook:begin restoration
    // The comparison is made again empty. UIViewController saves no children: its two pages
    // are saved only if this controller encodes them, and it does not.
    static func viewController(withRestorationIdentifierPath identifierComponents: [String], coder: NSCoder) -> UIViewController? {
        CompareViewController(left: nil, right: nil)
    }
    // workbook:end restoration

    /// Adds a page as a child, as a container does: its view goes into this one's.
    func show(_ page: UIViewController) {
        addChild(page)
        view.addSubview(page.view)
        page.didMove(toParent: self)
    }
}
