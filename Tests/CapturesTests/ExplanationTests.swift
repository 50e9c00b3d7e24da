import Captures
import Foundation
import Testing

/// A result's explanations as `result.json` keeps them: the causes and the notes, the workbook's
/// words, read back by the site and the checker whatever version wrote them.
@Suite struct ExplanationTests {
    static let older = #"{"schema":2,"scenario":"s","file":"s.scenario","app":"A","steps":[],"lost":[],"launches":2,"causes":[{"kind":"notRecreated","path":"Navigation","className":"UINavigationController","sentence":"Nothing recreated UINavigationController at Navigation."}]}"#

    @Test("A result written before notes were kept reads with none, its causes intact")
    func olderResultHasNoNotes() throws {
        let result = try JSONDecoder().decode(ScenarioResult.self, from: Data(Self.older.utf8))
        #expect(result.notes.isEmpty)
        #expect(result.causes.map(\.sentence) == ["Nothing recreated UINavigationController at Navigation."])
        #expect(result.why == ["Nothing recreated UINavigationController at Navigation."])
    }

    @Test("Notes are written and read back, and never count among the causes a person reads as Why")
    func notesRoundTrip() throws {
        var result = try JSONDecoder().decode(ScenarioResult.self, from: Data(Self.older.utf8))
        result.notes = [.init(.parentNotRestored, path: "Navigation/:[0]:/List", className: "ListViewController",
                              sentence: "ListViewController at Navigation/:[0]:/List was left out because its parent, Navigation, was not restored.")]
        let read = try JSONDecoder().decode(ScenarioResult.self, from: JSONEncoder().encode(result))
        #expect(read == result)
        #expect(read.why == ["Nothing recreated UINavigationController at Navigation."])
        #expect(read.notes.allSatisfy(\.kind.isNote) && !read.causes.contains { $0.kind.isNote })
    }
}
