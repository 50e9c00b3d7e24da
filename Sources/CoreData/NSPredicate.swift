import Foundation

/// A condition on an entity's attributes, written in the format language of Foundation's
/// `NSPredicate` and parsed at once, strictly. The supported part of that language:
///
/// - comparisons `key == value`, `=`, `!=`, `<>`, `<`, `<=`, `>`, `>=`, and on strings
///   `BEGINSWITH`, `CONTAINS`, `ENDSWITH` (case-sensitive: no `[c]` or `[d]` options);
/// - `AND` / `&&`, `OR` / `||`, `NOT` / `!`, and parentheses;
/// - keys as names or `%K`; values as `%@` (String, Int, Double, Bool, Date or nil), `%d` / `%i`
///   / `%ld` (integers), `%f` / `%lf` (numbers), or literals: 'text', "text", numbers,
///   `TRUE`/`YES`, `FALSE`/`NO`, `nil`/`NULL`.
///
/// Anything else (key paths, aggregates, `IN`, `LIKE`, `MATCHES`, `SUBQUERY`, blocks) is refused
/// with an error naming the character where the trouble starts. Apple's `NSPredicate(format:)`
/// raises an exception for a malformed format, which crashes the app; this one keeps the error,
/// `formatError`, and every fetch that uses the predicate throws it.
public final class NSPredicate: CustomStringConvertible {
    public let predicateFormat: String
    let parsed: Result<PredicateNode, CoreDataError>

    public convenience init(format: String, _ arguments: Any?...) {
        self.init(format: format, argumentArray: arguments)
    }

    public init(format: String, argumentArray arguments: [Any?]) {
        predicateFormat = format
        parsed = Result {
            var parser = try PredicateParser(format: format, arguments: arguments)
            return try parser.parse()
        }
            .mapError { $0 as? CoreDataError ?? CoreDataError(.invalidPredicate, "\($0)") }
    }

    /// Why the format could not be parsed, or nil when it could.
    public var formatError: CoreDataError? {
        if case .failure(let error) = parsed { return error }
        return nil
    }

    public var description: String { predicateFormat }

    /// Whether `object` satisfies the predicate, with its current (unsaved) values. Throws for a
    /// malformed format or a key the object's entity lacks.
    public func evaluate(with object: NSManagedObject) throws -> Bool {
        object.fireFaultIfNeeded()
        return try compiled(for: object.entity).evaluate(object.values)
    }

    func compiled(for entity: NSEntityDescription) throws -> CompiledPredicate {
        try CompiledPredicate(try parsed.get(), entity: entity, format: predicateFormat)
    }
}

/// Orders fetched objects by one attribute. Strings compare by their bytes (as SQLite's BINARY
/// collation does, so "Zebra" comes before "apple"); nil comes first in ascending order.
public final class NSSortDescriptor: CustomStringConvertible {
    public let key: String?
    public let ascending: Bool

    public init(key: String?, ascending: Bool) {
        self.key = key
        self.ascending = ascending
    }

    public var description: String { "(\(key ?? "nil"), \(ascending ? "ascending" : "descending"))" }
}

/// What to fetch: objects of one entity, filtered, ordered and limited.
public final class NSFetchRequest<ResultType: NSFetchRequestResult> {
    public let entityName: String
    public var predicate: NSPredicate?
    public var sortDescriptors: [NSSortDescriptor]?
    /// At most this many objects; 0 means no limit.
    public var fetchLimit = 0

    public init(entityName: String) {
        self.entityName = entityName
    }
}
