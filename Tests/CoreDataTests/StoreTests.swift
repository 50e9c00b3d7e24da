import CoreData
import CSQLite
import Foundation
import Testing

/// Loading the store: where its file goes, and what is said when it cannot be loaded.
@Suite struct StoreTests {
    let folder = StoreFolder()

    @Test("An app under RestorationKit gets its store in its container, Library/Application Support/<name>.sqlite, even with its NSPersistentContainer made before the launch")
    func storeInTheAppContainer() throws {
        let container = folder.url.appendingPathComponent("Container", isDirectory: true)
        // Where Foundation's application support folder is before the launch points it into the container.
        let beforeLaunch = folder.url.appendingPathComponent("before-launch", isDirectory: true)
        let app = try SaveAppProcess(arguments: ["--as-app"], environment: [
            "WORKBOOK_CONTAINER": container.path,
            "WORKBOOK_BUNDLE_ID": "com.example.CoreDataSaveApp",
            "XDG_DATA_HOME": beforeLaunch.path,
        ])
        let expected = container.appendingPathComponent("Library/Application Support/Items.sqlite")
        #expect(try app.waitFor("store") == expected.path)
        app.killAndWait()
        #expect(FileManager.default.fileExists(atPath: expected.path))
        #expect(!FileManager.default.fileExists(atPath: beforeLaunch.appendingPathComponent("Items.sqlite").path), "the store went where the folder was before the launch")
        let relaunched = try folder.launch(at: expected, model: KillDuringSaveTests.model)
        #expect(try relaunched.viewContext.fetch(NSFetchRequest<KillDuringSaveTests.Item>(entityName: "Item")).map(\.name) == ["in the container"])
    }

    @Test("Loading creates the file and its folders, in WAL mode with full synchronisation")
    func createsTheFile() throws {
        let nested = folder.url.appendingPathComponent("Library/Application Support/Records.sqlite")
        _ = try folder.launch(at: nested)
        #expect(FileManager.default.fileExists(atPath: nested.path))
        var database: OpaquePointer?
        #expect(sqlite3_open_v2(nested.path, &database, SQLITE_OPEN_READONLY, nil) == SQLITE_OK)
        defer { sqlite3_close(database) }
        var statement: OpaquePointer?
        #expect(sqlite3_prepare_v2(database, "PRAGMA journal_mode", -1, &statement, nil) == SQLITE_OK)
        defer { sqlite3_finalize(statement) }
        #expect(sqlite3_step(statement) == SQLITE_ROW)
        #expect(String(cString: sqlite3_column_text(statement, 0)) == "wal")
    }

    @Test("A file that is not a database is refused, naming the file and SQLite's reason; the context then says no store is loaded")
    func notADatabase() throws {
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        try Data(repeating: 0x41, count: 4096).write(to: folder.storeURL)
        let container = NSPersistentContainer(name: "Records", managedObjectModel: recordModel())
        container.persistentStoreDescriptions = [NSPersistentStoreDescription(url: folder.storeURL)]
        var reported: [(NSPersistentStoreDescription, Error?)] = []
        container.loadPersistentStores { reported.append(($0, $1)) }
        #expect(reported.count == 1)
        let error = try #require(reported.first?.1 as? CoreDataError)
        #expect(error.code == .storeOpen)
        #expect(error.description.contains(folder.storeURL.path), "\(error)")
        #expect(error.description.contains("file is not a database"), "\(error)")
        let fetchError = try #require(throws: CoreDataError.self) { try container.viewContext.fetch(NSFetchRequest<Record>(entityName: "Record")) }
        #expect(fetchError.description.contains("no store loaded"), "\(fetchError)")
        #expect(try Data(contentsOf: folder.storeURL) == Data(repeating: 0x41, count: 4096), "the file was left as it was")
    }

    @Test("A folder where the file should be, or a file where its folder should be, is refused with the path")
    func unusablePaths() throws {
        try FileManager.default.createDirectory(at: folder.storeURL, withIntermediateDirectories: true)
        let folderError = try #require(folder.loadError(at: folder.storeURL))
        #expect(folderError.description == "Could not open the store at \(folder.storeURL.path): it is a folder, not a file.")

        let blocker = folder.url.appendingPathComponent("blocker")
        try Data("a file".utf8).write(to: blocker)
        let inside = blocker.appendingPathComponent("Records.sqlite")
        let parentError = try #require(folder.loadError(at: inside))
        #expect(parentError.code == .storeOpen)
        #expect(parentError.description.contains("Could not create the folder of the store \(inside.path)"), "\(parentError)")
    }

    @Test("A store made by another model is refused, showing both; a SQLite database that is no store is refused too")
    func incompatibleModel() throws {
        _ = try folder.launch()
        let other = NSManagedObjectModel(entities: [
            NSEntityDescription(name: "Record", properties: [NSAttributeDescription(name: "title", type: .stringAttributeType)]),
        ])
        let error = try #require(folder.loadError(at: folder.storeURL, model: other))
        #expect(error.code == .incompatibleModel)
        #expect(error.description.contains("store: Record(done: Bool, due: Date?, note: String?, rank: Int64, score: Double, title: String) Tag(label: String)"), "\(error)")
        #expect(error.description.contains("model: Record(title: String)"), "\(error)")

        let foreign = folder.url.appendingPathComponent("Foreign.sqlite")
        var database: OpaquePointer?
        sqlite3_open(foreign.path, &database)
        sqlite3_exec(database, "CREATE TABLE notes (text TEXT)", nil, nil, nil)
        sqlite3_close(database)
        let foreignError = try #require(folder.loadError(at: foreign))
        #expect(foreignError.description.contains("it is a SQLite database, but not a store"), "\(foreignError)")
    }

    @Test("A model with an unusable name or a default value of the wrong type is refused before any file is written")
    func badModel() throws {
        let model = NSManagedObjectModel(entities: [
            NSEntityDescription(name: "Record; DROP TABLE x", properties: []),
        ])
        let error = try #require(folder.loadError(at: folder.storeURL, model: model))
        #expect(error.description.contains("not a plain identifier"), "\(error)")
        #expect(!FileManager.default.fileExists(atPath: folder.storeURL.path))

        let wrongDefault = NSManagedObjectModel(entities: [
            NSEntityDescription(name: "Record", properties: [NSAttributeDescription(name: "rank", type: .integer64AttributeType, defaultValue: "one")]),
        ])
        let defaultError = try #require(folder.loadError(at: folder.storeURL, model: wrongDefault))
        #expect(defaultError.description == "The default value one of Record.rank is a String; the attribute holds Int64 values.")
        #expect(!FileManager.default.fileExists(atPath: folder.storeURL.path))
    }
}
