import Testing
@testable import Checker

@Suite struct ClassResultsTests {
    @Test func studentsAreSortedByNameAndScoresAddUp() {
        let picker = Criterion(name: "Date picker", tag: "date-picker", points: 3)
        let tab = Criterion(name: "Selected tab", tag: "tab-bar", points: 1, visible: false)
        func student(_ name: String, _ statuses: [CriterionResult.Status]) -> StudentResult {
            let results = zip([picker, tab], statuses).map { criterion, status in
                CriterionResult(criterion: criterion, status: status, score: status == .passed ? criterion.points : 0, checks: [])
            }
            return StudentResult(student: name, source: name, build: .built, criteria: results, seconds: 1)
        }
        let results = ClassResults(exercise: "hypnonerd", title: "HypnoNerd", criteria: [picker, tab],
                                   students: [student("zoe", [.passed, .failed]), student("amir", [.timedOut, .passed])])
        #expect(results.students.map(\.student) == ["amir", "zoe"])
        #expect(results.students.map(\.score) == [1, 3])
        #expect(results.maxScore == 4)
    }
}
