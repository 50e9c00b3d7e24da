import Captures
import Foundation
import Runner
import Scenarios

/// The scenarios that grade an exercise, grouped by criterion: the public ones (the reference
/// solution's tagged scenarios, which students can read and run) and the hidden ones an
/// instructor keeps in a folder of their own (`--checks DIR`).
public struct CheckSet: Sendable {
    public struct Check: Sendable {
        public var scenario: Scenario
        public var hidden: Bool
        /// The criteria (by tag) this check counts for.
        public var tags: [String]
    }

    public let criteria: [Criterion]
    public let checks: [Check]
    /// The module name a submission's classes carry at run time: the exercise's app's, as the
    /// starter and the solution have it (`AppModuleName`), so a student's archive and log name
    /// classes as the chapter's do.
    public var moduleName: String?

    public init(criteria: [Criterion], checks: [Check]) throws {
        self.criteria = criteria
        self.checks = checks
        for criterion in criteria where !checks.contains(where: { $0.tags.contains(criterion.tag) }) {
            throw CheckerError.criterionWithoutCheck(name: criterion.name, tag: criterion.tag)
        }
    }

    /// The checks for one criterion, public first.
    public func checks(for criterion: Criterion) -> [Check] {
        checks.filter { $0.tags.contains(criterion.tag) }.sorted { !$0.hidden && $1.hidden }
    }

    /// Loads the public checks from the solution's scenarios and the hidden ones from `hiddenFolder`.
    /// A scenario whose tags name no criterion is left out when public (it is there to teach), and
    /// refused when hidden (an instructor wrote it to grade something).
    public static func load(exercise: Exercise, criteria: [Criterion], solution: ChapterCatalog.App, hiddenFolder: URL?) throws -> CheckSet {
        let tags = Set(criteria.map(\.tag))
        var checks: [Check] = []
        for url in solution.scenarios {
            let scenario = try parse(url)
            let graded = scenario.metadata.tags.filter(tags.contains)
            guard !graded.isEmpty else { continue }
            checks.append(Check(scenario: scenario, hidden: scenario.metadata.isHidden, tags: graded))
        }
        if let hiddenFolder {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: hiddenFolder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw CheckerError.notAChecksFolder(hiddenFolder)
            }
            let files = try FileManager.default.contentsOfDirectory(atPath: hiddenFolder.path).filter { $0.hasSuffix(".scenario") }.sorted()
            guard !files.isEmpty else { throw CheckerError.noChecks(hiddenFolder) }
            for name in files {
                let url = hiddenFolder.appendingPathComponent(name)
                let scenario = try parse(url)
                let unknown = scenario.metadata.tags.filter { !tags.contains($0) }
                guard unknown.isEmpty, !scenario.metadata.tags.isEmpty else {
                    throw CheckerError.untaggedHiddenCheck(file: url, tags: tags.sorted(), unknown: unknown)
                }
                checks.append(Check(scenario: scenario, hidden: true, tags: scenario.metadata.tags))
            }
        }
        var set = try CheckSet(criteria: criteria, checks: checks)
        set.moduleName = solution.moduleName
        return set
    }

    private static func parse(_ url: URL) throws -> Scenario {
        do {
            return try ScenarioParser.parse(contentsOf: url)
        } catch {
            throw CheckerError.scenario(error)
        }
    }
}
