import CoreData
import UIKit

/// One note, its title editable. Typing changes the note; going back to the list saves it.
final class NoteViewController: UIViewController, UIViewControllerRestoration {
    let note: Note
    private let titleField = UITextField()
    private let createdLabel = UILabel()

    init(note: Note) {
        self.note = note
        super.init(nibName: nil, bundle: nil)
        restorationIdentifier = "NoteViewController"
        restorationClass = NoteViewController.self
    }

    required init?(coder: NSCoder) {
        fatalError("Notebook builds its screens in code")
    }

    // The archive keeps where the note is in the store: its object ID as a URI.
    override func encodeRestorableState(with coder: NSCoder) {
        super.encodeRestorableState(with: coder)
        coder.encode(note.objectID.uriRepresentation(), forKey: "noteURI")
    }

    // The note is fetched again from the store; no screen at all if it is gone.
    static func viewController(withRestorationIdentifierPath identifierComponents: [String], coder: NSCoder) -> UIViewController? {
        guard let uri = coder.decodeObject(of: [NSURL.self], forKey: "noteURI") as? URL,
              let objectID = NoteStore.container.persistentStoreCoordinator.managedObjectID(forURIRepresentation: uri),
              let note = try? NoteStore.context.existingObject(with: objectID) as? Note
        else { return nil }
        return NoteViewController(note: note)
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        navigationItem.title = note.title.isEmpty ? "New note" : note.title
        titleField.placeholder = "Title"
        titleField.accessibilityIdentifier = "Title"
        titleField.text = note.title
        createdLabel.text = "Created " + note.created.formatted(date: .abbreviated, time: .shortened)
        titleField.addAction(UIAction { [unowned self] _ in
            note.title = titleField.text ?? ""
            navigationItem.title = note.title
        }, for: .editingChanged)
        view.addSubview(titleField)
        view.addSubview(createdLabel)
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        NoteStore.save()
    }
}
