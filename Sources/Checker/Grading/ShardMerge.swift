import Foundation

extension Shard {
    /// Reads `--shard 2/3`: the second of three parts, counted from 1.
    public static func parse(_ text: String) throws -> Shard {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
            throw CheckerError.shardSyntax(text)
        }
        guard count >= 1 else {
            throw CheckerError.shardCount(text)
        }
        guard (1...count).contains(index) else {
            throw CheckerError.shardPart(text, count: count)
        }
        return Shard(index: index, count: count)
    }

    /// Whether the student at `position` (from 0) in the class sorted by name is this shard's:
    /// students are dealt out in turn, so every shard gets a similar share of the class.
    public func contains(position: Int) -> Bool {
        position % count + 1 == index
    }

    /// This shard's students of a class sorted by name.
    func part<Student>(of sorted: [Student]) -> [Student] {
        sorted.enumerated().filter { contains(position: $0.offset) }.map(\.element)
    }
}

/// Puts the results of a class graded in shards (`--shard 1/3`, `2/3`, `3/3`, perhaps on
/// different machines) back together, into exactly what one run over the whole class gives.
/// Parts that do not belong together are refused rather than merged into a wrong grade book.
public enum ShardMerge {
    public static func merge(_ parts: [ClassResults]) throws -> ClassResults {
        guard let first = parts.first else {
            throw CheckerError.nothingToMerge
        }
        // One whole-class result merges into itself.
        if parts.count == 1, first.shard == nil {
            return first
        }
        for part in parts {
            guard part.exercise == first.exercise, part.title == first.title else {
                throw CheckerError.differentExercises(first.exercise, part.exercise)
            }
            guard part.criteria == first.criteria else {
                throw CheckerError.differentRubrics(exercise: first.exercise, first.criteria.map(\.name), part.criteria.map(\.name))
            }
        }
        for part in parts.dropFirst() where part.checks != first.checks {
            let name = { (part: ClassResults) in part.shard.map { "shard \($0.index)/\($0.count)" } ?? "the whole class's results" }
            let differences = CheckFingerprint.differences(first.checks, name(first), part.checks, name(part), criteria: first.criteria)
            throw CheckerError.differentChecks(exercise: first.exercise, first: name(first), other: name(part), differences: differences)
        }
        for part in parts.dropFirst() where part.allowed != first.allowed {
            throw CheckerError.differentPolicies(exercise: first.exercise, first: first.allowed?.map(\.rawValue), other: part.allowed?.map(\.rawValue))
        }
        let shards = try parts.map { part -> Shard in
            guard let shard = part.shard else {
                throw CheckerError.wholeClassWithShards
            }
            return shard
        }
        let count = shards[0].count
        guard shards.allSatisfy({ $0.count == count }) else {
            throw CheckerError.differentSplits(Set(shards.map(\.count)).sorted())
        }
        let indices = shards.map(\.index)
        let duplicates = Set(indices.filter { index in indices.filter { $0 == index }.count > 1 }).sorted()
        guard duplicates.isEmpty else {
            throw CheckerError.shardsGivenTwice(duplicates, count: count)
        }
        let missing = (1...count).filter { !indices.contains($0) }
        guard missing.isEmpty else {
            throw CheckerError.shardsMissing(missing, count: count)
        }
        var seen: [String: Int] = [:]
        for (part, shard) in zip(parts, shards) {
            for student in part.students {
                if let other = seen[student.student] {
                    throw CheckerError.studentInTwoShards(student: student.student, first: other, second: shard.index, count: count)
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
                throw CheckerError.studentInWrongShard(student: student.student, graded: graded, expected: expected, count: count)
            }
        }
        return merged
    }
}
