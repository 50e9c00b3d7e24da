import UIKit

/// Every note, oldest first; + adds one and opens it.
final class NotesViewController: UITableViewController {
    private var notes: [Note] = []

    init() {
        super.init(style: .plain)
        navigationItem.title = "Notebook"
        navigationItem.rightBarButtonItem = UIBarButtonItem(systemItem: .add, primaryAction: UIAction { [unowned self] _ in
            let note = Note(context: NoteStore.context)
            note.title = ""
            note.created = Device.now
            navigationController?.pushViewController(NoteViewController(note: note), animated: true)
        })
        restorationIdentifier = "NotesViewController"
    }

    required init?(coder: NSCoder) {
        fatalError("Notebook builds its screens in code")
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        notes = NoteStore.allNotes()
        tableView.reloadData()
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        notes.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "Note") ?? UITableViewCell(style: .default, reuseIdentifier: "Note")
        let title = notes[indexPath.row].title
        cell.textLabel?.text = title.isEmpty ? "New note" : title
        return cell
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        navigationController?.pushViewController(NoteViewController(note: notes[indexPath.row]), animated: true)
    }
}
