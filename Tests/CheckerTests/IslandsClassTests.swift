import Foundation
import Testing
@testable import Checker

/// The stage-by-stage chapter's exercise (`islands`, Chapters/stages) graded on its fixture class:
/// each submission loses exactly the criteria its mistake costs.
@Suite(.serialized) struct IslandsClassTests {
    static let graded = ExerciseClass(exercise: "islands", fixtures: "Islands",
                                      students: ["correct", "decodes-outside", "forgets-brightness", "page-and-lantern-key"])

    @Test("Each submission earns what its restoration does", arguments: [
        ("correct", 10.0), ("decodes-outside", 6), ("forgets-brightness", 7), ("page-and-lantern-key", 3),
    ])
    func scores(student: String, expected: Double) throws {
        #expect(try Self.graded.student(student).score == expected)
    }

    @Test("A page made without its island and given it later loses the page's title, and says so")
    func decodesOutside() throws {
        let page = try Self.graded.criterion("island-page", of: "decodes-outside")
        #expect(page.status == .failed)
        let lost = page.checks.filter { !$0.hidden }.flatMap(\.lost).map(\.description).joined(separator: "\n")
        #expect(lost.contains("\"Mull\""), "what was lost names the island's title: \(lost)")
        for tag in ["island-choice", "brightness"] {
            #expect(try Self.graded.criterion(tag, of: "decodes-outside").status == .passed)
        }
    }

    @Test("Forgetting the brightness costs that criterion only, the hidden check that dims the lantern included")
    func forgetsBrightness() throws {
        let brightness = try Self.graded.criterion("brightness", of: "forgets-brightness")
        #expect(brightness.status == .failed)
        #expect(brightness.checks.contains { $0.hidden && $0.status == .failed })
        #expect(try Self.graded.criterion("island-page", of: "forgets-brightness").status == .passed)
    }

    @Test("Two mistakes on two tabs: the lantern's key is said under the brightness, and never under the island's page")
    func causesStayWithTheirCriterion() throws {
        let brightness = try Self.graded.criterion("brightness", of: "page-and-lantern-key")
        #expect(brightness.status == .failed)
        let brightnessWhy = brightness.checks.flatMap(\.why).joined(separator: "\n")
        #expect(brightnessWhy.contains("read the key \"lanternBrightness\" in decodeRestorableState(with:), but nothing was saved under it"),
                "the brightness criterion names its cause: \(brightnessWhy)")
        #expect(brightness.checks.filter(\.hidden).allSatisfy { $0.why.joined().contains("lanternBrightness") }, "a hidden check names it too")
        let page = try Self.graded.criterion("island-page", of: "page-and-lantern-key")
        #expect(page.status == .failed)
        let pageWhy = page.checks.flatMap(\.why).joined(separator: "\n")
        #expect(!pageWhy.contains("lanternBrightness") && !pageWhy.contains("LanternViewController"),
                "the island's page lost nothing of the lantern's: \(pageWhy); it lost \(page.checks.flatMap(\.lost).map { "\($0) at \($0.controller?.restorationPath ?? "no path")" })")
    }
}
