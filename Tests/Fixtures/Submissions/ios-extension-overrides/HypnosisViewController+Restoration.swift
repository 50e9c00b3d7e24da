import UIKit

// Restoration kept in a file of its own, as iOS developers often keep it.
extension HypnosisViewController {
    override func encodeRestorableState(with coder: NSCoder) {
        super.encodeRestorableState(with: coder)
        // A text field saves its selection but never its text: that is up to the app.
        coder.encode(textField.text, forKey: "typedText")
    }

    override func decodeRestorableState(with coder: NSCoder) {
        super.decodeRestorableState(with: coder)
        textField.text = coder.decodeObject(of: NSString.self, forKey: "typedText") as String?
    }
}
