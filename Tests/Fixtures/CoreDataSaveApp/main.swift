@_spi(Testing) import CoreData
import Foundation
import UIKit
#if canImport(Glibc)
import Glibc
#endif

// A process that owns a store and saves on command, so that CoreDataTests can kill it with
// SIGKILL in the middle of a save and look at what the store holds afterwards.
//
//   CoreDataSaveApp <store.sqlite>
//
// At launch it fills an empty store with `Item`s of generation 0 and replies `ready <count>`.
// Commands, one a line on standard input:
//   save <g>   every item takes generation g (and a payload that says so), one item
//              "added-<g>" is inserted, all in one save; replies `saved <g>`
//   hang <g>   the same save, but once half its rows are written it replies `halfway` and
//              stops there, inside the transaction, until it is killed
//   loop       saves generation 1, 2, 3… for ever, replying `saved <g>` after each
//
//   CoreDataSaveApp --as-app
//
// launches as an app under RestorationKit (its container from WORKBOOK_CONTAINER), makes the
// store with the container's defaults in willFinishLaunching, saves one item and replies
// `store <path of the store's file>`.

let itemCount = 400

final class Item: NSManagedObject {
    @Managed("name") var name: String
    @Managed("generation") var generation: Int
    @Managed("payload") var payload: String
}

let model = NSManagedObjectModel(entities: [
    NSEntityDescription(name: "Item", managedObjectClass: Item.self, properties: [
        NSAttributeDescription(name: "name", type: .stringAttributeType),
        NSAttributeDescription(name: "generation", type: .integer64AttributeType),
        NSAttributeDescription(name: "payload", type: .stringAttributeType),
    ]),
])

func reply(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data(("CoreDataSaveApp: " + message + "\n").utf8))
    exit(1)
}

/// A payload large enough (1 KB an item) that a save's pages spill from SQLite's cache to the
/// file before it commits: a kill then finds written but uncommitted data on disk.
func payload(_ generation: Int) -> String {
    String(repeating: "generation \(generation);", count: 1024 / 14)
}

/// An app that makes its container as many iOS apps do, as a property of its delegate (so before
/// the launch), and loads the store where apps should: in `willFinishLaunching`.
final class StoreAppDelegate: UIResponder, UIApplicationDelegate {
    let container = NSPersistentContainer(name: "Items", managedObjectModel: model)

    func application(_ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        let container = container
        container.loadPersistentStores { description, error in
            if let error { fail("\(error)") }
            let item = Item(context: container.viewContext)
            item.name = "in the container"
            item.generation = 0
            item.payload = ""
            do { try container.viewContext.save() } catch { fail("\(error)") }
            reply("store \(description.url?.path ?? "none")")
        }
        return true
    }
}

if CommandLine.arguments.dropFirst() == ["--as-app"] {
    // Top-level code runs on the main thread, where the engine's host belongs.
    MainActor.assumeIsolated { ApplicationHost(delegateType: StoreAppDelegate.self, configuration: .fromEnvironment()).launch() }
    exit(0)
}

guard CommandLine.arguments.count == 2 else { fail("usage: CoreDataSaveApp <store.sqlite> | --as-app") }
let container = NSPersistentContainer(name: "Items", managedObjectModel: model)
container.persistentStoreDescriptions = [NSPersistentStoreDescription(url: URL(fileURLWithPath: CommandLine.arguments[1]))]
container.loadPersistentStores { _, error in
    if let error { fail("\(error)") }
}
let context = container.viewContext

func items() -> [Item] {
    do { return try context.fetch(NSFetchRequest<Item>(entityName: "Item")) } catch { fail("\(error)") }
}

func save(generation: Int) {
    for item in items() {
        item.generation = generation
        item.payload = payload(generation)
    }
    let added = Item(context: context)
    added.name = "added-\(generation)"
    added.generation = generation
    added.payload = payload(generation)
    do { try context.save() } catch { fail("\(error)") }
}

if items().isEmpty {
    for index in 0..<itemCount {
        let item = Item(context: context)
        item.name = "item-\(index)"
        item.generation = 0
        item.payload = payload(0)
    }
    do { try context.save() } catch { fail("\(error)") }
}
reply("ready \(items().count)")

while let line = readLine() {
    let words = line.split(separator: " ").map(String.init)
    switch (words.first, words.count == 2 ? Int(words[1]) : nil) {
    case ("save", let generation?):
        save(generation: generation)
        reply("saved \(generation)")
    case ("hang", let generation?):
        let halfway = items().count / 2
        NSManagedObjectContext.afterWritingRow = { written in
            guard written == halfway else { return }
            reply("halfway")
            while true { pause() }
        }
        save(generation: generation)
        fail("the save finished, though it should have stopped half-way")
    case ("loop", nil):
        var generation = 1
        while true {
            save(generation: generation)
            reply("saved \(generation)")
            generation += 1
        }
    default:
        fail("unknown command \"\(line)\"")
    }
}
