import HomepwnerModel
import UIKit

/// One item's details, in fields the user can edit.
final class DetailViewController: UIViewController, UIViewControllerRestoration {
    var item: Item? {
        didSet { navigationItem.title = item?.name }
    }
    /// What the list does once a new item is done or cancelled.
    var dismissHandler: (() -> Void)?

    private let nameField = UITextField()
    private let serialNumberField = UITextField()
    private let valueField = UITextField()
    private let dateLabel = UILabel()

    init(isNew: Bool) {
        super.init(nibName: nil, bundle: nil)
        if isNew {
            navigationItem.rightBarButtonItem = UIBarButtonItem(systemItem: .done, primaryAction: UIAction { [unowned self] _ in
                presentingViewController?.dismiss(animated: true, completion: dismissHandler)
            })
            navigationItem.leftBarButtonItem = UIBarButtonItem(systemItem: .cancel, primaryAction: UIAction { [unowned self] _ in
                if let item { ItemStore.shared.removeItem(item) }
                presentingViewController?.dismiss(animated: true, completion: dismissHandler)
            })
        }
        restorationIdentifier = "DetailViewController"
        restorationClass = DetailViewController.self
    }

    required init?(coder: NSCoder) {
        fatalError("Homepwner builds its screens in code")
    }

    // A new item's screen sits in a presented navigation controller: its path has three
    // identifiers, a pushed one's two.
    static func viewController(withRestorationIdentifierPath identifierComponents: [String], coder: NSCoder) -> UIViewController? {
        DetailViewController(isNew: identifierComponents.count == 3)
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        nameField.placeholder = "Name"
        serialNumberField.placeholder = "Serial"
        valueField.placeholder = "Value"
        valueField.keyboardType = .numberPad
        // The title follows the name as it is typed.
        nameField.addAction(UIAction { [unowned self] _ in navigationItem.title = nameField.text }, for: .editingChanged)
        for subview in [nameField, serialNumberField, valueField, dateLabel] {
            view.addSubview(subview)
        }
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        guard let item else { return }
        nameField.text = item.name
        serialNumberField.text = item.serialNumber
        valueField.text = String(item.valueInDollars)
        dateLabel.text = "Created " + item.dateCreated.formatted(date: .abbreviated, time: .omitted)
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        view.endEditing(true)
        saveFields()
    }

    // Remember which item this screen shows: the new controller finds it again by its key.
    override func encodeRestorableState(with coder: NSCoder) {
        coder.encode(item?.itemKey, forKey: "item.itemKey")
        // Preservation runs after the app entered the background, so keep what was typed
        // in the item, and save the store again.
        saveFields()
        ItemStore.shared.saveChanges()
        super.encodeRestorableState(with: coder)
    }

    override func decodeRestorableState(with coder: NSCoder) {
        if let itemKey = coder.decodeObject(of: NSString.self, forKey: "item.itemKey") as String? {
            item = ItemStore.shared.item(forKey: itemKey)
        }
        super.decodeRestorableState(with: coder)
    }

    /// Copies the fields into the item.
    private func saveFields() {
        guard let item else { return }
        item.name = nameField.text ?? ""
        item.serialNumber = serialNumberField.text
        item.valueInDollars = Int(valueField.text ?? "") ?? 0
    }
}
