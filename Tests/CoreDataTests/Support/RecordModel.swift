import CoreData

/// The model of most tests: records with one attribute of each type, and tags.
final class Record: NSManagedObject {
    @Managed("title") var title: String
    @Managed("rank") var rank: Int
    @Managed("score") var score: Double
    @Managed("done") var done: Bool
    @Managed("due") var due: Date?
    @Managed("note") var note: String?
}

final class Tag: NSManagedObject {
    @Managed("label") var label: String
}

func recordModel() -> NSManagedObjectModel {
    NSManagedObjectModel(entities: [
        NSEntityDescription(name: "Record", managedObjectClass: Record.self, properties: [
            NSAttributeDescription(name: "title", type: .stringAttributeType),
            NSAttributeDescription(name: "rank", type: .integer64AttributeType, defaultValue: 0),
            NSAttributeDescription(name: "score", type: .doubleAttributeType, defaultValue: 0.0),
            NSAttributeDescription(name: "done", type: .booleanAttributeType, defaultValue: false),
            NSAttributeDescription(name: "due", type: .dateAttributeType, isOptional: true),
            NSAttributeDescription(name: "note", type: .stringAttributeType, isOptional: true),
        ]),
        NSEntityDescription(name: "Tag", managedObjectClass: Tag.self, properties: [
            NSAttributeDescription(name: "label", type: .stringAttributeType),
        ]),
    ])
}

/// A folder for one test's stores, removed when the value goes away. Each `launch()` is a new
/// container on the same files: what an app sees after a relaunch.
final class StoreFolder {
    let url: URL

    init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("CoreDataTests-\(UUID().uuidString)", isDirectory: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    var storeURL: URL { url.appendingPathComponent("Records.sqlite") }

    /// A container on `storeURL` (or `at`), loaded; throws what loading reported.
    func launch(at storeURL: URL? = nil, model: NSManagedObjectModel = recordModel()) throws -> NSPersistentContainer {
        let container = NSPersistentContainer(name: "Records", managedObjectModel: model)
        container.persistentStoreDescriptions = [NSPersistentStoreDescription(url: storeURL ?? self.storeURL)]
        var failure: Error?
        container.loadPersistentStores { _, error in failure = error }
        if let failure { throw failure }
        return container
    }

    /// The error loading reports for a store at `storeURL`, or nil when it loads.
    func loadError(at storeURL: URL, model: NSManagedObjectModel = recordModel()) -> CoreDataError? {
        do {
            _ = try launch(at: storeURL, model: model)
            return nil
        } catch {
            return error as? CoreDataError
        }
    }
}

extension NSManagedObjectContext {
    /// Inserts records with these titles and ranks 1, 2, 3…
    @discardableResult
    func insertRecords(_ titles: [String]) -> [Record] {
        titles.enumerated().map { index, title in
            let record = Record(context: self)
            record.title = title
            record.rank = index + 1
            return record
        }
    }

    func records(_ format: String? = nil, _ arguments: Any?..., sortedBy sorts: [NSSortDescriptor] = [NSSortDescriptor(key: "rank", ascending: true)]) throws -> [Record] {
        let request = NSFetchRequest<Record>(entityName: "Record")
        request.predicate = format.map { NSPredicate(format: $0, argumentArray: arguments) }
        request.sortDescriptors = sorts
        return try fetch(request)
    }

    func titles(_ format: String? = nil, _ arguments: Any?..., sortedBy sorts: [NSSortDescriptor] = [NSSortDescriptor(key: "rank", ascending: true)]) throws -> [String] {
        let request = NSFetchRequest<Record>(entityName: "Record")
        request.predicate = format.map { NSPredicate(format: $0, argumentArray: arguments) }
        request.sortDescriptors = sorts
        return try fetch(request).map(\.title)
    }
}
