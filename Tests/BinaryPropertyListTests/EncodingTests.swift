import Foundation
import Testing
import BinaryPropertyList

@Suite("Encoding: determinism, uniquing, layout")
struct EncodingTests {
    @Test("the same dictionary built in different insertion orders encodes to identical bytes")
    func determinism() throws {
        let keys = (0 ..< 200).map { "key \($0) \(String(repeating: "é", count: $0 % 3))" }
        var forward: [String: PropertyListValue] = [:]
        for (index, key) in keys.enumerated() { forward[key] = .integer(Int64(index)) }
        var backward: [String: PropertyListValue] = [:]
        backward.reserveCapacity(4_096)  // another capacity: another iteration order
        for (index, key) in keys.enumerated().reversed() { backward[key] = .integer(Int64(index)) }
        // Make sure the test means something: the two iterate differently.
        #expect(Array(forward.keys) != Array(backward.keys))

        let first = BinaryPropertyList.encode(["outer": .dictionary(forward), "list": [.dictionary(forward)]])
        let second = BinaryPropertyList.encode(["list": [.dictionary(backward)], "outer": .dictionary(backward)])
        #expect(first == second)
        #expect(BinaryPropertyList.encode(sampleValue) == BinaryPropertyList.encode(sampleValue))
    }

    @Test("a small dictionary encodes to exactly the expected bytes")
    func exactBytes() {
        let expected: [UInt8] = Array("bplist00".utf8) + [
            0x51, 0x61,  // object 1 at 8: "a", the first key
            0x51, 0x62,  // object 2 at 10: "b"
            0x10, 0x01,  // object 3 at 12: 1
            0xD2, 0x01, 0x02, 0x03, 0x01,  // object 0 at 14: {a: 1, b: "a"}, key refs then value refs; "a" is shared
            0x0E, 0x08, 0x0A, 0x0C,  // offset table at 19
            0, 0, 0, 0, 0, 0, 1, 1,  // offset size 1, ref size 1
        ] + bigEndian(4, size: 8) + bigEndian(0, size: 8) + bigEndian(19, size: 8)
        #expect([UInt8](BinaryPropertyList.encode(["b": "a", "a": 1])) == expected)
    }

    @Test("repeated strings are stored once: 1,000 equal values cost about one")
    func uniquing() {
        let long = String(repeating: "a long repeated value ", count: 10)  // 220 bytes
        let shared = PropertyListValue.dictionary(Dictionary(uniqueKeysWithValues: (0 ..< 1_000).map { ("k\($0)", .string(long)) }))
        let distinct = PropertyListValue.dictionary(Dictionary(uniqueKeysWithValues: (0 ..< 1_000).map { ("k\($0)", .string(long + "\($0)")) }))
        let sharedSize = BinaryPropertyList.encode(shared).count
        let distinctSize = BinaryPropertyList.encode(distinct).count
        #expect(distinctSize > 1_000 * long.utf8.count)
        #expect(sharedSize < 15_000)
        #expect(Trailer(BinaryPropertyList.encode(shared)).objectCount == 1 + 1_000 + 1)
    }

    @Test("keys repeated across many dictionaries cost one object each")
    func sharedKeys() throws {
        let rows = PropertyListValue.array((0 ..< 1_000).map { row in ["identifier": .integer(Int64(row)), "title": "Row", "visible": true] })
        let encoded = BinaryPropertyList.encode(rows)
        // The array, 1,000 dictionaries, 3 keys, 1,000 integers, "Row", true.
        #expect(Trailer(encoded).objectCount == 1 + 1_000 + 3 + 1_000 + 1 + 1)
        #expect(try BinaryPropertyList.decode(encoded) == rows)
    }

    @Test("equal numbers of different kinds and signs stay distinct")
    func noFalseUniquing() throws {
        let value: PropertyListValue = [1, 1.0, true, 0, 0.0, .real(-0.0), false, "1", .date(Date(timeIntervalSinceReferenceDate: 1))]
        let encoded = BinaryPropertyList.encode(value)
        #expect(Trailer(encoded).objectCount == 10)
        let decoded = try #require(try BinaryPropertyList.decode(encoded).arrayValue)
        #expect(decoded == value.arrayValue)
        #expect(decoded[5].doubleValue?.sign == .minus)
    }

    @Test("reference and offset sizes are the smallest that fit", arguments: [
        (10, 1, 1), (300, 2, 2), (70_000, 4, 4),
    ])
    func smallestSizes(count: Int, refSize: Int, offsetSize: Int) {
        let value = PropertyListValue.array((0 ..< count).map { .integer(Int64($0) + 1_000_000) })
        let trailer = Trailer(BinaryPropertyList.encode(value))
        #expect(trailer.objectCount == count + 1)
        #expect(trailer.refSize == refSize)
        #expect(trailer.offsetSize == offsetSize)
    }

    @Test("ASCII strings are written as 0x5n, others as UTF-16 0x6n, counted in UTF-16 units")
    func stringMarkers() {
        let ascii = [UInt8](BinaryPropertyList.encode("abc"))
        #expect(ascii[8 ... 11] == [0x53, 0x61, 0x62, 0x63])
        let emoji = [UInt8](BinaryPropertyList.encode("é🎉"))
        #expect(emoji[8 ... 14] == [0x63, 0x00, 0xE9, 0xD8, 0x3C, 0xDF, 0x89])
    }

    @Test("integers take the fewest bytes, negative ones eight")
    func integerSizes() {
        func encodedInteger(_ value: Int64) -> [UInt8] {
            let bytes = [UInt8](BinaryPropertyList.encode(.integer(value)))
            return Array(bytes[8 ..< Trailer(Data(bytes)).offsetTableOffset])
        }
        #expect(encodedInteger(200) == [0x10, 0xC8])
        #expect(encodedInteger(300) == [0x11, 0x01, 0x2C])
        #expect(encodedInteger(70_000) == [0x12, 0x00, 0x01, 0x11, 0x70])
        #expect(encodedInteger(1 << 40) == [0x13] + bigEndian(1 << 40, size: 8))
        #expect(encodedInteger(-1) == [0x13] + [UInt8](repeating: 0xFF, count: 8))
    }
}
