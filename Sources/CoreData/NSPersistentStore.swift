import Foundation

/// Core Data's name for the SQLite store type, the only one here.
public let NSSQLiteStoreType = "SQLite"
/// The metadata key of a store's UUID.
public let NSStoreUUIDKey = "NSStoreUUID"
/// The metadata key of a store's type.
public let NSStoreTypeKey = "NSStoreType"

/// One SQLite file holding a model's objects, laid out as Core Data lays out its own: a table
/// `Z<ENTITY>` per entity with a `Z_PK` primary key and a `Z<ATTRIBUTE>` column per attribute,
/// `Z_PRIMARYKEY` with the last key each entity handed out (keys are never reused, so a deleted
/// object's URI cannot come to name another object), and `Z_METADATA` with the store's UUID.
public final class NSPersistentStore {
    public let url: URL
    public let type = NSSQLiteStoreType
    /// The store's UUID, made when the file is created and kept in it: the host part of every
    /// permanent object URI.
    public let identifier: String
    let connection: SQLiteConnection
    let model: NSManagedObjectModel

    public var metadata: [String: Any] { [NSStoreUUIDKey: identifier, NSStoreTypeKey: type] }

    /// Opens the file at `url`, creating it and its tables on first use. Throws, naming the file,
    /// when it cannot be created or read, is not a database, or was made for another model.
    init(url: URL, model: NSManagedObjectModel) throws {
        try model.validate()
        let folder = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw CoreDataError(.storeOpen, "Could not create the folder of the store \(url.path): \((error as NSError).localizedDescription)")
        }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
            throw CoreDataError(.storeOpen, "Could not open the store at \(url.path): it is a folder, not a file.")
        }
        self.url = url
        self.model = model
        let connection = try SQLiteConnection(url: url)
        // WAL with full synchronisation: a committed save survives a kill and a power cut, and a
        // save cut short leaves the previous data (the journal replays or discards it at the next open).
        _ = try connection.query("PRAGMA journal_mode = WAL") { $0.text(at: 0) }
        try connection.execute("PRAGMA synchronous = FULL")
        identifier = try connection.transaction { try Self.prepareSchema(connection, model: model, url: url) }
        self.connection = connection
    }

    /// A text that changes whenever an entity or attribute does: stored in the file, and compared
    /// at each open, as Core Data compares its model's version hashes.
    static func fingerprint(of model: NSManagedObjectModel) -> String {
        model.entities.sorted { $0.name < $1.name }.map { entity in
            entity.name + "(" + entity.properties.sorted { $0.name < $1.name }.map { "\($0.name): \($0.attributeType.name)\($0.isOptional ? "?" : "")" }.joined(separator: ", ") + ")"
        }.joined(separator: " ")
    }

    /// Creates the tables of a new store, or checks an existing one; returns the store's UUID.
    private static func prepareSchema(_ connection: SQLiteConnection, model: NSManagedObjectModel, url: URL) throws -> String {
        let tables = Set(try connection.query("SELECT name FROM sqlite_master WHERE type = 'table'") { $0.text(at: 0) ?? "" })
        let fingerprint = fingerprint(of: model)
        if tables.contains("Z_METADATA") {
            let rows = try connection.query("SELECT Z_UUID, Z_MODEL FROM Z_METADATA WHERE Z_VERSION = 1") { ($0.text(at: 0), $0.text(at: 1)) }
            guard let (uuid, storedFingerprint) = rows.first, let uuid, let storedFingerprint else {
                throw CoreDataError(.storeOpen, "Could not open the store at \(url.path): its Z_METADATA table holds no store UUID; the file was not made by this library.")
            }
            guard storedFingerprint == fingerprint else {
                throw CoreDataError(.incompatibleModel, "The model used to open the store at \(url.path) is incompatible with the one that created it.\n  store: \(storedFingerprint)\n  model: \(fingerprint)")
            }
            return uuid
        }
        guard tables.isEmpty else {
            throw CoreDataError(.storeOpen, "Could not open the store at \(url.path): it is a SQLite database, but not a store (it has tables and no Z_METADATA).")
        }
        let uuid = IdentifierRandomness.uuid().uuidString
        try connection.execute("CREATE TABLE Z_METADATA (Z_VERSION INTEGER PRIMARY KEY, Z_UUID TEXT NOT NULL, Z_MODEL TEXT NOT NULL)")
        try connection.run("INSERT INTO Z_METADATA (Z_VERSION, Z_UUID, Z_MODEL) VALUES (1, ?, ?)", [.text(uuid), .text(fingerprint)])
        try connection.execute("CREATE TABLE Z_PRIMARYKEY (Z_NAME TEXT PRIMARY KEY, Z_MAX INTEGER NOT NULL)")
        for entity in model.entities {
            let columns = ["Z_PK INTEGER PRIMARY KEY"] + entity.properties.map { "\($0.columnName) \(columnType($0.attributeType))" }
            try connection.execute("CREATE TABLE \(entity.tableName) (\(columns.joined(separator: ", ")))")
            try connection.run("INSERT INTO Z_PRIMARYKEY (Z_NAME, Z_MAX) VALUES (?, 0)", [.text(entity.name)])
        }
        return uuid
    }

    private static func columnType(_ type: NSAttributeType) -> String {
        switch type {
        case .stringAttributeType: return "TEXT"
        case .integer64AttributeType, .booleanAttributeType: return "INTEGER"
        case .doubleAttributeType: return "REAL"
        case .dateAttributeType: return "TIMESTAMP"
        }
    }

    // MARK: Rows (each called inside a transaction, or as one statement)

    /// Hands out the next primary key of each entity, one per element; call inside a transaction.
    func reservePrimaryKeys(for entities: [NSEntityDescription]) throws -> [Int64] {
        var next: [String: Int64] = [:]
        var keys: [Int64] = []
        for entity in entities {
            if next[entity.name] == nil {
                next[entity.name] = try connection.query("SELECT Z_MAX FROM Z_PRIMARYKEY WHERE Z_NAME = ?", [.text(entity.name)]) { $0.integer(at: 0) }.first ?? 0
            }
            let key = next[entity.name]! + 1
            next[entity.name] = key
            keys.append(key)
        }
        for (name, last) in next {
            try connection.run("UPDATE Z_PRIMARYKEY SET Z_MAX = ? WHERE Z_NAME = ?", [.integer(last), .text(name)])
        }
        return keys
    }

    /// The INSERT and UPDATE of each entity, written once: a save of many objects runs them per row.
    private var insertSQL: [String: String] = [:]
    private var updateSQL: [String: String] = [:]

    func insertRow(of entity: NSEntityDescription, primaryKey: Int64, values: [String: AttributeValue]) throws {
        let sql = insertSQL[entity.name] ?? {
            let columns = ["Z_PK"] + entity.properties.map(\.columnName)
            let placeholders = Array(repeating: "?", count: columns.count).joined(separator: ", ")
            let sql = "INSERT INTO \(entity.tableName) (\(columns.joined(separator: ", "))) VALUES (\(placeholders))"
            insertSQL[entity.name] = sql
            return sql
        }()
        let bindings = [SQLiteValue.integer(primaryKey)] + entity.properties.map { values[$0.name]?.sqliteValue ?? .null }
        try connection.run(sql, bindings)
    }

    func updateRow(of entity: NSEntityDescription, primaryKey: Int64, values: [String: AttributeValue]) throws {
        guard !entity.properties.isEmpty else { return }
        let sql = updateSQL[entity.name] ?? {
            let assignments = entity.properties.map { "\($0.columnName) = ?" }.joined(separator: ", ")
            let sql = "UPDATE \(entity.tableName) SET \(assignments) WHERE Z_PK = ?"
            updateSQL[entity.name] = sql
            return sql
        }()
        let bindings = entity.properties.map { values[$0.name]?.sqliteValue ?? .null } + [.integer(primaryKey)]
        try connection.run(sql, bindings)
    }

    func deleteRow(of entity: NSEntityDescription, primaryKey: Int64) throws {
        try connection.run("DELETE FROM \(entity.tableName) WHERE Z_PK = ?", [.integer(primaryKey)])
    }

    /// The columns of a SELECT that reads whole objects: the key, then each attribute.
    static func selectColumns(of entity: NSEntityDescription) -> String {
        (["Z_PK"] + entity.properties.map(\.columnName)).joined(separator: ", ")
    }

    /// Reads the attribute values of the current row of a statement made with `selectColumns`.
    static func values(of entity: NSEntityDescription, from statement: SQLiteStatement) -> [String: AttributeValue] {
        var values = [String: AttributeValue](minimumCapacity: entity.properties.count)
        for (index, attribute) in entity.properties.enumerated() {
            if let value = AttributeValue(sqlite: statement.value(at: Int32(index + 1)), as: attribute.attributeType) {
                values[attribute.name] = value
            }
        }
        return values
    }

    func row(of entity: NSEntityDescription, primaryKey: Int64) throws -> [String: AttributeValue]? {
        try connection.query("SELECT \(Self.selectColumns(of: entity)) FROM \(entity.tableName) WHERE Z_PK = ?", [.integer(primaryKey)]) {
            Self.values(of: entity, from: $0)
        }.first
    }
}
