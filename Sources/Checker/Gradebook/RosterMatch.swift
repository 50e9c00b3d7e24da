import Foundation

/// A graded class set against its roster: who each submission belongs to, the submissions the
/// roster does not name (never dropped: every report lists them, and only the gradebook files
/// leave them out, since a gradebook cannot import a student it cannot identify), and the
/// roster's students who submitted nothing.
public struct RosterMatch: Codable, Equatable, Sendable {
    public struct Matched: Codable, Equatable, Sendable {
        /// The submission's name in the results.
        public var student: String
        public var entry: RosterEntry
    }

    /// The roster file, as given.
    public var file: String
    /// Each graded student the roster names, in the results' order.
    public var matched: [Matched]
    /// Graded submissions the roster does not name, in the results' order.
    public var unmatched: [String]
    /// The roster's students no graded submission belongs to, in the roster's order.
    public var notSubmitted: [RosterEntry]

    public init(_ results: ClassResults, roster: Roster) {
        var byKey: [String: RosterEntry] = [:]
        for entry in roster.entries { byKey[RosterEntry.matchKey(entry.submission)] = entry }
        var matched: [Matched] = []
        var unmatched: [String] = []
        var found: Set<String> = []
        for student in results.students {
            let key = RosterEntry.matchKey(student.student)
            if let entry = byKey[key], !found.contains(key) {
                matched.append(Matched(student: student.student, entry: entry))
                found.insert(key)
            } else {
                unmatched.append(student.student)
            }
        }
        file = roster.file
        self.matched = matched
        self.unmatched = unmatched
        notSubmitted = roster.entries.filter { !found.contains(RosterEntry.matchKey($0.submission)) }
    }

    /// The lines a person reads under the class's results: who is not on the roster, and who did
    /// not submit. Empty when every submission matched and everyone submitted.
    public var summary: [String] {
        var lines: [String] = []
        if !unmatched.isEmpty {
            lines.append("Not on the roster \(file) (graded, but left out of the gradebook files): \(unmatched.joined(separator: ", "))")
        }
        if !notSubmitted.isEmpty {
            lines.append("On the roster without a submission: \(notSubmitted.map(Self.describe).joined(separator: ", "))")
        }
        return lines
    }

    /// `bob (Bob Marley)`.
    static func describe(_ entry: RosterEntry) -> String {
        entry.name.isEmpty ? entry.submission : "\(entry.submission) (\(entry.name))"
    }
}
