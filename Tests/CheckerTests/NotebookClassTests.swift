import Foundation
import Runner
import Testing
@testable import Checker

/// The Core Data exercise (`notebook`, Chapters/coredata) graded on its fixture class
/// (`Tests/Fixtures/NotebookSubmissions`) with the hidden checks beside it: submissions import
/// CoreData, keep their notes in SQLite inside the sandbox, and earn what their restoration does.
@Suite(.serialized) struct NotebookClassTests {
    static let graded = ExerciseClass(exercise: "notebook", fixtures: "Notebook",
                                      students: ["app-delegate-finds-it", "correct", "encodes-note", "forgot-save", "permanent-id-unsaved"])

    @Test("Each submission earns what its restoration does", arguments: [
        ("correct", 10.0), ("app-delegate-finds-it", 10), ("forgot-save", 5), ("encodes-note", 0), ("permanent-id-unsaved", 5),
    ])
    func scores(student: String, expected: Double) throws {
        #expect(try Self.graded.student(student).score == expected)
    }

    @Test("Never saving before Home costs what it loses, and only that: the new note and the edited title; the open note earns its points")
    func forgotSave() throws {
        let newNote = try Self.graded.criterion("new-note", of: "forgot-save")
        #expect(newNote.status == .failed)
        let lost = newNote.checks.filter { !$0.hidden }.flatMap(\.lost).map(\.description).joined(separator: "\n")
        #expect(lost.contains("Birthday list"), "the public check names the note the user was writing: \(lost)")
        let why = newNote.checks.filter { !$0.hidden }.flatMap(\.why).joined(separator: "\n")
        #expect(why.contains("\"noteURI\" = x-coredata:///Note/t") && why.contains("a temporary object ID"), "the feedback says why: \(why)")
        // Both hidden checks fail under the same criterion: the new note after two kills, and
        // the edited title, never saved either (hidden checks are named by their criterion).
        #expect(newNote.checks.filter { $0.hidden }.map(\.status) == [.failed, .failed])
        // One omission, one criterion: opening a saved note and coming back works.
        let openNote = try Self.graded.criterion("open-note", of: "forgot-save")
        #expect(openNote.status == .passed)
    }

    @Test("A permanent ID obtained but never saved names no row after the kill, and the feedback says so rather than only that the restoration class returned nil")
    func permanentIDUnsaved() throws {
        let newNote = try Self.graded.criterion("new-note", of: "permanent-id-unsaved")
        #expect(newNote.status == .failed)
        let why = newNote.checks.filter { !$0.hidden }.flatMap(\.why).joined(separator: "\n")
        #expect(why.contains("returned nil") && why.contains("but the store has no Note row"), "the feedback says why: \(why)")
        #expect(why.contains("obtainPermanentIDs(for:)") && !why.contains("a temporary object ID"), "\(why)")
        #expect(try Self.graded.criterion("open-note", of: "permanent-id-unsaved").status == .passed)
    }

    @Test("Encoding the managed object itself crashes at Home, as on a device, and the feedback says why")
    func encodesNote() throws {
        let student = try Self.graded.student("encodes-note")
        #expect(student.build == .built)
        #expect(student.criteria.allSatisfy { $0.status == .crashed })
        let message = student.criteria[0].checks[0].messages.joined(separator: "\n")
        #expect(message.contains("which an NSCoder cannot store"), "\(message)")
    }
}
