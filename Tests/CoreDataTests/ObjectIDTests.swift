import BinaryPropertyList
import CoreData
import Foundation
import RestorationModel
import Testing

/// Object IDs and their URIs: what a restoration archive keeps instead of the object.
@Suite struct ObjectIDTests {
    let folder = StoreFolder()

    /// The URI of a saved object, split: store UUID, entity, key.
    private func parts(_ uri: URL) -> (store: String, entity: String, last: String)? {
        let text = uri.absoluteString
        guard text.hasPrefix("x-coredata://") else { return nil }
        let pieces = text.dropFirst("x-coredata://".count).split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard pieces.count == 3 else { return nil }
        return (pieces[0], pieces[1], pieces[2])
    }

    @Test("A new object has a temporary ID, x-coredata:///Record/t<UUID>, unique to it")
    func temporaryID() throws {
        let context = try folder.launch().viewContext
        let (first, second) = (Record(context: context), Record(context: context))
        #expect(first.objectID.isTemporaryID)
        #expect(first.objectID.entity.name == "Record")
        let uri = try #require(parts(first.objectID.uriRepresentation()))
        #expect(uri.store == "", "a temporary ID belongs to no store yet")
        #expect(uri.entity == "Record")
        #expect(uri.last.hasPrefix("t") && UUID(uuidString: String(uri.last.dropFirst())) != nil, "\(uri.last)")
        #expect(first.objectID != second.objectID)
        #expect(first.isInserted)
    }

