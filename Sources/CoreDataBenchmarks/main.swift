import ArgumentParser
import CoreData
import CSQLite
import Foundation

// The CoreData library's overhead over SQLite alone: the same records saved in one transaction and
// fetched back sorted, first through NSPersistentContainer and managed objects, then through
// SQLite's C API with one prepared statement, in the same run, on the same disk, with the same
// journal settings (WAL, synchronous FULL).
//
//   swift run -c release --scratch-path .build-bench --manifest-cache none CoreDataBenchmarks [--records 10000] [--repeat 5] [--json]

struct Options: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "CoreDataBenchmarks",
        abstract: "Saves and fetches records through CoreData and through SQLite's C API alone, in the same run.",
        discussion: "Prints the median of the runs for each way, and how many times slower CoreData is.")

    @Option(help: "How many records each run saves and fetches back.")
    var records = 10_000
    @Option(name: .customLong("repeat"), help: "How many runs of each way; the median is printed.")
    var repetitions = 5
    @Flag(help: "Print the figures as JSON.")
    var json = false

    func validate() throws {
        guard records > 0 else { throw ValidationError("--records takes a positive whole number") }
        guard repetitions > 0 else { throw ValidationError("--repeat takes a positive whole number") }
    }
}

struct BenchmarkError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The median of several timings, which a busy 2-core machine disturbs least.
struct Timings {
    var samples: [Double] = []
    var median: Double {
        let sorted = samples.sorted()
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    mutating func time<T>(_ body: () throws -> T) rethrows -> T {
        let start = DispatchTime.now().uptimeNanoseconds
        let result = try body()
        samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
        return result
    }
}

// MARK: The record, both ways

final class Record: NSManagedObject {
    @Managed("title") var title: String
    @Managed("rank") var rank: Int
    @Managed("score") var score: Double
    @Managed("done") var done: Bool
    @Managed("due") var due: Date?
}

let model = NSManagedObjectModel(entities: [
    NSEntityDescription(name: "Record", managedObjectClass: Record.self, properties: [
        NSAttributeDescription(name: "title", type: .stringAttributeType),
        NSAttributeDescription(name: "rank", type: .integer64AttributeType),
        NSAttributeDescription(name: "score", type: .doubleAttributeType),
        NSAttributeDescription(name: "done", type: .booleanAttributeType),
        NSAttributeDescription(name: "due", type: .dateAttributeType, isOptional: true),
    ]),
])

/// What a fetch read, summed, so both ways can be checked to have read the same thing.
struct Checksum: Equatable {
    var count = 0
    var titleBytes = 0
    var ranks = 0
    var done = 0
    var dues = 0.0

