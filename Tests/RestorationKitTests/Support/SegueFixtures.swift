import Foundation
@testable import RestorationKit

/// A shop written as a storyboard app: a catalog in a navigation controller shows a product by
/// a segue (performed in code, or triggered by its "Details" button), presents a checkout
/// modally, and both come back to the catalog by unwind segues to its `unwindToCatalog(_:)`:
/// the product's names the method, the checkout's names the action as a selector would.
enum ShopStoryboard: UIStoryboardDefinition {
    static let name = "Shop"
    static let initialScene: String? = "Root"
    static let scenes: [UIStoryboard.Scene] = [
        .init("Root", class: ShopNavigationController.self, restorationIdentifier: "Root", relationship: .rootViewController("Catalog")),
        .init("Catalog", class: CatalogViewController.self, restorationIdentifier: "Catalog", segues: [
            .init("showProduct", kind: .show, destination: "Product", trigger: .tapping("Details")),
            .init("checkout", kind: .present, destination: "CheckoutNavigation"),
        ]),
        .init("Product", class: ProductViewController.self, restorationIdentifier: "Product", segues: [
            .unwind("backToCatalog", to: CatalogViewController.unwindToCatalog, trigger: .tapping("Done")),
        ]),
        .init("CheckoutNavigation", class: UINavigationController.self, restorationIdentifier: "CheckoutNavigation",
              relationship: .rootViewController("Checkout")),
        .init("Checkout", class: CheckoutViewController.self, restorationIdentifier: "Checkout", segues: [
            .unwind("cancel", action: "unwindToCatalog"),
        ]),
    ]
}

/// What the shop's controllers saw, in order.
enum ShopLog {
    nonisolated(unsafe) static var calls: [String] = []
    nonisolated(unsafe) static var allowsDetails = true
}

final class ShopNavigationController: UINavigationController {
    override func awakeFromNib() {
        super.awakeFromNib()
        ShopLog.calls.append("Root.awake with \(viewControllers.map { String(describing: type(of: $0)) })")
    }
}

final class CatalogViewController: UIViewController {
    required init?(coder: NSCoder) {
        super.init(coder: coder)
        title = "Catalog"
    }

    override func awakeFromNib() {
        super.awakeFromNib()
        ShopLog.calls.append("Catalog.awake as \(restorationIdentifier ?? "nothing") from \(storyboard?.name ?? "nowhere")")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        let details = UIButton(type: .system)
        details.setTitle("Details", for: .normal)
        view.addSubview(details)
    }

    override func shouldPerformSegue(withIdentifier identifier: String, sender: Any?) -> Bool {
        ShopLog.calls.append("should \(identifier) from \(sender.map { String(describing: type(of: $0)) } ?? "nil")")
        return ShopLog.allowsDetails
    }

    override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
        guard let product = segue.destination as? ProductViewController else { return }
        ShopLog.calls.append("prepare \(segue.identifier ?? "") for a \(type(of: segue.destination)) from \(segue.destination.storyboard?.name ?? "nowhere"), view loaded: \(product.isViewLoaded), on screen: \(product.appeared)")
        product.product = "Teapot"
    }

    override var unwindActions: [String: (UIStoryboardSegue) -> Void] {
        ["unwindToCatalog:": unwindToCatalog]
    }

    func unwindToCatalog(_ segue: UIStoryboardSegue) {
        ShopLog.calls.append("unwindToCatalog \(segue.identifier ?? "") from \(type(of: segue.source)), still on screen: \(segue.source.navigationController?.topViewController === segue.source || segue.source.presentingViewController != nil)")
    }
}

final class ProductViewController: UIViewController {
    var product = ""
    private(set) var appeared = false
    private let label = UILabel()

    required init?(coder: NSCoder) {
        super.init(coder: coder)
        title = "Product"
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        label.text = product
        view.addSubview(label)
        navigationItem.rightBarButtonItem = UIBarButtonItem(systemItem: .done)
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        appeared = true
        label.text = product
    }

    override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
        ShopLog.calls.append("Product prepares \(segue.identifier ?? "") towards a \(type(of: segue.destination))")
    }

    override func encodeRestorableState(with coder: NSCoder) {
        super.encodeRestorableState(with: coder)
        coder.encode(product, forKey: "product")
    }

    override func decodeRestorableState(with coder: NSCoder) {
        super.decodeRestorableState(with: coder)
        product = coder.decodeObject(of: NSString.self, forKey: "product") as String? ?? ""
        label.text = product
    }
}

final class CheckoutViewController: UIViewController {
    required init?(coder: NSCoder) {
        super.init(coder: coder)
        title = "Checkout"
    }
}

/// The shop's delegate builds nothing: its window and first screen come from `Shop`.
final class ShopStoryboardAppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(_ application: UIApplication, shouldSaveSecureApplicationState coder: NSCoder) -> Bool { true }
    func application(_ application: UIApplication, shouldRestoreSecureApplicationState coder: NSCoder) -> Bool { true }

    var navigation: UINavigationController? { window?.rootViewController as? UINavigationController }
    var catalog: CatalogViewController? { navigation?.viewControllers.first as? CatalogViewController }
}

/// A list whose rows open a detail by a segue drawn from its cells.
enum PlantsStoryboard: UIStoryboardDefinition {
    static let name = "Plants"
    static let initialScene: String? = "Plants"
    static let scenes: [UIStoryboard.Scene] = [
        .init("Plants", class: PlantsTableViewController.self, restorationIdentifier: "Plants", segues: [
            .init("openPlant", kind: .present(style: .fullScreen), destination: "Plant", trigger: .selectingRow),
        ]),
        .init("Plant", class: CheckoutViewController.self, restorationIdentifier: "Plant"),
    ]
}

final class PlantsTableViewController: UITableViewController {
    let plants = ["Fern", "Ivy", "Moss"]

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { plants.count }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
        cell.textLabel?.text = plants[indexPath.row]
        return cell
    }

    override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
        let row = (sender as? UITableViewCell).flatMap { tableView.indexPath(for: $0) }?.row
        ShopLog.calls.append("prepare \(segue.identifier ?? "") from the cell of row \(row.map(String.init) ?? "none"), presented: \(segue.destination.presentingViewController != nil), style: \(segue.destination.modalPresentationStyle)")
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        ShopLog.calls.append("didSelectRowAt \(indexPath.row)")
    }
}