    @Test("Saving makes the ID permanent, x-coredata://<store UUID>/Record/p<n>; the old temporary ID stays temporary and stops resolving")
    func saveMakesPermanent() throws {
        let container = try folder.launch()
        let context = container.viewContext
        let records = context.insertRecords(["a", "b"])
        let temporary = records[0].objectID
        try context.save()

        let store = try #require(container.persistentStoreCoordinator.persistentStores.first)
        #expect(records.map { $0.objectID.uriRepresentation().absoluteString } == [
            "x-coredata://\(store.identifier)/Record/p1",
            "x-coredata://\(store.identifier)/Record/p2",
        ])
        #expect(!records[0].objectID.isTemporaryID)
        #expect(!records[0].isInserted)
        #expect(temporary.isTemporaryID, "an ID object never changes; the record got a new one")
        #expect(throws: CoreDataError.self) { try context.existingObject(with: temporary) }
        #expect(store.metadata[NSStoreUUIDKey] as? String == store.identifier)
        #expect(UUID(uuidString: store.identifier) != nil)
    }

    @Test("obtainPermanentIDs(for:) gives the permanent ID before the save, and the save keeps it")
    func obtainPermanentIDs() throws {
        let context = try folder.launch().viewContext
        let record = context.insertRecords(["early"])[0]
        try context.obtainPermanentIDs(for: [record])
        #expect(!record.objectID.isTemporaryID)
        let obtained = record.objectID.uriRepresentation()
        #expect(record.isInserted, "the object is still unsaved")
        try context.save()
        #expect(record.objectID.uriRepresentation() == obtained)

        let relaunched = try folder.launch()
        let id = try #require(relaunched.persistentStoreCoordinator.managedObjectID(forURIRepresentation: obtained))
        #expect((try relaunched.viewContext.existingObject(with: id) as? Record)?.title == "early")
    }

    @Test("A permanent ID obtained but never saved parses after a relaunch, and names no record: the row was never written")
    func obtainedButNeverSaved() throws {
        let context = try folder.launch().viewContext
        let record = context.insertRecords(["never saved"])[0]
        try context.obtainPermanentIDs(for: [record])
        let obtained = record.objectID.uriRepresentation()

        let relaunched = try folder.launch()
        let id = try #require(relaunched.persistentStoreCoordinator.managedObjectID(forURIRepresentation: obtained))
        #expect(throws: CoreDataError.self) { try relaunched.viewContext.existingObject(with: id) }
    }

    @Test("A controller that saved such an ID is told why it found nothing: the store has no such row; once saved, nothing is said")
    func obtainedButNeverSavedIsExplained() throws {
        let context = try folder.launch().viewContext
        let record = context.insertRecords(["never saved"])[0]
        try context.obtainPermanentIDs(for: [record])
        let obtained = record.objectID.uriRepresentation().absoluteString
        let state: [String: PropertyListValue] = ["recordURI": .dictionary(["$url": .string(obtained)])]

        _ = try folder.launch()
        let said = PermanentObjectIDs.sentence(for: PermanentObjectIDs.saved(in: state))
        #expect(said?.hasPrefix("It had saved \"recordURI\" = \(obtained), but the store has no Record row") == true, "\(said ?? "nothing")")
        #expect(said?.contains("obtainPermanentIDs(for:)") == true)

        try context.save()
        #expect(PermanentObjectIDs.sentence(for: PermanentObjectIDs.saved(in: state)) == nil, "the row is there: the ID was not the problem")
    }

    @Test("The store's UUID is kept in its file: the same after a relaunch, another for another file")
    func storeUUIDIsStable() throws {
        let first = try #require(try folder.launch().persistentStoreCoordinator.persistentStores.first?.identifier)
        let again = try #require(try folder.launch().persistentStoreCoordinator.persistentStores.first?.identifier)
        let other = try #require(try folder.launch(at: folder.url.appendingPathComponent("Other.sqlite")).persistentStoreCoordinator.persistentStores.first?.identifier)
        #expect(first == again)
        #expect(first != other)
    }

    @Test("A saved object's URI resolves after a relaunch, to the values saved")
    func permanentURIAfterRelaunch() throws {
        let context = try folder.launch().viewContext
        let record = context.insertRecords(["kept"])[0]
        record.note = "with a note"
        try context.save()
        let uri = record.objectID.uriRepresentation()

        let relaunched = try folder.launch()
        let id = try #require(relaunched.persistentStoreCoordinator.managedObjectID(forURIRepresentation: uri))
        #expect(!id.isTemporaryID)
        #expect(id.uriRepresentation() == uri)
        let found = try #require(try relaunched.viewContext.existingObject(with: id) as? Record)
        #expect(found.title == "kept")
        #expect(found.note == "with a note")
        #expect(found.objectID == id)
    }

    @Test("A temporary URI resolves within its launch, but not after a relaunch, even once the object is saved")
    func temporaryURIAfterRelaunch() throws {
        let container = try folder.launch()
        let record = container.viewContext.insertRecords(["new"])[0]
        let uri = record.objectID.uriRepresentation()
        let sameLaunch = try #require(container.persistentStoreCoordinator.managedObjectID(forURIRepresentation: uri))
        #expect(try container.viewContext.existingObject(with: sameLaunch) === record)
        try container.viewContext.save()

        let relaunched = try folder.launch()
        #expect(relaunched.persistentStoreCoordinator.managedObjectID(forURIRepresentation: uri) == nil)
        #expect(try relaunched.viewContext.titles() == ["new"], "the record itself was saved")
    }

    @Test("A deleted object's URI still parses but no longer resolves, and its key is never given to another object")
    func deletedObjectURI() throws {
        let container = try folder.launch()
        let context = container.viewContext
        let records = context.insertRecords(["first", "second"])
        try context.save()
        let uri = records[1].objectID.uriRepresentation()
        context.delete(records[1])
        #expect(records[1].isDeleted)
        try context.save()
        #expect(records[1].managedObjectContext == nil)

        let relaunched = try folder.launch()
        let id = try #require(relaunched.persistentStoreCoordinator.managedObjectID(forURIRepresentation: uri))
        #expect(throws: CoreDataError.self) { try relaunched.viewContext.existingObject(with: id) }
        let newcomer = relaunched.viewContext.insertRecords(["third"])[0]
        try relaunched.viewContext.save()
        #expect(newcomer.objectID.uriRepresentation().absoluteString.hasSuffix("/Record/p3"), "\(newcomer.objectID.uriRepresentation())")
        #expect(throws: CoreDataError.self) { try relaunched.viewContext.existingObject(with: id) }
    }

    @Test("Malformed URIs, unknown entities and another store's URIs give nil")
    func malformedURIs() throws {
        let container = try folder.launch()
        let context = container.viewContext
        context.insertRecords(["one"])
        try context.save()
        let store = try #require(container.persistentStoreCoordinator.persistentStores.first).identifier
        let otherStore = try #require(try folder.launch(at: folder.url.appendingPathComponent("Other.sqlite")).persistentStoreCoordinator.persistentStores.first).identifier
        let coordinator = container.persistentStoreCoordinator
        #expect(coordinator.managedObjectID(forURIRepresentation: URL(string: "x-coredata://\(store)/Record/p1")!) != nil, "the well-formed URI resolves")
        let bad = [
            "https://\(store)/Record/p1",
            "x-coredata://\(store)/Record",
            "x-coredata://\(store)/Record/p1/extra",
            "x-coredata://\(store.lowercased())/Record/p1",
            "x-coredata://not-a-uuid/Record/p1",
            "x-coredata://\(store)/Record/p0",
            "x-coredata://\(store)/Record/p01",
            "x-coredata://\(store)/Record/p-1",
            "x-coredata://\(store)/Record/pone",
            "x-coredata://\(store)/Record/1",
            "x-coredata://\(store)/Record/p99999999999999999999",
            "x-coredata://\(store)/Person/p1",
            "x-coredata://\(otherStore)/Record/p1",
            "x-coredata:///Record/tnot-a-uuid",
            "x-coredata:///Record/p1",
            "x-coredata:///Record/t\(UUID().uuidString)",
        ]
        for text in bad {
            let url = try #require(URL(string: text), "\(text)")
            #expect(coordinator.managedObjectID(forURIRepresentation: url) == nil, "\(text)")
        }
    }

    @Test("resolveManagedObjectID(forURIRepresentation:) says why a URI names nothing")
    func unresolvedURIReasons() throws {
        let container = try folder.launch()
        let context = container.viewContext
        let record = context.insertRecords(["one"])[0]
        let temporary = record.objectID.uriRepresentation()
        try context.save()
        let store = try #require(container.persistentStoreCoordinator.persistentStores.first).identifier
        let otherStore = UUID().uuidString
        let reasons = [
            ("https://\(store)/Record/p1", "does not start with x-coredata://"),
            ("x-coredata://\(store)/Record", "it has 2 parts after the scheme, not 3"),
            ("x-coredata://\(store)/Record/p0", "a permanent ID's last part is p and a number from 1"),
            ("x-coredata://\(store.lowercased())/Record/p1", "is not an upper-case store UUID"),
            ("x-coredata://\(store)/Person/p1", "names the entity Person, which the model lacks (it has Record, Tag)"),
            ("x-coredata://\(otherStore)/Record/p1", "belongs to the store \(otherStore), which is not loaded (the loaded store is \(store))"),
            (temporary.absoluteString, "is a temporary ID that no context holds"),
        ]
        for (text, reason) in reasons {
            let url = try #require(URL(string: text))
            let error = try #require(throws: CoreDataError.self) { try container.persistentStoreCoordinator.resolveManagedObjectID(forURIRepresentation: url) }
            #expect(error.description.contains(reason), "\(text): \(error)")
            #expect(error.description.contains(text), "the error quotes the URI")
        }
        let resolved = try container.persistentStoreCoordinator.resolveManagedObjectID(forURIRepresentation: record.objectID.uriRepresentation())
        #expect(resolved == record.objectID)
    }

    @Test("object(with:) answers at once with a fault, filled from the store when first used; fetching answers the same object")
    func objectWithIDIsAFault() throws {
        let context = try folder.launch().viewContext
        context.insertRecords(["faulted"])
        try context.save()
        let uri = try context.records()[0].objectID.uriRepresentation()

        let relaunched = try folder.launch()
        let id = try #require(relaunched.persistentStoreCoordinator.managedObjectID(forURIRepresentation: uri))
        let object = try #require(relaunched.viewContext.object(with: id) as? Record)
        #expect(object.isFault)
        #expect(object.title == "faulted")
        #expect(!object.isFault)
        #expect(try relaunched.viewContext.records()[0] === object, "one object per ID in a context")
        #expect(try relaunched.viewContext.existingObject(with: id) === object)
    }
}