    mutating func add(title: String, rank: Int, done: Bool, due: Date?) {
        count += 1
        titleBytes += title.utf8.count
        ranks = ranks &+ rank &* count
        self.done += done ? 1 : 0
        dues += due?.timeIntervalSinceReferenceDate ?? 0
    }
}

let base = Date(timeIntervalSinceReferenceDate: 800_000_000)
/// Records are saved in a shuffled rank order, so the sorted fetch does real work.
func rank(of index: Int, count: Int) -> Int { (index &* 7_919) % count }

func throughLibrary(_ folder: URL, records: Int, save: inout Timings, fetch: inout Timings) throws -> Checksum {
    func open() throws -> NSPersistentContainer {
        let container = NSPersistentContainer(name: "Library", managedObjectModel: model)
        container.persistentStoreDescriptions = [NSPersistentStoreDescription(url: folder.appendingPathComponent("Library.sqlite"))]
        var failure: Error?
        container.loadPersistentStores { failure = $1 }
        if let failure { throw failure }
        return container
    }
    let writer = try open().viewContext
    try save.time {
        for index in 0..<records {
            let record = Record(context: writer)
            record.title = "Record \(index)"
            record.rank = rank(of: index, count: records)
            record.score = Double(index) / 4
            record.done = index % 3 == 0
            record.due = index % 2 == 0 ? base.addingTimeInterval(Double(index)) : nil
        }
        try writer.save()
    }
    let reader = try open().viewContext // a relaunch: nothing is in memory
    return try fetch.time {
        let request = NSFetchRequest<Record>(entityName: "Record")
        request.sortDescriptors = [NSSortDescriptor(key: "rank", ascending: true)]
        var checksum = Checksum()
        for record in try reader.fetch(request) {
            checksum.add(title: record.title, rank: record.rank, done: record.done, due: record.due)
        }
        return checksum
    }
}

func throughSQLite(_ folder: URL, records: Int, save: inout Timings, fetch: inout Timings) throws -> Checksum {
    let path = folder.appendingPathComponent("Plain.sqlite").path
    func open() throws -> OpaquePointer {
        var database: OpaquePointer?
        guard sqlite3_open_v2(path, &database, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK, let database else {
            throw BenchmarkError("could not open \(path)")
        }
        try run(database, "PRAGMA journal_mode = WAL")
        try run(database, "PRAGMA synchronous = FULL")
        return database
    }
    func run(_ database: OpaquePointer, _ sql: String) throws {
        guard sqlite3_exec(database, sql, nil, nil, nil) == SQLITE_OK else {
            throw BenchmarkError("\(sql): \(String(cString: sqlite3_errmsg(database)))")
        }
    }
    let writer = try open()
    defer { sqlite3_close(writer) }
    try run(writer, "CREATE TABLE ZRECORD (Z_PK INTEGER PRIMARY KEY, ZTITLE TEXT, ZRANK INTEGER, ZSCORE REAL, ZDONE INTEGER, ZDUE TIMESTAMP)")
    let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
    try save.time {
        try run(writer, "BEGIN IMMEDIATE")
        var insert: OpaquePointer?
        sqlite3_prepare_v2(writer, "INSERT INTO ZRECORD (Z_PK, ZTITLE, ZRANK, ZSCORE, ZDONE, ZDUE) VALUES (?, ?, ?, ?, ?, ?)", -1, &insert, nil)
        defer { sqlite3_finalize(insert) }
        for index in 0..<records {
            sqlite3_reset(insert)
            sqlite3_bind_int64(insert, 1, Int64(index + 1))
            sqlite3_bind_text(insert, 2, "Record \(index)", -1, transient)
            sqlite3_bind_int64(insert, 3, Int64(rank(of: index, count: records)))
            sqlite3_bind_double(insert, 4, Double(index) / 4)
            sqlite3_bind_int64(insert, 5, index % 3 == 0 ? 1 : 0)
            if index % 2 == 0 {
                sqlite3_bind_double(insert, 6, base.addingTimeInterval(Double(index)).timeIntervalSinceReferenceDate)
            } else {
                sqlite3_bind_null(insert, 6)
            }
            guard sqlite3_step(insert) == SQLITE_DONE else { throw BenchmarkError("insert: \(String(cString: sqlite3_errmsg(writer)))") }
        }
        try run(writer, "COMMIT")
    }
    let reader = try open()
    defer { sqlite3_close(reader) }
    return try fetch.time {
        var select: OpaquePointer?
        sqlite3_prepare_v2(reader, "SELECT Z_PK, ZTITLE, ZRANK, ZSCORE, ZDONE, ZDUE FROM ZRECORD ORDER BY ZRANK ASC, Z_PK ASC", -1, &select, nil)
        defer { sqlite3_finalize(select) }
        // The same Swift values the library hands out, kept in an array as a fetch keeps its objects.
        struct Row { var title: String; var rank: Int; var score: Double; var done: Bool; var due: Date? }
        var rows: [Row] = []
        while true {
            let status = sqlite3_step(select)
            if status == SQLITE_DONE { break }
            guard status == SQLITE_ROW else { throw BenchmarkError("select: \(String(cString: sqlite3_errmsg(reader)))") }
            rows.append(Row(title: String(cString: sqlite3_column_text(select, 1)),
                            rank: Int(sqlite3_column_int64(select, 2)),
                            score: sqlite3_column_double(select, 3),
                            done: sqlite3_column_int64(select, 4) != 0,
                            due: sqlite3_column_type(select, 5) == SQLITE_NULL ? nil : Date(timeIntervalSinceReferenceDate: sqlite3_column_double(select, 5))))
        }
        var checksum = Checksum()
        for row in rows {
            checksum.add(title: row.title, rank: row.rank, done: row.done, due: row.due)
        }
        return checksum
    }
}

do {
    let options = Options.parseOrExit()
    var librarySave = Timings(), libraryFetch = Timings(), plainSave = Timings(), plainFetch = Timings()
    for run in 0..<options.repetitions {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("coredata-benchmark-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Alternate which goes first, so neither always meets a warm or a cold disk cache.
        let library: Checksum, plain: Checksum
        if run % 2 == 0 {
            library = try throughLibrary(folder, records: options.records, save: &librarySave, fetch: &libraryFetch)
            plain = try throughSQLite(folder, records: options.records, save: &plainSave, fetch: &plainFetch)
        } else {
            plain = try throughSQLite(folder, records: options.records, save: &plainSave, fetch: &plainFetch)
            library = try throughLibrary(folder, records: options.records, save: &librarySave, fetch: &libraryFetch)
        }
        guard library == plain, library.count == options.records else {
            throw BenchmarkError("the two ways read different records: \(library) against \(plain)")
        }
    }

    struct Row: Codable { var operation: String; var libraryMilliseconds: Double; var sqliteMilliseconds: Double; var overhead: Double }
    let rows = [
        Row(operation: "save \(options.records) records (insert + save, one transaction)", libraryMilliseconds: librarySave.median, sqliteMilliseconds: plainSave.median, overhead: librarySave.median / plainSave.median),
        Row(operation: "fetch \(options.records) records sorted, read every attribute", libraryMilliseconds: libraryFetch.median, sqliteMilliseconds: plainFetch.median, overhead: libraryFetch.median / plainFetch.median),
    ]
    if options.json {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        print(String(decoding: try encoder.encode(rows), as: UTF8.self))
    } else {
        print("median of \(options.repetitions) runs each; WAL, synchronous FULL, a fresh store per run\n")
        print("operation".padding(toLength: 62, withPad: " ", startingAt: 0) + "CoreData    SQLite C API  overhead")
        for row in rows {
            print(row.operation.padding(toLength: 62, withPad: " ", startingAt: 0)
                + String(format: "%.1f ms", row.libraryMilliseconds).padding(toLength: 12, withPad: " ", startingAt: 0)
                + String(format: "%.1f ms", row.sqliteMilliseconds).padding(toLength: 14, withPad: " ", startingAt: 0)
                + String(format: "%.1fx", row.overhead))
        }
    }
} catch {
    FileHandle.standardError.write(Data("CoreDataBenchmarks: \(error)\n".utf8))
    exit(1)
}
