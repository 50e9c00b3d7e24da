import Foundation
import RestorationKit

/// Remembers when the user last saw the app, but never calls `super`: the tab bar controller's
/// own state (its children and its selected tab) is not saved.
final class HypnoTabBarController: UITabBarController {
    private var lastSeen: Date?

    override func encodeRestorableState(with coder: NSCoder) {
        coder.encode(Device.now, forKey: "lastSeen")
    }

    override func decodeRestorableState(with coder: NSCoder) {
        super.decodeRestorableState(with: coder)
        lastSeen = coder.decodeObject(of: NSDate.self, forKey: "lastSeen") as Date?
    }
}
