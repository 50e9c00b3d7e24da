import Foundation
import Scenarios
import WorkbookSupport

/// One check a class was graded with, as its results remember it: the criteria it counts for,
/// whether it is hidden, and a fingerprint of its steps (never the steps themselves). Two runs
/// with the same fingerprints graded against the same checks; shards that differ are not merged.
public struct CheckFingerprint: Codable, Equatable, Hashable, Sendable {
    /// The criteria (by tag) it counts for.
    public var tags: [String]
    public var hidden: Bool
    /// FNV-1a (64 bits, hexadecimal) of the scenario as `ScenarioPrinter` prints it, so that a
    /// comment or spacing changes nothing.
    public var fingerprint: String

    public init(tags: [String], hidden: Bool, fingerprint: String) {
        self.tags = tags
        self.hidden = hidden
        self.fingerprint = fingerprint
    }

    public init(_ check: CheckSet.Check) {
        self.init(tags: check.tags, hidden: check.hidden, fingerprint: Self.fingerprint(ScenarioPrinter.format(check.scenario)))
    }

    static func fingerprint(_ text: String) -> String {
        FNV1a.hexadecimal(of: text)
    }

    /// The class's checks in a stable order, whatever order they were read in.
    public static func all(_ checks: CheckSet) -> [CheckFingerprint] {
        checks.checks.map(CheckFingerprint.init).sorted { ($0.hidden ? 1 : 0, $0.fingerprint) < ($1.hidden ? 1 : 0, $1.fingerprint) }
    }

    /// How two runs' checks differ, per criterion, in words an instructor can act on:
    /// `Reminder date: shard 1/2 has 2 checks, 1 hidden; shard 2/2 has 1 check, none hidden`.
    static func differences(_ first: [CheckFingerprint], _ firstName: String, _ other: [CheckFingerprint], _ otherName: String,
                            criteria: [Criterion]) -> [String] {
        criteria.compactMap { criterion in
            let mine = first.filter { $0.tags.contains(criterion.tag) }
            let theirs = other.filter { $0.tags.contains(criterion.tag) }
            guard Set(mine) != Set(theirs) || mine.count != theirs.count else { return nil }
            func counted(_ checks: [CheckFingerprint]) -> String {
                let hidden = checks.filter(\.hidden).count
                return "\(checks.count) \(checks.count == 1 ? "check" : "checks"), \(hidden == 0 ? "none" : String(hidden)) hidden"
            }
            let (a, b) = (counted(mine), counted(theirs))
            if a != b {
                return "\(criterion.name): \(firstName) has \(a); \(otherName) has \(b)"
            }
            let kind = Set(mine.filter(\.hidden)) != Set(theirs.filter(\.hidden)) ? "hidden" : "public"
            return "\(criterion.name): the \(kind) checks' steps differ between \(firstName) and \(otherName)"
        }
    }
}
