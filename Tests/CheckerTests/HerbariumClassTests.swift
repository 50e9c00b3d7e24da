import Foundation
import Testing
@testable import Checker

/// The finding chapter's exercise (`herbarium`, Chapters/finding) graded on its fixture class:
/// any way that finds a controller earns its criterion; each mistake costs only what it breaks.
@Suite(.serialized) struct HerbariumClassTests {
    static let graded = ExerciseClass(exercise: "herbarium", fixtures: "Herbarium",
                                      students: ["app-delegate-finds-it", "correct", "registers-late", "same-identifiers"])

    @Test("Each submission earns what its restoration does", arguments: [
        ("correct", 10.0), ("app-delegate-finds-it", 10), ("same-identifiers", 7), ("registers-late", 7),
    ])
    func scores(student: String, expected: Double) throws {
        #expect(try Self.graded.student(student).score == expected)
    }

    @Test("Two pages saved under one path: the comparison loses its second page, and the feedback names it")
    func sameIdentifiers() throws {
        let comparison = try Self.graded.criterion("comparison", of: "same-identifiers")
        #expect(comparison.status == .failed)
        #expect(comparison.checks.contains { $0.hidden && $0.status == .failed }, "the hidden comparison fails too")
        let lost = comparison.checks.filter { !$0.hidden }.flatMap(\.lost).map(\.description).joined(separator: "\n")
        #expect(lost.contains("Oak wood, Dartmoor, 1902"), "what was lost is the plant of the day's side: \(lost)")
        let why = comparison.checks.filter { !$0.hidden }.flatMap(\.why).joined(separator: "\n")
        #expect(why.contains("/CompareViewController/PlantViewController: a PlantViewController (child 0 of CompareViewController), saved, and another PlantViewController (child 1 of CompareViewController), skipped"),
                "the feedback says which two and where: \(why)")
        for tag in ["plant-page", "visit-log"] {
            #expect(try Self.graded.criterion(tag, of: "same-identifiers").status == .passed)
        }
    }

    @Test("A log registered after restoration ran never gets its state: only that criterion is lost")
    func registersLate() throws {
        let visits = try Self.graded.criterion("visit-log", of: "registers-late")
        #expect(visits.status == .failed)
        let lost = visits.checks.filter { !$0.hidden }.flatMap(\.lost).map(\.description).joined(separator: "\n")
        #expect(lost.contains("Recently viewed: Thrift, Wood sorrel"), "\(lost)")
        let why = visits.checks.flatMap(\.why).joined(separator: "\n")
        #expect(why.contains("VisitLog at VisitLog was saved, but at this launch it was registered with registerObject(forStateRestoration:restorationIdentifier:) in application(_:didFinishLaunchingWithOptions:), after restoration had run"),
                "the feedback says when it was registered and when it had to be: \(why)")
        #expect(why.contains("by the end of application(_:willFinishLaunchingWithOptions:)"), "\(why)")
        #expect(try Self.graded.criterion("plant-page", of: "registers-late").status == .passed)
    }
}
