import Foundation

/// Every failure of the library: what went wrong, in a sentence that names the file, the object
/// or the character at fault. Apple's Core Data reports these as `NSError`s in the Cocoa domain
/// (a few by raising an exception, which crashes the app); here they are all thrown, so a
/// mistake is reported, never a crash.
public struct CoreDataError: Error, CustomStringConvertible, LocalizedError, Equatable {
    public enum Code: String, Sendable {
        /// The store's file could not be created, opened or read as a database.
        case storeOpen
        /// The store was written by a model with different entities or attributes.
        case incompatibleModel
        /// An object ID that names no object in the store (never saved, deleted, or another store's).
        case objectNotFound
        /// A predicate's format that is not in the supported grammar, or that names an unknown key.
        case invalidPredicate
        /// A fetch request or sort descriptor that does not fit the model.
        case invalidFetchRequest
        /// A value whose type does not match its attribute, or a missing required value.
        case validation
        /// An object used with a context it does not belong to, or with no store loaded.
        case invalidContext
        /// SQLite itself reported a failure while reading or writing.
        case sqlite
    }

    public let code: Code
    public let description: String

    public init(_ code: Code, _ description: String) {
        self.code = code
        self.description = description
    }

    public var errorDescription: String? { description }
}
