import UIKit

/// The plants a visitor has looked at, most recent first. Not a view or a controller, yet it
/// has state worth keeping: it takes part by registering itself with UIKit.
final class VisitLog: UIStateRestoring {
    static let shared = VisitLog()

    private(set) var plantNames: [String] = []

    func viewed(_ name: String) {
        plantNames.removeAll { $0 == name }
        plantNames.insert(name, at: 0)
    }

    func encodeRestorableState(with coder: NSCoder) {
        coder.encode(plantNames, forKey: "plantNames")
    }

    func decodeRestorableState(with coder: NSCoder) {
        plantNames = coder.decodeObject(of: [NSArray.self, NSString.self], forKey: "plantNames") as? [String] ?? []
    }
}
