@testable import Checker
import Foundation
import TestSupport

/// A chapter's exercise graded on its fixture class (`Tests/Fixtures/<Name>Submissions`, one
/// whole student app a folder) with the hidden checks beside it (`<Name>HiddenChecks`), once per
/// test run, in the cache of `GradedClass`: every exercise's class there is built against one
/// engine, compiled once.
struct ExerciseClass {
    let exercise: String
    let results: Result<ClassResults, Error>

    init(exercise: String, fixtures name: String, students: [String]) {
        self.exercise = exercise
        let root = GradedClass.packageRoot
        let submissions = root.appendingPathComponent("Tests/Fixtures/\(name)Submissions")
        let hiddenChecks = root.appendingPathComponent("Tests/Fixtures/\(name)HiddenChecks")
        results = Result {
            let grading = try GradingDefinition.load(exercise: try ExerciseCatalog(packageRoot: root).exercise(named: exercise),
                                                     rubric: nil, checks: hiddenChecks.path)
            let options = ClassGrader.Options(grading: grading, packageRoot: root, cacheFolder: GradedClass.cache)
            return try ClassGrader(options: options).grade(students.map { submissions.appendingPathComponent($0).path })
        }
    }

    func student(_ name: String) throws -> StudentResult {
        guard let student = try results.get().students.first(where: { $0.student == name }) else {
            throw TestFailure("no result for \(name) in the \(exercise) class")
        }
        return student
    }

    func criterion(_ tag: String, of name: String) throws -> CriterionResult {
        guard let result = try student(name).criteria.first(where: { $0.criterion.tag == tag }) else {
            throw TestFailure("no criterion \(tag)")
        }
        return result
    }
}
