import BinaryPropertyList
import Testing
@testable import RestorationKit

/// A controller that saved a Core Data object ID before the object was ever saved is told why it
/// did not come back: such a URI has no store in it, and names nothing after a relaunch.
struct TemporaryObjectIDTests {
    @Test("A temporary URI is found under its key, in a URL, a string or an array; a permanent one is not")
    func found() {
        let state: [String: PropertyListValue] = [
            "noteURI": .dictionary(["$url": .string("x-coredata:///Note/t4F1D2C3B-0000-4000-8000-000000000001")]),
            "savedURI": .dictionary(["$url": .string("x-coredata://5EBF1B2B-A87A-4809-9F01-19A675168C04/Note/p3")]),
            "recent": .array([.string("x-coredata://5EBF1B2B-A87A-4809-9F01-19A675168C04/Note/p1"), .string("x-coredata:///Note/tAB")]),
            "title": .string("x-coredata is a scheme"),
        ]
        let saved = TemporaryObjectIDs.saved(in: state)
        #expect(saved.map(\.key) == ["noteURI", "recent"])
        #expect(saved.map(\.uri) == ["x-coredata:///Note/t4F1D2C3B-0000-4000-8000-000000000001", "x-coredata:///Note/tAB"])
        #expect(TemporaryObjectIDs.sentence(for: saved)?.hasPrefix("It had saved \"noteURI\" = x-coredata:///Note/t4F1D2C3B-0000-4000-8000-000000000001, a temporary object ID") == true)
    }

    @Test("Nothing temporary saved, nothing said")
    func nothing() {
        #expect(TemporaryObjectIDs.sentence(for: TemporaryObjectIDs.saved(in: ["savedURI": .string("x-coredata://S/Note/p3")])) == nil)
    }
}
