import Foundation
import Testing
import BinaryPropertyList

/// Shared references: the reader decodes a shared object once, but whoever walks the value sees
/// it once per reference, so the tree the file expands to is bounded by the file's size.
@Suite("Expansion: shared references cannot blow up the decoded tree")
struct ExpansionTests {
    /// `levels` arrays, each holding the next one twice, around a string: a file of a few
    /// hundred bytes whose tree has 2^(levels + 1) - 1 values.
    static func doublingChain(levels: Int) -> [UInt8] {
        var objects = (0 ..< levels).map { [0xA2, UInt8($0 + 1), UInt8($0 + 1)] as [UInt8] }
        objects.append([0x51, 0x78])
        return HandBuiltPlist(objects).bytes
    }

    @Test("a file whose arrays reference the level below twice, 40 levels deep, is refused at once with the limit named", .timeLimit(.minutes(1)))
    func exponentialExpansionIsRefused() throws {
        let bytes = Self.doublingChain(levels: 40)
        let (result, work) = BinaryPropertyList.decodeMeasuringWork(bytes)
        guard case .failure(let refused) = result else {
            Issue.record("the file decoded to a tree of 2^41 values")
            return
        }
        let budget = 8 * bytes.count
        #expect(refused.reason == "the property list expands to more than \(budget) objects, the limit for a file of \(bytes.count) bytes (8 per byte): shared references nest too deeply")
        #expect(refused.offset != nil)
        // At once: each object decoded once and each reference followed once, fewer steps than
        // the file has bytes (each step is paid for by a byte of its own: a reference, an object's
        // offset, a collection's marker, a character), not one for each value of the tree.
        #expect(work <= bytes.count, "\(work) steps for \(bytes.count) bytes")
    }

    @Test("reading costs work in proportion to the file: twice the file, twice the work, however its parts are shared")
    func workGrowsWithTheFile() throws {
        // Small enough that a reader that forgot its sharing fails here rather than filling memory:
        // 16 levels expand to 2^17 values.
        for levels in [4, 8] {
            let (result, work) = BinaryPropertyList.decodeMeasuringWork(Self.doublingChain(levels: levels), limits: DecodingLimits(maxExpandedObjectsPerByte: 1 << 40))
            let (doubledResult, doubledWork) = BinaryPropertyList.decodeMeasuringWork(Self.doublingChain(levels: 2 * levels), limits: DecodingLimits(maxExpandedObjectsPerByte: 1 << 40))
            #expect((try? result.get()) != nil && (try? doubledResult.get()) != nil, "within so large a budget, both decode")
            #expect(doubledWork <= 2 * work, "\(levels) levels: \(work) steps; \(2 * levels) levels: \(doubledWork)")
        }
        let text = BinaryPropertyList.encodeBytes(.string(String(repeating: "x", count: 10_000)))
        let doubled = BinaryPropertyList.encodeBytes(.string(String(repeating: "x", count: 20_000)))
        #expect(BinaryPropertyList.decodeMeasuringWork(doubled).work <= 2 * BinaryPropertyList.decodeMeasuringWork(text).work)
    }

    @Test("a shared object within the budget decodes, and a lower budget refuses the same file")
    func sharingWithinBudget() throws {
        let bytes = Self.doublingChain(levels: 5) // 63 values in 63 bytes
        #expect(bytes.count == 63)
        let decoded = try BinaryPropertyList.decode(bytes, limits: DecodingLimits(maxExpandedObjectsPerByte: 1))
        #expect(decoded.description.filter { $0 == "x" }.count == 32)
        let refused = try #require(decodeError(Self.doublingChain(levels: 6), limits: DecodingLimits(maxExpandedObjectsPerByte: 1)))
        #expect(refused.reason.contains("expands to more than 67 objects"))
    }

    @Test("a value shared by many dictionary entries counts once per entry")
    func dictionaryValuesShared() throws {
        // 0: {k0..k7: 1}; 1: [2, 2, …] (8 times); 2: [3 … 3]; 3: "x"; keys are objects 4…11.
        let keys = (0 ..< 8).map { [0x52, 0x6B, 0x30 + UInt8($0)] as [UInt8] }
        let dictionary = [0xD8] + (4 ..< 12).map { UInt8($0) } + [UInt8](repeating: 1, count: 8)
        let objects = [dictionary, [0xA8] + [UInt8](repeating: 2, count: 8), [0xA8] + [UInt8](repeating: 3, count: 8), [0x51, 0x78]] + keys
        let bytes = HandBuiltPlist(objects).bytes
        // 1 + 8 keys + 8 × (1 + 8 × (1 + 8)) = 593 values, from a file of fewer bytes.
        #expect(try BinaryPropertyList.decode(bytes, limits: DecodingLimits(maxExpandedObjectsPerByte: 593 / bytes.count + 1)).dictionaryValue?.count == 8)
        #expect(try #require(decodeError(bytes, limits: DecodingLimits(maxExpandedObjectsPerByte: 1))).reason.contains("shared references nest too deeply"))
    }

    @Test("files that reference each array and dictionary once fit in one value per byte, whatever they hold (300 seeded values)")
    func honestFilesFitOnePerByte() throws {
        var generator = SeededGenerator(seed: 0xF17)
        var values = [sampleValue]
        for _ in 0 ..< 300 { values.append(Self.randomValue(depth: 0, using: &generator)) }
        for value in values {
            let encoded = BinaryPropertyList.encode(value)
            #expect(try BinaryPropertyList.decode(encoded, limits: DecodingLimits(maxExpandedObjectsPerByte: 1)) == value)
        }
    }

    /// Values with many repeated leaves and keys, which our writer shares, and nested collections.
    static func randomValue(depth: Int, using generator: inout SeededGenerator) -> PropertyListValue {
        let leaves: [PropertyListValue] = ["", "a", "key", 0, 1, -1, .integer(.max), true, false, 0.5, .data(Data([1, 2])), .date(Date(timeIntervalSinceReferenceDate: 0))]
        guard depth < 5, Int.random(in: 0 ..< 3, using: &generator) > 0 else { return leaves.randomElement(using: &generator)! }
        let count = Int.random(in: 0 ... 12, using: &generator)
        if Bool.random(using: &generator) {
            return .array((0 ..< count).map { _ in randomValue(depth: depth + 1, using: &generator) })
        }
        var entries: [String: PropertyListValue] = [:]
        for _ in 0 ..< count { entries[["a", "b", "key", "longer key"].randomElement(using: &generator)! + String(Int.random(in: 0 ..< 4, using: &generator))] = randomValue(depth: depth + 1, using: &generator) }
        return .dictionary(entries)
    }
}
