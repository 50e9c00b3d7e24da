import Foundation

extension Shard {
    /// Reads `--shard 2/3`: the second of three parts, counted from 1.
    public static func parse(_ text: String) throws -> Shard {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
            throw CheckerError("--shard expects INDEX/COUNT, like 2/3 for the second of three parts; got \"\(text)\"")
        }
        guard count >= 1 else {
            throw CheckerError("--shard \(text): the number of parts must be at least 1")
        }
        guard (1...count).contains(index) else {
            throw CheckerError("--shard \(text): the part must be between 1 and \(count), counted from 1")
        }
        return Shard(index: index, count: count)
    }

    /// Whether the student at `position` (from 0) in the class sorted by name is this shard's:
    /// students are dealt out in turn, so every shard gets a similar share of the class.
    public func contains(position: Int) -> Bool {
        position % count + 1 == index
    }
}

/// Puts the results of a class graded in shards (`--shard 1/3`, `2/3`, `3/3`, perhaps on
/// different machines) back together, into exactly what one run over the whole class gives.
/// Parts that do not belong together are refused rather than merged into a wrong grade book.
public enum ShardMerge {
    public static func merge(_ parts: [ClassResults]) throws -> ClassResults {
        guard let first = parts.first else {
            throw CheckerError("no results to merge")
        }
        // One whole-class result merges into itself.
        if parts.count == 1, first.shard == nil {
            return first
        }
        for part in parts {
            guard part.exercise == first.exercise, part.title == first.title else {
                throw CheckerError("cannot merge results of different exercises: \(first.exercise) and \(part.exercise)")
            }
            guard part.criteria == first.criteria else {
                let names = { (criteria: [Criterion]) in criteria.map(\.name).joined(separator: ", ") }
                throw CheckerError("cannot merge results graded against different rubrics for \(first.exercise): "
                    + "[\(names(first.criteria))] and [\(names(part.criteria))]; were the shards run with the same workbook?")
            }
        }
        for part in parts.dropFirst() where part.checks != first.checks {
            let name = { (part: ClassResults) in part.shard.map { "shard \($0.index)/\($0.count)" } ?? "the whole class's results" }
            let differences = CheckFingerprint.differences(first.checks, name(first), part.checks, name(part), criteria: first.criteria)
            throw CheckerError("cannot merge results graded with different checks for \(first.exercise): "
                + (differences.isEmpty ? "\(name(first)) and \(name(part)) differ" : differences.joined(separator: "; "))
                + ". Grade every shard with the same --checks and --rubric.")
        }
        for part in parts.dropFirst() where part.allowed != first.allowed {
            let rules = { (part: ClassResults) in part.allowed.map { $0.map(\.rawValue).joined(separator: ", ") } ?? "none" }
            throw CheckerError("cannot merge results graded under different submission policies for \(first.exercise): "
                + "one part allowed \(rules(first)), another \(rules(part)). Grade every shard with the same workbook and --rubric.")
        }
        let shards = try parts.map { part -> Shard in
            guard let shard = part.shard else {
                throw CheckerError("cannot merge a whole class's results with shards; merge only the results of --shard runs")
            }
            return shard
        }
        let count = shards[0].count
        guard shards.allSatisfy({ $0.count == count }) else {
            let counts = Set(shards.map(\.count)).sorted().map(String.init).joined(separator: ", ")
            throw CheckerError("cannot merge shards of different splits: the parts were made with \(counts) shards")
        }
        let indices = shards.map(\.index)
        let duplicates = Set(indices.filter { index in indices.filter { $0 == index }.count > 1 }).sorted()
        guard duplicates.isEmpty else {
            throw CheckerError("shard \(duplicates.map { "\($0)/\(count)" }.joined(separator: ", ")) is given more than once")
        }
        let missing = (1...count).filter { !indices.contains($0) }
        guard missing.isEmpty else {
            throw CheckerError("shard \(missing.map { "\($0)/\(count)" }.joined(separator: ", ")) is missing: all \(count) parts are needed")
        }
        var seen: [String: Int] = [:]
        for (part, shard) in zip(parts, shards) {
            for student in part.students {
                if let other = seen[student.student] {
                    throw CheckerError("\(student.student) is in both shard \(other)/\(count) and shard \(shard.index)/\(count); "
                        + "were the shards run on the same class?")
                }
                seen[student.student] = shard.index
            }
        }
        let merged = ClassResults(exercise: first.exercise, title: first.title, criteria: first.criteria,
                                  students: parts.flatMap(\.students), shard: nil, checks: first.checks,
                                  allowed: Set(first.allowed ?? []))
        // Each student must sit where their shard put them: a shard run on a different set of
        // submissions (a student added, one missing) deals the class out differently.
        for (position, student) in merged.students.enumerated() {
            let expected = position % count + 1
            if let graded = seen[student.student], graded != expected {
                throw CheckerError("\(student.student) was graded in shard \(graded)/\(count) but belongs in shard \(expected)/\(count) "
                    + "of the merged class; were all the shards run on the same submissions?")
            }
        }
        return merged
    }
}
