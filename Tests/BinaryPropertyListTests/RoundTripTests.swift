import Foundation
import Testing
@testable import BinaryPropertyList

@Suite("Round trips")
struct RoundTripTests {
    static let scalars: [PropertyListValue] = [
        "", "a", "fourteen chars", "fifteen chars!!", "Café", "e\u{301}", "日本語のテキスト", "🎉👨‍👩‍👧", "nul\u{0}inside",
        0, 1, 255, 256, 65_535, 65_536, 4_294_967_295, 4_294_967_296, -1, -255, -4_294_967_297,
        .integer(.max), .integer(.min),
        0.0, 1.5, -2.25, .real(.pi), .real(.greatestFiniteMagnitude), .real(.leastNonzeroMagnitude), .real(.infinity), .real(-.infinity),
        true, false,
        .date(Date(timeIntervalSinceReferenceDate: 0)),
        .date(Date(timeIntervalSinceReferenceDate: -978_307_200)),  // 1970
        .date(Date(timeIntervalSinceReferenceDate: -3_187_296_000.125)),  // 1900
        .date(Date(timeIntervalSinceReferenceDate: 700_000_000.123_456)),
        .data(Data()), .data(Data([0])), .data(Data(repeating: 0xAB, count: 15)),
    ]

    @Test("every scalar kind survives a round trip", arguments: scalars)
    func scalarRoundTrip(_ value: PropertyListValue) throws {
        #expect(try BinaryPropertyList.decode(BinaryPropertyList.encode(value)) == value)
        // Inside collections too, where it is reached through a reference.
        let wrapped: PropertyListValue = ["key": value, "list": [value, value]]
        #expect(try BinaryPropertyList.decode(BinaryPropertyList.encode(wrapped)) == wrapped)
    }

    @Test("nested and empty collections survive a round trip")
    func nested() throws {
        let values: [PropertyListValue] = [
            [], [:], [[]], [[:]], ["": [:]], [[[[[1]]]]],
            ["a": ["b": ["c": ["d": []]]], "e": [[:], [], ""]],
            sampleValue,
        ]
        for value in values {
            #expect(try BinaryPropertyList.decode(BinaryPropertyList.encode(value)) == value)
        }
    }

    @Test("strings keep their exact code points, not just Swift equality")
    func exactStrings() throws {
        // Swift's == says these are equal; a writer uniquing by == would store one for both.
        let composed = "caf\u{E9}", decomposed = "cafe\u{301}"
        let decoded = try BinaryPropertyList.decode(BinaryPropertyList.encode([.string(composed), .string(decomposed), "\u{1F600}", "\u{FFFF}"]))
        let strings = try #require(decoded.arrayValue).compactMap(\.stringValue)
        #expect(strings.map { Array($0.unicodeScalars.map(\.value)) } == [
            [0x63, 0x61, 0x66, 0xE9], [0x63, 0x61, 0x66, 0x65, 0x301], [0x1F600], [0xFFFF],
        ])
    }

    @Test("signs and special reals keep their bits")
    func realBits() throws {
        let decoded = try BinaryPropertyList.decode(BinaryPropertyList.encode([0.0, .real(-0.0), .real(.nan), .real(.signalingNaN)]))
        let reals = try #require(decoded.arrayValue).compactMap(\.doubleValue)
        #expect(reals.count == 4)
        #expect(reals[0].sign == .plus && reals[0] == 0)
        #expect(reals[1].sign == .minus && reals[1] == 0)
        #expect(reals[2].isNaN)
        #expect(reals[3].isNaN)
    }

    @Test("large data, long strings and big collections survive", arguments: [14, 15, 16, 255, 256, 65_535, 65_536, 70_000])
    func sizes(count: Int) throws {
        var generator = SeededGenerator(seed: UInt64(count))
        let data = Data((0 ..< count * 16).map { _ in UInt8.random(in: 0 ... 255, using: &generator) })
        let value: PropertyListValue = [
            "data": .data(data),
            "ascii": .string(String(repeating: "x", count: count)),
            "unicode": .string(String(repeating: "é", count: count)),
            "array": .array((0 ..< count).map { .integer(Int64($0)) }),
            "dictionary": .dictionary(Dictionary(uniqueKeysWithValues: (0 ..< min(count, 5_000)).map { ("k\($0)", .integer(Int64($0))) })),
        ]
        #expect(try BinaryPropertyList.decode(BinaryPropertyList.encode(value)) == value)
    }

    @Test("one megabyte of data round trips")
    func bigData() throws {
        var generator = SeededGenerator(seed: 1)
        let data = Data((0 ..< 1 << 20).map { _ in UInt8.random(in: 0 ... 255, using: &generator) })
        let encoded = BinaryPropertyList.encode(.data(data))
        #expect(encoded.count < data.count + 64)
        #expect(try BinaryPropertyList.decode(encoded) == .data(data))
    }

    @Test("the decoder reads Data slices and byte arrays alike")
    func inputs() throws {
        let encoded = BinaryPropertyList.encode(sampleValue)
        var padded = Data([1, 2, 3])
        padded.append(encoded)
        #expect(try BinaryPropertyList.decode(padded.dropFirst(3)) == sampleValue)
        #expect(try BinaryPropertyList.decode([UInt8](encoded)) == sampleValue)
        #expect(BinaryPropertyList.encodeBytes(sampleValue) == [UInt8](encoded))
    }

    @Test("the magic check accepts our files and rejects others")
    func magic() {
        #expect(BinaryPropertyList.isBinaryPropertyList(BinaryPropertyList.encode("x")))
        #expect(!BinaryPropertyList.isBinaryPropertyList(Data("<?xml version".utf8)))
        #expect(!BinaryPropertyList.isBinaryPropertyList(Data("bplist".utf8)))
        #expect(!BinaryPropertyList.isBinaryPropertyList(Data()))
    }

    @Test("accessors return the payload of their own kind only")
    func accessors() {
        let value: PropertyListValue = ["s": "text", "i": 3, "r": 2.5, "b": true, "a": [1, 2], "d": .data(Data([9]))]
        #expect(value["s"]?.stringValue == "text")
        #expect(value["i"]?.integerValue == 3)
        #expect(value["i"]?.doubleValue == 3)
        #expect(value["r"]?.doubleValue == 2.5)
        #expect(value["r"]?.integerValue == nil)
        #expect(value["b"]?.boolValue == true)
        #expect(value["a"]?[1] == 2)
        #expect(value["a"]?[2] == nil)
        #expect(value["d"]?.dataValue == Data([9]))
        #expect(value["missing"] == nil)
        #expect(value["s"]?["s"] == nil)
        #expect(value.dictionaryValue?.count == 6)
        #expect(value.description == #"["a": [1, 2], "b": true, "d": <09>, "i": 3, "r": 2.5, "s": "text"]"#)
    }
}
