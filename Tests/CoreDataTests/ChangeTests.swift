import CoreData
import Foundation
import Testing

/// Inserting, changing, deleting, saving and rolling back, as a context tracks them.
@Suite struct ChangeTests {
    let folder = StoreFolder()

    @Test("hasChanges follows insertions, edits and deletions, and a save clears it")
    func hasChanges() throws {
        let context = try folder.launch().viewContext
        #expect(!context.hasChanges)
        let record = context.insertRecords(["a"])[0]
        #expect(context.hasChanges && record.isInserted)
        try context.save()
        #expect(!context.hasChanges && !record.isInserted && !record.hasChanges)
        record.title = "b"
        #expect(context.hasChanges && record.isUpdated)
        #expect(context.updatedObjects == [record])
        try context.save()
        #expect(!context.hasChanges && !record.isUpdated)
        context.delete(record)
        #expect(context.hasChanges && record.isDeleted)
        try context.save()
        #expect(!context.hasChanges)
    }

    @Test("rollback() undoes everything unsaved: new objects leave, deleted ones return, values go back")
    func rollback() throws {
        let context = try folder.launch().viewContext
        let saved = context.insertRecords(["kept", "deleted then restored"])
        try context.save()
        saved[0].title = "renamed"
        saved[0].note = "a note"
        context.delete(saved[1])
        let added = Record(context: context)
        added.title = "added"
        added.rank = 3
        #expect(try context.titles() == ["renamed", "added"])

        context.rollback()
        #expect(!context.hasChanges)
        #expect(saved[0].title == "kept" && saved[0].note == nil)
        #expect(!saved[1].isDeleted)
        #expect(added.managedObjectContext == nil && !added.isInserted)
        #expect(try context.titles() == ["kept", "deleted then restored"])
        #expect(try folder.launch().viewContext.titles() == ["kept", "deleted then restored"], "the store never saw the changes")
    }

    @Test("Deleting an object never saved just removes it")
    func deleteUnsaved() throws {
        let context = try folder.launch().viewContext
        let record = context.insertRecords(["draft"])[0]
        context.delete(record)
        #expect(!context.hasChanges)
        #expect(record.managedObjectContext == nil)
        #expect(try context.titles() == [])
    }

    @Test("Every attribute type survives a relaunch: String, Int, Double, Bool, Date, and nil")
    func typesRoundTrip() throws {
        let context = try folder.launch().viewContext
        let due = Date(timeIntervalSinceReferenceDate: 812_345_678.123_456)
        let record = context.insertRecords(["typed"])[0]
        record.rank = Int(Int32.max) * 4
        record.score = -0.125
        record.done = true
        record.due = due
        record.note = "ünïcödé ✓"
        let empty = context.insertRecords(["empty"])[0]
        empty.due = nil
        try context.save()

        let relaunched = try folder.launch().viewContext.records(sortedBy: [NSSortDescriptor(key: "title", ascending: false)])
        let found = try #require(relaunched.first)
        #expect(found.title == "typed")
        #expect(found.rank == Int(Int32.max) * 4)
        #expect(found.score == -0.125)
        #expect(found.done)
        #expect(found.due == due)
        #expect(found.note == "ünïcödé ✓")
        #expect(relaunched[1].due == nil && relaunched[1].note == nil)
        #expect(found.value(forKey: "rank") as? Int == Int(Int32.max) * 4)
        #expect(found.committedValuesForKeys["title"] as? String == "typed")
    }

    @Test("value(forKey:) and setValue(_:forKey:) reach the same attributes as the typed properties")
    func keyValueAccess() throws {
        let context = try folder.launch().viewContext
        let object = NSEntityDescription.insertNewObject(forEntityName: "Record", into: context)
        #expect(object is Record)
        object.setValue("by key", forKey: "title")
        object.setValue(7, forKey: "rank")
        object.setValue(Int64(2), forKey: "score") // an integer fits a Double attribute
        #expect((object as? Record)?.title == "by key")
        #expect((object as? Record)?.rank == 7)
        #expect(object.value(forKey: "score") as? Double == 2)
        #expect(object.value(forKey: "done") as? Bool == false, "the attribute's default value")
        #expect(object.value(forKey: "note") == nil)
    }

    @Test("A required attribute left nil stops the save with its name, and nothing is written")
    func validation() throws {
        let context = try folder.launch().viewContext
        let good = context.insertRecords(["good"])[0]
        let untitled = Record(context: context)
        let error = try #require(throws: CoreDataError.self) { try context.save() }
        #expect(error.code == .validation)
        #expect(error.description.contains("Record.title is required but nil"), "\(error)")
        #expect(good.objectID.isTemporaryID && untitled.isInserted, "the failed save changed nothing")
        #expect(try folder.launch().viewContext.titles() == [])
        untitled.title = "now titled"
        try context.save()
        #expect(try folder.launch().viewContext.titles(sortedBy: [NSSortDescriptor(key: "title", ascending: true)]) == ["good", "now titled"])
    }

    @Test("Entities keep their own keys: p1 of Record and p1 of Tag are different objects")
    func entitiesHaveTheirOwnKeys() throws {
        let container = try folder.launch()
        let context = container.viewContext
        let record = context.insertRecords(["r"])[0]
        let tag = Tag(context: context)
        tag.label = "t"
        try context.save()
        #expect(record.objectID.uriRepresentation().lastPathComponent == "p1")
        #expect(tag.objectID.uriRepresentation().lastPathComponent == "p1")
        #expect(record.objectID != tag.objectID)
        let tagID = try #require(container.persistentStoreCoordinator.managedObjectID(forURIRepresentation: tag.objectID.uriRepresentation()))
        #expect(try (folder.launch().viewContext.existingObject(with: tagID) as? Tag)?.label == "t")
    }
}
