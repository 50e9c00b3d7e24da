/// Why state did not come back, as the engine saw it happen: a mistake it can name, with the
/// object concerned and a sentence for a person. Each names the restoration identifier path of
/// that object, or its class when it has no path, so that what the user lost can point at it.
public struct RestorationCause: Codable, Equatable, Hashable, Sendable, CustomStringConvertible {
    public enum Kind: String, Codable, Sendable {
        /// The delegate did not opt in to saving: nothing was written at Home.
        case notOptedInToSaving
        /// The delegate did not opt in to restoring: the archive was left unused.
        case notOptedInToRestoring
        /// A controller without an identifier, or below one: it and its subtree were not saved.
        case noRestorationIdentifier
        /// None of the four ways gave back a controller for a saved path.
        case notRecreated
        /// A restoration class was asked and answered `nil`.
        case restorationClassReturnedNil
        /// `decodeRestorableState` read a key under which nothing was saved.
        case keyNeverEncoded
        /// An override of `encodeRestorableState` or `decodeRestorableState` that never reached UIKit's.
        case superNotCalled
        /// A root controller recreated by restoration that nobody put into the window.
        case rootNotInWindow
    }

    public var kind: Kind
    /// The restoration identifier path of the object concerned, when it has one.
    public var path: String?
    /// The class of the object concerned (without its module).
    public var className: String?
    /// What happened, for a person.
    public var sentence: String

    public init(_ kind: Kind, path: String? = nil, className: String? = nil, sentence: String) {
        self.kind = kind
        self.path = path
        self.className = className
        self.sentence = sentence
    }

    public var description: String { sentence }
}
