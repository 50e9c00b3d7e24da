import UIKit

/// The plants a visitor has looked at, most recent first. Not a view or a controller, yet it
/// has state worth keeping: it takes part by registering itself with UIKit.
final class VisitLog: UIStateRestoring, UIObjectRestoration {
    static let shared = VisitLog()

    private(set) var plantNames: [String] = []

    func viewed(_ name: String) {
        plantNames.removeAll { $0 == name }
        plantNames.insert(name, at: 0)
    }

    /// The shelf, which shows the log.
    weak var shelf: UIViewController?

    // workbook:begin restoring
    // Its restoration parent is the shelf that shows it, so it is saved below the shelf's path,
    // as ShelfNavigation/:[0]:/ShelfViewController/VisitLog, and restored after the shelf.
    var restorationParent: UIStateRestoring? { shelf }

    // Asked for the object at launch if nothing registered it under its path in time.
    var objectRestorationClass: UIObjectRestoration.Type? { VisitLog.self }

    static func object(withRestorationIdentifierPath identifierComponents: [String], coder: NSCoder) -> UIStateRestoring? {
        VisitLog.shared
    }

    func encodeRestorableState(with coder: NSCoder) {
        coder.encode(plantNames, forKey: "plantNames")
    }

    func decodeRestorableState(with coder: NSCoder) {
        plantNames = coder.decodeObject(of: [NSArray.self, NSString.self], forKey: "plantNames") as? [String] ?? []
    }
    // workbook:end restoring
}
