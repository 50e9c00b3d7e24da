import Foundation
import Testing
@testable import Checker

/// The finding chapter's exercise (`herbarium`, Chapters/finding) graded on its fixture class:
/// any way that finds a controller earns its criterion; each mistake costs only what it breaks.
@Suite(.serialized) struct HerbariumClassTests {
    static let graded = ExerciseClass(exercise: "herbarium", fixtures: "Herbarium",
                                      students: ["app-delegate-finds-it", "asks-for-the-array-alone", "correct", "registers-late", "same-identifiers"])

    @Test("Each submission earns what its restoration does", arguments: [
        ("correct", 10.0), ("app-delegate-finds-it", 10), ("same-identifiers", 7), ("registers-late", 7),
        ("asks-for-the-array-alone", 7),
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

    @Test("Pages decoded asking for NSArray alone: secure decoding refuses the controllers in it, the app crashes while restoring, and every report says which key, which class and what to ask for")
    func refusedValue() throws {
        let student = try Self.graded.student("asks-for-the-array-alone")
        let comparison = try Self.graded.criterion("comparison", of: "asks-for-the-array-alone")
        #expect(comparison.status == .crashed)
        let sentence = #"CompareViewController at ShelfNavigation/:[2]:/CompareViewController read the key "pages" with decodeObject(of: [NSArray.self], forKey:), and the value saved there holds a PlantViewController, a class it did not ask for."#
        let remedy = #"decodeObject(of: [NSArray.self, PlantViewController.self], forKey: "pages")"#
        let why = comparison.checks.flatMap(\.why).joined(separator: "\n")
        #expect(why.contains(sentence) && why.contains(remedy) && why.contains("the app crashed while restoring"), "\(why)")
        // The crash's own words are Foundation's, not a line of the engine's sources.
        let terminal = CheckFeedback.criterion(comparison, style: PlainTextStyle()).joined(separator: "\n")
        #expect(terminal.contains("Why: " + sentence), "\(terminal)")
        #expect(terminal.contains("\n      *** Terminating app due to uncaught exception 'NSInvalidUnarchiveOperationException'"), "\(terminal)")
        #expect(!terminal.contains("UnarchiverMessages.swift"), "\(terminal)")
        let page = StudentPage.render(student, title: "Herbarium")
        #expect(page.contains(HTMLText.escape(sentence)), "the HTML report says it too")
        for results in [try GradescopeResults.encode(student, title: "Herbarium"), try ExercismResults.encode(student)] {
            let text = try #require(String(data: results, encoding: .utf8))
            #expect(text.contains("holds a PlantViewController, a class it did not ask for"), "\(text.prefix(400))")
        }
        // Only the criterion whose pages were refused is told of it.
        for tag in ["plant-page", "visit-log"] {
            let other = try Self.graded.criterion(tag, of: "asks-for-the-array-alone")
            #expect(other.status == .passed && other.checks.allSatisfy { $0.why.isEmpty })
        }
    }
}
