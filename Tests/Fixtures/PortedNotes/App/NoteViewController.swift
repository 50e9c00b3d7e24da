import UIKit

/// One note, kept with the app's state. Its outlets are made in code here, where an iOS app would
/// have them from a storyboard.
final class NoteViewController: UIViewController {
    @IBOutlet weak var field: UITextField!
    @IBOutlet weak var count: UILabel!

    override init(nibName: String?, bundle: Bundle?) {
        super.init(nibName: nibName, bundle: bundle)
        title = "Note"
        restorationIdentifier = "NoteViewController"
    }

    required init?(coder: NSCoder) { fatalError("not decoded from a storyboard") }

    @IBAction func clear(_ sender: Any) {
        field.text = ""
    }

    @objc(refreshCount) func refreshCount() {
        count.text = "\(field.text?.count ?? 0) characters"
    }
}

extension NoteViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        let field = UITextField()
        field.accessibilityIdentifier = "note"
        field.placeholder = "Note"
        view.addSubview(field)
        self.field = field
        let count = UILabel()
        count.accessibilityIdentifier = "count"
        view.addSubview(count)
        self.count = count
    }
}
