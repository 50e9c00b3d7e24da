import BinaryPropertyList
import Foundation

/// The tries left that the restoration marker records (`kRestorationTriesLeft`), always within
/// `1...2`: counting one down can neither overflow nor skip past zero, whatever a file held.
package struct RestorationTries: Equatable, Sendable {
    /// The counts UIKit itself writes.
    package static let validCounts: ClosedRange<Int64> = 1...2
    /// What the marker holds before the first try.
    package static let initial = RestorationTries(validCounts.upperBound)!

    package let count: Int64

    /// `nil` for a count UIKit never writes.
    package init?(_ count: Int64) {
        guard Self.validCounts.contains(count) else { return nil }
        self.count = count
    }

    /// The tries left once this launch's attempt is counted; `nil` when it was the last.
    package var afterAnAttempt: RestorationTries? { RestorationTries(count - 1) }
}

/// What a launch finds where the restoration marker (`inprogress.data`) would be.
package enum RestorationMarkerReading: Equatable, Sendable {
    /// No marker: no earlier launch stopped while restoring.
    case absent
    /// A marker holding a count UIKit could have written.
    case triesLeft(RestorationTries)
    /// A marker that cannot be trusted (unreadable, mistyped or out of range). It counts as no
    /// tries left: a launch that believed it could crash on every try, forever.
    case unusable(reason: String)

    package static let triesLeftKey = "kRestorationTriesLeft"

    /// Reads the marker file's contents; `reason` says, in words, what was wrong.
    package init(contents: Data) {
        let key = Self.triesLeftKey
        let value: PropertyListValue
        do { value = try BinaryPropertyList.decode(contents) } catch {
            self = .unusable(reason: "the restoration marker is not a valid binary property list (\(error.reason))")
            return
        }
        guard case .dictionary(let fields) = value else {
            self = .unusable(reason: "the restoration marker is \(value.kindName), not a dictionary holding \(key)")
            return
        }
        guard let recorded = fields[key] else {
            self = .unusable(reason: "the restoration marker has no \(key)")
            return
        }
        guard case .integer(let count) = recorded else {
            self = .unusable(reason: "the restoration marker's \(key) is \(recorded.kindName), not an integer")
            return
        }
        guard let tries = RestorationTries(count) else {
            let range = RestorationTries.validCounts
            self = .unusable(reason: "the restoration marker's \(key) is \(count), outside \(range.lowerBound)...\(range.upperBound)")
            return
        }
        self = .triesLeft(tries)
    }
}
