import HerbariumModel
import UIKit

/// A plant's page. On a page made at launch, "Found by" says which of UIKit's ways made it.
final class PlantViewController: UIViewController, UIViewControllerRestoration {
    let plant: Plant
    let openedFromShelf: Bool
    private let foundBy: String?
    private let collectedLabel = UILabel()
    private let foundByLabel = UILabel()
    private let studySwitch = UISwitch()
    private let sheetView = UIScrollView()
    private let collectorField = UITextField()
    private let comparedLabel = UILabel()
    /// The plants this one was compared with.
    private var comparedWith: Set<String> = []

    init(plant: Plant, openedFromShelf: Bool, foundBy: String? = nil) {
        self.plant = plant
        self.openedFromShelf = openedFromShelf
        self.foundBy = foundBy
        super.init(nibName: nil, bundle: nil)
        navigationItem.title = plant.name
        restorationIdentifier = "PlantViewController"
        // Only a page that nothing else makes at launch gets a restoration class: the class
        // would switch off the search that finds the plant of the day.
        if openedFromShelf { restorationClass = PlantViewController.self }
        // workbook:begin compare
        // Compare puts this plant beside the plant of the day. (A page that is one side of a
        // comparison shows its container's navigation bar, not this button.)
        navigationItem.rightBarButtonItem = UIBarButtonItem(title: "Compare", primaryAction: UIAction { [unowned self] _ in
            let comparison = CompareViewController(left: plant, right: Collection.plants[3])
            comparedWith.insert(Collection.plants[3].name)
            showComparisons()
            navigationController?.pushViewController(comparison, animated: true)
        })
        // workbook:end compare
    }

    required init?(coder: NSCoder) {
        fatalError("Herbarium builds its screens in code")
    }

    // workbook:begin restoration
    // Pages opened from the shelf are made again here.
    static func viewController(withRestorationIdentifierPath identifierComponents: [String], coder: NSCoder) -> UIViewController? {
        guard coder.decodeBool(forKey: "openedFromShelf"),
              let name = coder.decodeObject(of: [NSString.self], forKey: "plantName") as? String,
              let plant = Collection.plant(named: name)
        else { return nil }
        let page = PlantViewController(plant: plant, openedFromShelf: true, foundBy: "restoration class")
        // The page is made again under the identifier it was saved with: LeftPlant, RightPlant,
        // or PlantViewController.
        page.restorationIdentifier = identifierComponents.last
        return page
    }

    override func encodeRestorableState(with coder: NSCoder) {
        super.encodeRestorableState(with: coder)
        coder.encode(plant.name, forKey: "plantName")
        coder.encode(openedFromShelf, forKey: "openedFromShelf")
        coder.encode(studySwitch.isOn, forKey: "study")
        // workbook:begin check
        // The field's text is the app's to save: here inside an object of the app's own.
        if let collector = collectorField.text, !collector.isEmpty {
            coder.encode(SheetCheck(collector: collector, checkedOn: Device.now), forKey: "check")
        }
        // A set goes in as an NSSet, which adopts NSCoding.
        coder.encode(comparedWith, forKey: "comparedWith")
        // workbook:end check
    }

    // The page was there before restoration began: UIKit hands it its saved state.
    override func decodeRestorableState(with coder: NSCoder) {
        super.decodeRestorableState(with: coder)
        studySwitch.isOn = coder.decodeBool(forKey: "study")
        // workbook:begin decode-check
        // Read without naming a class, then cast: the secure coder was asked for none.
        if let check = coder.decodeObject(forKey: "check") as? SheetCheck {
            collectorField.text = check.collector
        }
        // The set and what it may hold, named: an NSSet of strings.
        comparedWith = coder.decodeObject(of: [NSSet.self, NSString.self], forKey: "comparedWith") as? Set<String> ?? []
        showComparisons()
        // workbook:end decode-check
    }
    // workbook:end restoration

    override func viewDidLoad() {
        super.viewDidLoad()
        collectedLabel.accessibilityIdentifier = "Collected"
        collectedLabel.text = plant.collected
        studySwitch.accessibilityIdentifier = "Study"
        // workbook:begin views
        // The scan of the herbarium sheet, far larger than the screen: the user pans around it.
        // With an identifier of its own, in a controller that has one, the scroll view saves
        // where it was scrolled to by itself.
        sheetView.accessibilityIdentifier = "Sheet"
        sheetView.restorationIdentifier = "Sheet"
        sheetView.contentSize = CGSize(width: 1200, height: 1800)
        let sheetLabel = UILabel()
        sheetLabel.text = "Sheet scan: \(plant.name)"
        sheetView.addSubview(sheetLabel)
        // A text field saves its selection, never its text: that is the app's to encode.
        collectorField.accessibilityIdentifier = "Collector"
        collectorField.restorationIdentifier = "Collector"
        collectorField.placeholder = "Who checked this sheet"
        // workbook:end views
        view.addSubview(collectedLabel)
        view.addSubview(studySwitch)
        view.addSubview(collectorField)
        view.addSubview(sheetView)
        comparedLabel.accessibilityIdentifier = "Compared"
        view.addSubview(comparedLabel)
        showComparisons()
        if let foundBy {
            foundByLabel.accessibilityIdentifier = "FoundBy"
            foundByLabel.text = "Found by: \(foundBy)"
            view.addSubview(foundByLabel)
        }
    }

    private func showComparisons() {
        comparedLabel.text = comparedWith.isEmpty ? nil : "Compared with: " + comparedWith.sorted().joined(separator: ", ")
    }
}
