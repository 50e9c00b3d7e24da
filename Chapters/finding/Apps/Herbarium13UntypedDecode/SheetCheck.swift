import Foundation

/// Who checked a herbarium sheet, and when: an object of the app's own, which goes into a coder
/// because it adopts NSSecureCoding (a coder takes property-list values, references to
/// restorable objects, and NSCoding objects: nothing else).
final class SheetCheck: NSObject, NSSecureCoding {
    static let supportsSecureCoding = true

    let collector: String
    let checkedOn: Date

    init(collector: String, checkedOn: Date) {
        self.collector = collector
        self.checkedOn = checkedOn
    }

    func encode(with coder: NSCoder) {
        coder.encode(collector, forKey: "collector")
        coder.encode(checkedOn, forKey: "checkedOn")
    }

    // Secure decoding names the class it expects for each object it reads.
    init?(coder: NSCoder) {
        guard let collector = coder.decodeObject(of: NSString.self, forKey: "collector") as String?,
              let checkedOn = coder.decodeObject(of: NSDate.self, forKey: "checkedOn") as Date?
        else { return nil }
        self.collector = collector
        self.checkedOn = checkedOn
    }
}
