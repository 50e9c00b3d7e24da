import Foundation
import Scenarios
import Testing
@testable import Checker

/// A class graded in shards, perhaps on several machines, merges into what one run gives; parts
/// that do not belong together are refused with a reason.
@Suite struct ShardMergeTests {
    /// The part of the class `--shard index/count` grades, as that run writes it.
    static func shard(_ index: Int, of count: Int, _ whole: ClassResults = ReportFixture.results) -> ClassResults {
        let shard = Shard(index: index, count: count)
        let students = whole.students.enumerated().filter { shard.contains(position: $0.offset) }.map(\.element)
        return ClassResults(exercise: whole.exercise, title: whole.title, criteria: whole.criteria, students: students, shard: shard)
    }

    static func error(_ body: () throws -> Any) -> String {
        do {
            _ = try body()
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    @Test func shardsGradedUnderDifferentPoliciesAreRefused() throws {
        var allowing = Self.shard(1, of: 2)
        allowing.allowed = [.systemCalls, .descriptors]
        let strict = Self.shard(2, of: 2)
        #expect(Self.error { try ShardMerge.merge([allowing, strict]) }
            == "cannot merge results graded under different submission policies for hypnonerd: one part allowed system-calls, descriptors, "
            + "another none. Grade every shard with the same workbook and --rubric.")
        var alsoAllowing = strict
        alsoAllowing.allowed = [.systemCalls, .descriptors]
        #expect(try ShardMerge.merge([allowing, alsoAllowing]).allowed == [.systemCalls, .descriptors])
    }

    @Test func shardsGradedWithDifferentChecksAreRefusedSayingWhichDiffer() {
        let visible = CheckFingerprint(tags: ["date-picker"], hidden: false, fingerprint: "00000000000000a1")
        let hidden = CheckFingerprint(tags: ["date-picker"], hidden: true, fingerprint: "00000000000000b2")
        var withChecks = Self.shard(1, of: 2)
        withChecks.checks = [visible, hidden]
        var withoutChecks = Self.shard(2, of: 2)
        withoutChecks.checks = [visible]
        // One shard graded without --checks: refused, never merged into a grade book.
        #expect(Self.error { try ShardMerge.merge([withChecks, withoutChecks]) }
            == "cannot merge results graded with different checks for hypnonerd: Date picker: shard 1/2 has 2 checks, 1 hidden; "
            + "shard 2/2 has 1 check, none hidden. Grade every shard with the same --checks and --rubric.")
        // The same number of hidden checks, but other steps.
        var otherHidden = withoutChecks
        otherHidden.checks = [visible, CheckFingerprint(tags: ["date-picker"], hidden: true, fingerprint: "00000000000000c3")]
        #expect(Self.error { try ShardMerge.merge([withChecks, otherHidden]) }.contains(
            "Date picker: the hidden checks' steps differ between shard 1/2 and shard 2/2"))
        var same = withoutChecks
        same.checks = withChecks.checks
        #expect((try? ShardMerge.merge([withChecks, same]))?.checks == withChecks.checks)
    }

    @Test("A check's fingerprint is what earlier builds of the workbook wrote: shards graded before an upgrade still merge")
    func checkFingerprintsAreStableAcrossBuilds() throws {
        let file = GradedClass.packageRoot.appendingPathComponent("Tests/Fixtures/HiddenChecks/secret-two-kills.scenario")
        let check = CheckSet.Check(scenario: try ScenarioParser.parse(contentsOf: file), hidden: true, tags: ["date-picker"])
        #expect(CheckFingerprint(check).fingerprint == "b256b5df891ce904")
    }

    @Test func parsesShardsCountedFromOne() throws {
        #expect(try Shard.parse("2/3") == Shard(index: 2, count: 3))
        #expect(try Shard.parse(" 1/1 ") == Shard(index: 1, count: 1))
        #expect(Self.error { try Shard.parse("0/3") } == "--shard 0/3: the part must be between 1 and 3, counted from 1")
        #expect(Self.error { try Shard.parse("4/3") } == "--shard 4/3: the part must be between 1 and 3, counted from 1")
        #expect(Self.error { try Shard.parse("1/0") } == "--shard 1/0: the number of parts must be at least 1")
        for bad in ["2", "2/", "/3", "a/b", "1/2/3", "2-3", ""] {
            #expect(Self.error { try Shard.parse(bad) } == "--shard expects INDEX/COUNT, like 2/3 for the second of three parts; got \"\(bad)\"")
        }
    }

    @Test func everyStudentIsInExactlyOneShard() {
        let shards = (1...3).map { Shard(index: $0, count: 3) }
        for position in 0..<10 {
            #expect(shards.filter { $0.contains(position: position) }.map(\.index) == [position % 3 + 1])
        }
        #expect((0..<5).allSatisfy { Shard(index: 1, count: 1).contains(position: $0) })
    }

    @Test func threeShardsMergeIntoTheWholeClass() throws {
        let whole = ReportFixture.results
        let parts = [Self.shard(3, of: 3), Self.shard(1, of: 3), Self.shard(2, of: 3)]
        #expect(parts.map(\.students.count) == [2, 2, 2])
        #expect(try ShardMerge.merge(parts) == whole)
        // As it happens for real: each shard written as JSON on its machine, read back and merged.
        let read = try parts.enumerated().map { try ClassJSON.decode(ClassJSON.encode($0.element), file: "shard-\($0.offset).json") }
        let merged = try ShardMerge.merge(read)
        #expect(merged.shard == nil)
        #expect(try ClassJSON.encode(merged) == ClassJSON.encode(whole))
        #expect(CSVReport.render(merged) == CSVReport.render(whole))
    }

    @Test func aWholeClassMergesIntoItself() throws {
        #expect(try ShardMerge.merge([ReportFixture.results]) == ReportFixture.results)
    }

    @Test func aRefusedMergeSaysWhichShardsAsValues() {
        let one = Self.shard(1, of: 3), two = Self.shard(2, of: 3), three = Self.shard(3, of: 3)
        #expect(throws: CheckerError.shardsMissing([2], count: 3)) { try ShardMerge.merge([one, three]) }
        #expect(throws: CheckerError.shardsGivenTwice([2], count: 3)) { try ShardMerge.merge([one, two, two, three]) }
        #expect(throws: CheckerError.shardPart("4/3", count: 3)) { try Shard.parse("4/3") }
    }

    @Test func partsThatDoNotBelongTogetherAreRefused() {
        let one = Self.shard(1, of: 3), two = Self.shard(2, of: 3), three = Self.shard(3, of: 3)
        #expect(Self.error { try ShardMerge.merge([]) } == "no results to merge")
        #expect(Self.error { try ShardMerge.merge([one, three]) } == "shard 2/3 is missing: all 3 parts are needed")
        #expect(Self.error { try ShardMerge.merge([one, two, two, three]) } == "shard 2/3 is given more than once")
        var other = two
        other.exercise = "homepwner"
        #expect(Self.error { try ShardMerge.merge([one, other, three]) } == "cannot merge results of different exercises: hypnonerd and homepwner")
        var rubric = two
        rubric.criteria[0].points = 4
        #expect(Self.error { try ShardMerge.merge([one, rubric, three]) }.hasPrefix("cannot merge results graded against different rubrics"))
        var split = two
        split.shard = Shard(index: 2, count: 4)
        #expect(Self.error { try ShardMerge.merge([one, split, three]) } == "cannot merge shards of different splits: the parts were made with 3, 4 shards")
        var twice = two
        twice.students.append(one.students[0])
        #expect(Self.error { try ShardMerge.merge([one, twice, three]) }
            == "\(one.students[0].student) is in both shard 1/3 and shard 2/3; were the shards run on the same class?")
        // Shard 2 run after a submission was renamed: the class is dealt out differently.
        var renamed = two
        renamed.students = renamed.students.map { student in
            var student = student
            if student.student == "amir" { student.student = "0amir" }
            return student
        }
        #expect(Self.error { try ShardMerge.merge([one, renamed, three]) }
            == "<script>alert(1)</script> was graded in shard 2/3 but belongs in shard 3/3 of the merged class; "
            + "were all the shards run on the same submissions?")
        #expect(Self.error { try ShardMerge.merge([one, ReportFixture.results]) }
            == "cannot merge a whole class's results with shards; merge only the results of --shard runs")
    }
}
