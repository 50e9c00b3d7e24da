import Foundation
import Runner

/// What a class is graded against: the rubric (the exercise's, or `--rubric FILE`) and the hidden
/// checks (`--checks DIR`). Read here, once, for a local run, a shard and the Gradescope
/// autograder alike, so that the same submission gets the same grade wherever it is graded.
public struct GradingDefinition: Sendable {
    public var exercise: Exercise
    public var criteria: [Criterion]
    /// The folder of hidden `.scenario` files, if any.
    public var hiddenChecks: URL?
    /// The rubric file, when it replaces the exercise's.
    public var rubricFile: URL?
    /// What submissions may contain: the exercise's `allow` lines and the rubric's.
    public var policy: SubmissionPolicy

    public init(exercise: Exercise, criteria: [Criterion]? = nil, hiddenChecks: URL? = nil, rubricFile: URL? = nil,
                allowed: Set<PolicyRule> = []) {
        self.exercise = exercise
        self.criteria = criteria ?? exercise.criteria
        self.hiddenChecks = hiddenChecks
        self.rubricFile = rubricFile
        self.policy = SubmissionPolicy(allowed: exercise.allowed.union(allowed))
    }

    /// Reads `--rubric` and `--checks` as given on a command line; errors name the file.
    public static func load(exercise: Exercise, rubric: String?, checks: String?) throws -> GradingDefinition {
        var criteria: [Criterion]? = nil
        var allowed: Set<PolicyRule> = []
        let rubricFile = rubric.map { URL(fileURLWithPath: $0) }
        if let rubricFile {
            guard let data = FileManager.default.contents(atPath: rubricFile.path) else {
                throw CheckerError.unreadableRubric(rubricFile)
            }
            (criteria, allowed) = try ExerciseFile.parseRubricFile(String(decoding: data, as: UTF8.self), file: rubricFile)
        }
        let hiddenChecks = checks.map { URL(fileURLWithPath: $0, isDirectory: true) }
        if let hiddenChecks {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: hiddenChecks.path, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw CheckerError.notAChecksFolder(hiddenChecks)
            }
        }
        return GradingDefinition(exercise: exercise, criteria: criteria, hiddenChecks: hiddenChecks, rubricFile: rubricFile, allowed: allowed)
    }

    /// Every check, public and hidden, read and matched to the rubric.
    public func checkSet(packageRoot: URL) throws -> CheckSet {
        let solution = try ExerciseCatalog(packageRoot: packageRoot).app(exercise.solution, of: exercise)
        return try CheckSet.load(exercise: exercise, criteria: criteria, solution: solution, hiddenFolder: hiddenChecks)
    }

    /// The hidden checks' files, sorted by name (empty without `--checks`).
    public var hiddenCheckFiles: [URL] {
        guard let hiddenChecks else { return [] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: hiddenChecks.path)) ?? []
        return names.filter { $0.hasSuffix(".scenario") }.sorted().map { hiddenChecks.appendingPathComponent($0) }
    }
}
