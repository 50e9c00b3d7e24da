import CoreData
import Foundation
import Testing

/// A save is one SQLite transaction: a process killed with SIGKILL during it leaves the store with
/// the data of the save before, or of this one, never a mix. The process is real
/// (Tests/Fixtures/CoreDataSaveApp) and so is the kill.
@Suite struct KillDuringSaveTests {
    let folder = StoreFolder()

    final class Item: NSManagedObject {
        @Managed("name") var name: String
        @Managed("generation") var generation: Int
        @Managed("payload") var payload: String
    }

    /// The fixture's model, declared again here as an app's next launch would.
    static let model = NSManagedObjectModel(entities: [
        NSEntityDescription(name: "Item", managedObjectClass: Item.self, properties: [
            NSAttributeDescription(name: "name", type: .stringAttributeType),
            NSAttributeDescription(name: "generation", type: .integer64AttributeType),
            NSAttributeDescription(name: "payload", type: .stringAttributeType),
        ]),
    ])

    /// What the store holds after the kill, read by a new container (the next launch).
    private func generations() throws -> (count: Int, generations: Set<Int>, payloads: Set<String>, added: Set<String>) {
        let items = try folder.launch(model: Self.model).viewContext.fetch(NSFetchRequest<Item>(entityName: "Item"))
        return (items.count, Set(items.map(\.generation)), Set(items.map { String($0.payload.prefix(16)) }),
                Set(items.map(\.name).filter { $0.hasPrefix("added-") }))
    }

    @Test("Killed half-way through a save: the next launch finds the previous save whole, and nothing of the interrupted one")
    func killedMidSave() throws {
        let app = try SaveAppProcess(store: folder.storeURL)
        #expect(try app.waitFor("ready") == "400")
        try app.send("save 1")
        try app.waitFor("saved 1")
        try app.send("hang 2")
        try app.waitFor("halfway")
        let walDuringSave = (try? FileManager.default.attributesOfItem(atPath: folder.storeURL.path + "-wal")[.size] as? Int) ?? 0
        app.killAndWait()
        #expect(app.wasKilled)
        #expect(walDuringSave > 0, "the interrupted save had written to the journal")

        let after = try generations()
        #expect(after.count == 401, "400 items and the one added by save 1")
        #expect(after.generations == [1])
        #expect(after.payloads == ["generation 1;gen"])
        #expect(after.added == ["added-1"])

        // The interrupted transaction left no lock and no damage: the next launch saves as usual.
        let relaunched = try SaveAppProcess(store: folder.storeURL)
        #expect(try relaunched.waitFor("ready") == "401")
        try relaunched.send("save 3")
        try relaunched.waitFor("saved 3")
        relaunched.killAndWait()
        let recovered = try generations()
        #expect(recovered.count == 402)
        #expect(recovered.generations == [3])
        #expect(recovered.added == ["added-1", "added-3"])
    }

    @Test("Killed just after save() returned: the next launch finds that save")
    func killedAfterSave() throws {
        let app = try SaveAppProcess(store: folder.storeURL)
        try app.waitFor("ready")
        try app.send("save 7")
        try app.waitFor("saved 7")
        app.killAndWait()
        let after = try generations()
        #expect(after.count == 401)
        #expect(after.generations == [7])
        #expect(after.added == ["added-7"])
    }

    @Test("Killed at an unplanned moment while saving in a loop: the store holds one whole generation, the last reported or the next")
    func killedWhileLooping() throws {
        let app = try SaveAppProcess(store: folder.storeURL)
        try app.waitFor("ready")
        try app.send("loop")
        try app.waitFor("saved 3")
        app.killAndWait()
        let after = try generations()
        let generation = try #require(after.generations.first)
        #expect(after.generations.count == 1, "one generation, not a mix: \(after.generations)")
        #expect(generation >= 3)
        #expect(after.count == 400 + generation, "one item added per completed save")
        #expect(after.added == Set((1...generation).map { "added-\($0)" }))
        #expect(after.payloads == ["generation \(generation);gen".prefix(16).description])
    }
}
