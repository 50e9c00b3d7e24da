import Foundation
@testable import RestorationKit

/// A reminder screen pushed onto the notes app, for the causes found while decoding: it can read
/// a key under another spelling than it saved it, or skip `super` when decoding.
final class ReminderDateViewController: UIViewController, UIViewControllerRestoration {
    nonisolated(unsafe) static var readsMisspeltKey = false
    nonisolated(unsafe) static var forgetsSuperWhenDecoding = false

    static func reset() {
        readsMisspeltKey = false
        forgetsSuperWhenDecoding = false
    }

    var date = Date(timeIntervalSince1970: 0)

    override init(nibName: String?, bundle: Bundle?) {
        super.init(nibName: nibName, bundle: bundle)
        title = "Reminder"
        restorationIdentifier = "Reminder"
        restorationClass = ReminderDateViewController.self
    }

    required init?(coder: NSCoder) { fatalError("not used") }

    static func viewController(withRestorationIdentifierPath identifierComponents: [String], coder: NSCoder) -> UIViewController? {
        ReminderDateViewController()
    }

    override func encodeRestorableState(with coder: NSCoder) {
        super.encodeRestorableState(with: coder)
        coder.encode(date, forKey: "reminderDate")
        coder.encode(true, forKey: "isRepeating")
    }

    override func decodeRestorableState(with coder: NSCoder) {
        if !Self.forgetsSuperWhenDecoding { super.decodeRestorableState(with: coder) }
        let key = Self.readsMisspeltKey ? "remindDate" : "reminderDate"
        date = coder.decodeObject(forKey: key) as? Date ?? Date(timeIntervalSince1970: 0)
        _ = coder.decodeBool(forKey: "isRepeating")
    }
}
