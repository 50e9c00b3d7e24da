import UIKit

// Restoration kept apart, as iOS developers often keep it.
extension NoteViewController {
    override func encodeRestorableState(with coder: NSCoder) {
        super.encodeRestorableState(with: coder)
        coder.encode(field.text ?? "", forKey: "note.text")
    }

    override func decodeRestorableState(with coder: NSCoder) {
        super.decodeRestorableState(with: coder)
        field.text = coder.decodeObject(of: NSString.self, forKey: "note.text") as String?
        refreshCount()
    }
}
