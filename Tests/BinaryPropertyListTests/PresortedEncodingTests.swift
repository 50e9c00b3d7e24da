import Foundation
import Testing
@testable import BinaryPropertyList

@Suite("Writing dictionaries given in key order, and uniquing many values")
struct PresortedEncodingTests {
    /// The value `encode` gets as dictionaries, with some of its dictionaries given in order.
    private static func presorted(_ entries: [String: PropertyListValue], nested: Set<String>) -> PresortedValue {
        .dictionary(entries.sorted { $0.key < $1.key }.map { key, value in
            guard nested.contains(key), case .dictionary(let inner) = value else { return (key, .value(value)) }
            return (key, presorted(inner, nested: []))
        })
    }

    @Test("a dictionary given as its entries in key order is written as the same bytes as the dictionary")
    func sameBytesAsDictionaries() throws {
        var objects: [String: PropertyListValue] = [:]
        for index in 0 ..< 300 {
            let list: PropertyListValue = [.string("Page \(index)"), 1.5, true]
            let state: [String: PropertyListValue] = [
                "title": .string("Page \(index)"), "counter": .integer(Int64(index)),
                "edited": .date(Date(timeIntervalSinceReferenceDate: Double(index))), "list": list,
            ]
            objects["Tabs/:[\(index % 7)]:/Stack/:[\(index)]:/Page"] = ["class": "App.PageViewController", "kind": "View Controller", "state": .dictionary(state)]
        }
        let whole: [String: PropertyListValue] = ["objects": .dictionary(objects), "map": ["a": "b"], "top": 1, "é": "e\u{301}"]
        let given = Self.presorted(whole, nested: ["objects", "map"])
        #expect(BinaryPropertyList.encode(given) == BinaryPropertyList.encode(.dictionary(whole)))
        #expect(try BinaryPropertyList.decode(BinaryPropertyList.encode(given)) == .dictionary(whole))
        #expect(BinaryPropertyList.encode(.value(sampleValue)) == BinaryPropertyList.encode(sampleValue))
    }

    @Test("keys are in order only when each comes strictly after the one before, as Swift compares strings")
    func keyOrder() {
        #expect(PresortedValue.isKeyOrder(["a", "b", "ba", "é"]))
        #expect(PresortedValue.isKeyOrder([String]()))
        #expect(!PresortedValue.isKeyOrder(["b", "a"]))
        #expect(!PresortedValue.isKeyOrder(["a", "a"]))
        // Swift takes these for one key, as a dictionary would: they are not two keys in order.
        #expect(!PresortedValue.isKeyOrder(["\u{E9}", "e\u{301}"]))
    }

    @Test("tens of thousands of distinct values, each written twice, are stored once each and read back")
    func manyDistinctValuesStoredOnce() throws {
        let count = 40_000
        let strings = (0 ..< count).map { PropertyListValue.string("item-\($0)") }
        let integers = (0 ..< count).map { PropertyListValue.integer(Int64($0) * 7_919 - 1_000_000) }
        let reals = (0 ..< count).map { PropertyListValue.real(Double($0) / 3) }
        let dates = (0 ..< count).map { PropertyListValue.date(Date(timeIntervalSinceReferenceDate: Double($0) * 60)) }
        let value = PropertyListValue.array([.array(strings + strings), .array(integers + integers), .array(reals + reals), .array(dates + dates)])
        let encoded = BinaryPropertyList.encode(value)
        // The outer array, four arrays, and each distinct value once.
        #expect(Trailer(encoded).objectCount == 1 + 4 + 4 * count)
        #expect(try BinaryPropertyList.decode(encoded) == value)
    }

    @Test("strings that differ only after their first eight bytes, or in length, are kept apart")
    func stringsTellApartByEveryByte() throws {
        let value: PropertyListValue = ["abcdefgh1", "abcdefgh2", "abcdefgh", "abcdefgh\u{0}", "", "a", "abcdefghabcdefgh1", "abcdefghabcdefgh2"]
        let encoded = BinaryPropertyList.encode(value)
        #expect(Trailer(encoded).objectCount == 9)
        #expect(try BinaryPropertyList.decode(encoded) == value)
    }
}
