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

    // workbook:begin restoring
    // No restoration parent: its path is its identifier alone, "VisitLog". (An object with a
    // parent is saved below the parent's path.)
    var restorationParent: UIStateRestoring? { nil }

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
