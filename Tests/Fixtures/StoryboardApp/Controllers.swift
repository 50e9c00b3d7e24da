import UIKit

/// The list: its button pushes a note scene from the storyboard.
final class NotesViewController: UIViewController {
    required init?(coder: NSCoder) {
        super.init(coder: coder)
        title = "Notes"
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        let open = UIButton(type: .system)
        open.setTitle("New note", for: .normal)
        open.addAction(UIAction { [unowned self] _ in
            guard let note = storyboard?.instantiateViewController(withIdentifier: "NoteViewController") else { return }
            navigationController?.pushViewController(note, animated: true)
        }, for: .touchUpInside)
        view.addSubview(open)
    }
}

/// A note being written. It has no restoration class: at launch the storyboard it came from
/// makes it again (the fourth way), and it decodes its text.
final class NoteViewController: UIViewController {
    let body = UITextField()

    required init?(coder: NSCoder) {
        super.init(coder: coder)
        title = "Note"
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        body.accessibilityIdentifier = "body"
        body.placeholder = "Write something"
        view.addSubview(body)
    }

    override func encodeRestorableState(with coder: NSCoder) {
        super.encodeRestorableState(with: coder)
        coder.encode(body.text ?? "", forKey: "body")
    }

    override func decodeRestorableState(with coder: NSCoder) {
        super.decodeRestorableState(with: coder)
        body.text = coder.decodeObject(of: NSString.self, forKey: "body") as String?
    }
}

final class SettingsViewController: UIViewController {
    required init?(coder: NSCoder) {
        super.init(coder: coder)
        title = "Settings"
    }
}
