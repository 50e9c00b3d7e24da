import Foundation
import Runner
import Testing
@testable import Checker

/// The Core Data exercise (`notebook`, Chapters/coredata) graded on its fixture class
/// (`Tests/Fixtures/NotebookSubmissions`) with the hidden checks beside it: submissions import
/// CoreData, keep their notes in SQLite inside the sandbox, and earn what their restoration does.
@Suite(.serialized) struct NotebookClassTests {
    static let root = GradedClass.packageRoot
    static let submissions = root.appendingPathComponent("Tests/Fixtures/NotebookSubmissions")
    static let hiddenChecks = root.appendingPathComponent("Tests/Fixtures/NotebookHiddenChecks")

    static let graded: Result<ClassResults, Error> = Result {
        let exercise = try ExerciseCatalog(packageRoot: root).exercise(named: "notebook")
        let grading = try GradingDefinition.load(exercise: exercise, rubric: nil, checks: hiddenChecks.path)
        let options = ClassGrader.Options(grading: grading, packageRoot: root, cacheFolder: root.appendingPathComponent(".build/checker-tests-notebook"))
        let names = ["app-delegate-finds-it", "correct", "encodes-note", "forgot-save"]
        return try ClassGrader(options: options).grade(names.map { submissions.appendingPathComponent($0).path })
    }

    static func student(_ name: String) throws -> StudentResult {
        guard let student = try graded.get().students.first(where: { $0.student == name }) else {
            throw CheckerError("no result for \(name)")
        }
        return student
    }

    static func criterion(_ tag: String, of name: String) throws -> CriterionResult {
        guard let result = try student(name).criteria.first(where: { $0.criterion.tag == tag }) else {
            throw CheckerError("no criterion \(tag)")
        }
        return result
    }

    @Test("Each submission earns what its restoration does", arguments: [
        ("correct", 10.0), ("app-delegate-finds-it", 10), ("forgot-save", 0), ("encodes-note", 0),
    ])
    func scores(student: String, expected: Double) throws {
        #expect(try Self.student(student).score == expected)
    }

    @Test("Never saving before Home: the new note's temporary ID names nothing, and the hidden check's edit is lost")
    func forgotSave() throws {
        let newNote = try Self.criterion("new-note", of: "forgot-save")
        #expect(newNote.status == .failed)
        let lost = newNote.checks.filter { !$0.hidden }.flatMap(\.lost).map(\.description).joined(separator: "\n")
        #expect(lost.contains("Birthday list"), "the public check names the note the user was writing: \(lost)")
        let why = newNote.checks.filter { !$0.hidden }.flatMap(\.why).joined(separator: "\n")
        #expect(why.contains("\"noteURI\" = x-coredata:///Note/t") && why.contains("a temporary object ID"), "the feedback says why: \(why)")
        let openNote = try Self.criterion("open-note", of: "forgot-save")
        #expect(openNote.status == .failed)
        // The public check alone passed: opening a saved note and coming back works.
        #expect(openNote.checks.contains { !$0.hidden && $0.status == .passed })
        #expect(openNote.checks.contains { $0.hidden && $0.status == .failed })
    }

    @Test("Encoding the managed object itself crashes at Home, as on a device, and the feedback says why")
    func encodesNote() throws {
        let student = try Self.student("encodes-note")
        #expect(student.build == .built)
        #expect(student.criteria.allSatisfy { $0.status == .crashed })
        let message = student.criteria[0].checks[0].messages.joined(separator: "\n")
        #expect(message.contains("which an NSCoder cannot store"), "\(message)")
    }
}
