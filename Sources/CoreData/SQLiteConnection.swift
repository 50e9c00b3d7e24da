import CSQLite
import Foundation

/// One open SQLite database: the store's file. A thin layer over SQLite's C API that turns every
/// failure into a `CoreDataError` naming the file and SQLite's own reason.
final class SQLiteConnection {
    let url: URL
    private var handle: OpaquePointer?
    private var statements: [String: SQLiteStatement] = [:]

    /// Opens (creating if needed) the database at `url`.
    init(url: URL) throws {
        self.url = url
        var opened: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX
        let status = sqlite3_open_v2(url.path, &opened, flags, nil)
        guard status == SQLITE_OK, let opened else {
            let reason = opened.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(status))
            sqlite3_close_v2(opened)
            throw CoreDataError(.storeOpen, "Could not open the store at \(url.path): \(reason)")
        }
        handle = opened
        // A busy store (another process saving) is waited for briefly rather than failing at once.
        sqlite3_busy_timeout(opened, 5_000)
    }

    deinit {
        statements.values.forEach { $0.finalize() }
        sqlite3_close_v2(handle)
    }

    /// Runs SQL that returns no rows (schema, pragmas, transactions).
    func execute(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        let status = sqlite3_exec(handle, sql, nil, nil, &message)
        guard status == SQLITE_OK else {
            let reason = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(status))
            sqlite3_free(message)
            throw error(reason, doing: sql)
        }
    }

    /// A prepared statement for `sql`, kept and reused: a save runs the same few statements many times.
    func statement(_ sql: String) throws -> SQLiteStatement {
        if let cached = statements[sql] {
            cached.reset()
            return cached
        }
        var prepared: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &prepared, nil) == SQLITE_OK, let prepared else {
            throw error(lastMessage, doing: sql)
        }
        let statement = SQLiteStatement(handle: prepared, connection: self, sql: sql)
        statements[sql] = statement
        return statement
    }

    /// The rows `sql` returns, each read by `row`.
    func query<Row>(_ sql: String, _ bindings: [SQLiteValue] = [], row: (SQLiteStatement) throws -> Row) throws -> [Row] {
        let statement = try statement(sql)
        defer { statement.reset() }
        try statement.bind(bindings)
        var rows: [Row] = []
        while try statement.step() {
            rows.append(try row(statement))
        }
        return rows
    }

    /// Runs `sql` once with `bindings`, for statements that return no rows.
    func run(_ sql: String, _ bindings: [SQLiteValue] = []) throws {
        let statement = try statement(sql)
        defer { statement.reset() }
        try statement.bind(bindings)
        while try statement.step() {}
    }

    /// Runs `body` in one transaction: everything it wrote is committed together, or, if it
    /// throws, nothing is. `BEGIN IMMEDIATE` takes the write lock first, so a second process
    /// saving at the same moment waits instead of failing half-way.
    func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    var lastMessage: String { String(cString: sqlite3_errmsg(handle)) }

    func error(_ reason: String, doing sql: String) -> CoreDataError {
        let code = sqlite3_errcode(handle)
        let kind: CoreDataError.Code = (code == SQLITE_NOTADB || code == SQLITE_CORRUPT || code == SQLITE_CANTOPEN || code == SQLITE_READONLY || code == SQLITE_PERM || code == SQLITE_IOERR) ? .storeOpen : .sqlite
        let verb = sql.split(separator: " ").first.map(String.init) ?? sql
        return CoreDataError(kind, "The store at \(url.path) failed (\(verb)): \(reason)")
    }
}

/// A value bound to or read from a statement.
enum SQLiteValue: Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
}

/// A prepared statement, owned by its connection.
final class SQLiteStatement {
    private let handle: OpaquePointer
    private unowned let connection: SQLiteConnection
    let sql: String

    init(handle: OpaquePointer, connection: SQLiteConnection, sql: String) {
        self.handle = handle
        self.connection = connection
        self.sql = sql
    }

    func finalize() { sqlite3_finalize(handle) }

    func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    func bind(_ values: [SQLiteValue]) throws {
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let status: Int32
            switch value {
            case .null: status = sqlite3_bind_null(handle, index)
            case .integer(let number): status = sqlite3_bind_int64(handle, index, number)
            case .real(let number): status = sqlite3_bind_double(handle, index, number)
            case .text(let text): status = sqlite3_bind_text(handle, index, text, -1, SQLiteStatement.transient)
            }
            guard status == SQLITE_OK else { throw connection.error(connection.lastMessage, doing: sql) }
        }
    }

    /// Advances to the next row: true while there is one.
    func step() throws -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw connection.error(connection.lastMessage, doing: sql)
        }
    }

    func value(at column: Int32) -> SQLiteValue {
        switch sqlite3_column_type(handle, column) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(handle, column))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(handle, column))
        case SQLITE_TEXT: return .text(String(cString: sqlite3_column_text(handle, column)))
        default: return .null
        }
    }

    func integer(at column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }

    func text(at column: Int32) -> String? {
        sqlite3_column_text(handle, column).map { String(cString: $0) }
    }

    /// SQLite copies the bound text at once (the Swift string's buffer does not outlive the call).
    static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}
