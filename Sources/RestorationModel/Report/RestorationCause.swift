/// The workbook's own explanation of something the engine saw, never a line of UIKit's log: a
/// mistake it can name, with the object concerned and a sentence for a person. Each names the
/// restoration identifier path of that object, or its class when it has no path, so that what
/// the user lost can point at it.
///
/// Most kinds are causes: they explain why state did not come back, and a run keeps them as its
/// causes (what tools show as "Why"). The kinds marked *note* explain what the engine did without
/// being a reason for a loss; a run keeps them as its notes. A device prints none of these
/// sentences: what it prints is the debug log, and only that.
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
        /// The archive could not be used (unreadable, or earlier launches died restoring it): the
        /// app launched fresh, and the archive was deleted unless developer mode kept it.
        case restorationAbandoned
        /// Two objects had one restoration identifier path at Home; only the first was saved.
        case duplicatePath
        /// The object found for a saved path is not of the saved class: it was not asked to decode.
        case classMismatch
        /// A value that secure coding refuses was encoded; it was not saved.
        case valueNotEncodable
        /// Secure decoding refused a saved value app code read (a class not asked for, one that
        /// does not adopt `NSSecureCoding`, one the app no longer has): the coder raised, and the
        /// uncaught exception ended the app while it restored.
        case valueRefused
        /// App code encoded a value under a key UIKit reserves for itself; it was not saved.
        case reservedKey
        /// App code encoded a reference to an object that takes no part in restoration.
        case referenceNotSaved
        /// A saved object was not found for another reason than the four ways all answering no
        /// (its restoration class is gone, its window or view is not there, it was not registered).
        case notRestored
        /// A registered object was saved, but at the relaunch it was registered only once
        /// restoration had run: it was not found in time and got nothing back.
        case registeredAfterRestoration
        /// A tab bar's saved selection came back as a controller it does not hold (a second one
        /// made for the tab's path while the bar kept its own): the first tab stays selected.
        case selectedTabNotHeld
        /// The archive could not be written at Home.
        case archiveNotWritten
        /// A note: an object left out because its parent did not come back.
        case parentNotRestored
        /// A note: a call the engine ignored (outside the moment it counts, or unbalanced).
        case callIgnored
        /// A note: a presentation or containment the engine refused.
        case presentationRefused
        /// A note: a file of the launch (the container, the snapshot) could not be written.
        case fileNotWritten

        /// Whether this kind is a note (kept among a run's notes) rather than a cause of loss.
        public var isNote: Bool {
            switch self {
            case .parentNotRestored, .callIgnored, .presentationRefused, .fileNotWritten: true
            default: false
            }
        }
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
