import CoreData
import UIKit

/// One note: a title and when it was made.
final class Note: NSManagedObject {
    @Managed("title") var title: String
    @Managed("created") var created: Date
}

/// The notes' store: one SQLite file in the app's container.
enum NoteStore {
    static let container = NSPersistentContainer(name: "Notebook", managedObjectModel: NSManagedObjectModel(entities: [
        NSEntityDescription(name: "Note", managedObjectClass: Note.self, properties: [
            NSAttributeDescription(name: "title", type: .stringAttributeType),
            NSAttributeDescription(name: "created", type: .dateAttributeType),
        ]),
    ]))

    static var context: NSManagedObjectContext { container.viewContext }

    /// Opens the store; on the very first launch, writes a few notes to start from.
    static func load() {
        container.loadPersistentStores { _, error in
            if let error { fatalError("The notebook could not be opened: \(error)") }
        }
        if (try? context.count(for: NSFetchRequest<Note>(entityName: "Note"))) == 0 {
            for (number, title) in ["Groceries", "Packing list", "Book ideas", "Garden plan", "Gift ideas"].enumerated() {
                let note = Note(context: context)
                note.title = title
                note.created = Device.now.addingTimeInterval(Double(number) * 60)
            }
            save()
        }
    }

    /// Every note, oldest first.
    static func allNotes() -> [Note] {
        let request = NSFetchRequest<Note>(entityName: "Note")
        request.sortDescriptors = [NSSortDescriptor(key: "created", ascending: true)]
        return (try? context.fetch(request)) ?? []
    }

    static func save() {
        guard context.hasChanges else { return }
        do {
            try context.save()
        } catch {
            print("The notebook could not be saved: \(error)")
        }
    }
}
