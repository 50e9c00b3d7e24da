@testable import Checker
import Foundation
import Testing

/// The checks the reference solution is graded with to prove them: the same checks, each named
/// after its file and none hidden (the instructor who wrote them may read why one fails), run as
/// the students' apps are run. FixtureClassTests grades the reference with unsound ones.
@Suite struct CheckSoundnessTests {
    @Test("Revealed checks are the same checks, named after their files, none hidden, under the students' module name")
    func revealedChecksRunAsTheStudentsDo() throws {
        let exercise = try GradedClass.exercise()
        let solution = try ExerciseCatalog(packageRoot: GradedClass.packageRoot).app(exercise.solution, of: exercise)
        let checks = try CheckSet.load(exercise: exercise, criteria: GradedClass.grading().criteria, solution: solution,
                                       hiddenFolder: GradedClass.hiddenChecks)
        let revealed = try CheckSoundness.revealing(checks)
        #expect(checks.moduleName != nil)
        #expect(revealed.moduleName == checks.moduleName, "the reference's classes are named as a student's are")
        #expect(revealed.criteria == checks.criteria)
        #expect(revealed.checks.map(\.tags) == checks.checks.map(\.tags))
        #expect(!revealed.checks.contains { $0.hidden })
        #expect(revealed.checks.map(\.scenario.name).contains("hidden check secret-two-kills.scenario (\"Secret: the date survives two kills\")"),
                "\(revealed.checks.map(\.scenario.name))")
    }
}
