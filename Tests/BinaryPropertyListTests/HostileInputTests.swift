import Foundation
import Testing
import BinaryPropertyList

@Suite("Hostile input: errors, never crashes")
struct HostileInputTests {
    // MARK: Damaged copies of a valid file

    @Test("every truncation of a valid file throws")
    func truncations() throws {
        let bytes = [UInt8](BinaryPropertyList.encode(sampleValue))
        for length in 0 ..< bytes.count {
            let error = decodeError(Array(bytes[..<length]))
            #expect(error != nil, "a prefix of \(length) bytes decoded")
            #expect(error?.reason.isEmpty == false)
        }
        #expect(decodeError(bytes) == nil)
    }

    @Test("thousands of seeded random corruptions either decode or throw", .timeLimit(.minutes(1)))
    func corruptions() throws {
        let bytes = [UInt8](BinaryPropertyList.encode(sampleValue))
        let tableStart = Trailer(Data(bytes)).offsetTableOffset
        var generator = SeededGenerator(seed: 0x5EED)
        var decoded = 0, thrown = 0
        for round in 0 ..< 4_000 {
            var damaged = bytes
            // Mostly anywhere; a quarter aimed at the offset table and trailer, which steer everything.
            let range = round % 4 == 0 ? tableStart ..< bytes.count : 0 ..< bytes.count
            for _ in 0 ..< (round % 3 + 1) {
                let position = Int.random(in: range, using: &generator)
                damaged[position] = UInt8.random(in: 0 ... 255, using: &generator)
            }
            if let error = decodeError(damaged) {
                thrown += 1
                #expect(!error.reason.isEmpty)
                if let offset = error.offset { #expect((0 ... damaged.count).contains(offset)) }
            } else {
                decoded += 1
            }
        }
        // Both outcomes happen, so both paths were exercised.
        #expect(decoded > 100 && thrown > 100, "decoded \(decoded), threw \(thrown)")
    }

    @Test("garbage after random headers never crashes", .timeLimit(.minutes(1)))
    func randomFiles() {
        var generator = SeededGenerator(seed: 42)
        for _ in 0 ..< 2_000 {
            let length = Int.random(in: 40 ..< 200, using: &generator)
            var bytes = Array("bplist00".utf8) + (8 ..< length).map { _ in UInt8.random(in: 0 ... 255, using: &generator) }
            // A plausible trailer, so the reader gets past it and into the objects.
            let count = UInt64.random(in: 1 ... 20, using: &generator)
            let tableOffset = UInt64(length - 32) &- count  // may wrap: that is hostile too
            bytes.replaceSubrange(length - 26 ..< length, with: [1, 1] + bigEndian(count, size: 8) + bigEndian(0, size: 8) + bigEndian(tableOffset, size: 8))
            _ = decodeError(bytes)
        }
    }

    // MARK: Files that are wrong on purpose

    @Test("a file too short or not a property list says so")
    func notAPlist() throws {
        #expect(try #require(decodeError(Array("bplist00abcd".utf8))).reason == "the file ends after 12 bytes; a binary property list is at least 40")
        #expect(try #require(decodeError([])).reason.contains("ends after 0 bytes"))
        #expect(try #require(decodeError(Array(repeating: 0x20, count: 100))).reason.contains("not a binary property list"))
        var other = [UInt8](BinaryPropertyList.encode("x"))
        other[6 ..< 8] = [0x31, 0x35]
        #expect(try #require(decodeError(other)).reason.contains("version \"15\""))
    }

    @Test("an array that contains itself is a cycle")
    func selfReference() throws {
        let error = try #require(decodeError(HandBuiltPlist([[0xA1, 0x00]]).bytes))
        #expect(error.reason == "the object graph contains a cycle at object 0: it contains itself")
        #expect(error.offset == 9)
    }

    @Test("an indirect cycle through a dictionary is found too")
    func indirectCycle() throws {
        // 0: [1]; 1: {"k": 2}; 2: [0]; 3: "k"
        let plist = HandBuiltPlist([[0xA1, 0x01], [0xD1, 0x03, 0x02], [0xA1, 0x00], [0x51, 0x6B]])
        #expect(try #require(decodeError(plist.bytes)).reason.contains("cycle at object 0"))
    }

    @Test("an object shared many times is not a cycle", .timeLimit(.minutes(1)))
    func sharedObjects() throws {
        // Object i is [i+1, i+1]: 2^6 leaves, within the budget for these 67 bytes (see ExpansionTests).
        let levels = 6
        var objects = (0 ..< levels).map { [0xA2, UInt8($0 + 1), UInt8($0 + 1)] as [UInt8] }
        objects.append([0x51, 0x78])
        let value = try BinaryPropertyList.decode(Data(HandBuiltPlist(objects).bytes))
        var node = value
        for _ in 0 ..< levels {
            let items = try #require(node.arrayValue)
            #expect(items.count == 2)
            node = items[1]
        }
        #expect(node == "x")
    }

    @Test("a reference past the last object is refused")
    func refOutOfRange() throws {
        let error = try #require(decodeError(HandBuiltPlist([[0xA2, 0x01, 0x07], [0x08]]).bytes))
        #expect(error.reason == "object 0 refers to object 7, but the file has 2 objects")
    }

    @Test("a top object past the last object is refused")
    func topOutOfRange() throws {
        var plist = HandBuiltPlist([[0x08]])
        plist.topObject = 1
        #expect(try #require(decodeError(plist.bytes)).reason.contains("top object"))
    }

    @Test("an offset table outside the file is refused")
    func offsetTableOutside() throws {
        var plist = HandBuiltPlist([[0x08]])
        plist.declaredOffsetTableOffset = 10_000
        #expect(try #require(decodeError(plist.bytes)).reason.contains("offset table"))
        plist.declaredOffsetTableOffset = .max
        #expect(try #require(decodeError(plist.bytes)).reason.contains("offset table"))
        plist.declaredOffsetTableOffset = 3  // inside the header
        #expect(try #require(decodeError(plist.bytes)).reason.contains("offset table"))
    }

    @Test("an object offset outside the object area is refused")
    func objectOffsetOutside() throws {
        var bytes = HandBuiltPlist([[0xA1, 0x01], [0x08]]).bytes
        bytes[12] = 0xF0  // object 1's entry in the offset table, which starts at byte 11
        let error = try #require(decodeError(bytes))
        #expect(error.reason.contains("outside the object area"))
        #expect(error.offset == 12)
    }

    @Test("an array claiming 2^62 elements is refused before anything is allocated")
    func hugeCount() throws {
        let error = try #require(decodeError(HandBuiltPlist([[0xAF, 0x13] + bigEndian(1 << 62, size: 8)]).bytes))
        #expect(error.reason.contains("claims 4611686018427387904 elements"))
        // The same for data and strings, whose bytes would follow.
        for marker: UInt8 in [0x4F, 0x5F, 0x6F, 0xDF] {
            let error = try #require(decodeError(HandBuiltPlist([[marker, 0x13] + bigEndian(1 << 62, size: 8)]).bytes))
            #expect(error.reason.contains("4611686018427387904"), "\(error.reason)")
        }
        // A count of 2^63 and more is negative as an 8-byte integer.
        let negative = try #require(decodeError(HandBuiltPlist([[0xAF, 0x13] + bigEndian(.max, size: 8)]).bytes))
        #expect(negative.reason.contains("negative"))
    }

    @Test("8-byte references with 2^60 declared objects are refused")
    func hugeObjectCount() throws {
        var plist = HandBuiltPlist([[0x08]], refSize: 8)
        plist.declaredObjectCount = 1 << 60
        let error = try #require(decodeError(plist.bytes))
        #expect(error.reason.contains("declares 1152921504606846976 objects"))
    }

    @Test("trailer sizes other than 1, 2, 4 and 8 are refused", arguments: [0, 3, 5, 16, 255])
    func trailerSizes(size: Int) throws {
        var bytes = HandBuiltPlist([[0x08]]).bytes
        bytes[bytes.count - 26] = UInt8(size)
        #expect(try #require(decodeError(bytes)).reason.contains("offsets of \(size) bytes"))
        bytes = HandBuiltPlist([[0x08]]).bytes
        bytes[bytes.count - 25] = UInt8(size)
        #expect(try #require(decodeError(bytes)).reason.contains("references of \(size) bytes"))
    }

    @Test("a dictionary key that is not a string is refused")
    func nonStringKey() throws {
        // 0: {5: "a"}
        let error = try #require(decodeError(HandBuiltPlist([[0xD1, 0x01, 0x02], [0x10, 0x05], [0x51, 0x61]]).bytes))
        #expect(error.reason == "dictionary key at object 0 is not a string: it refers to object 1, an integer")
        // A collection as a key, and a key already decoded as something else.
        #expect(try #require(decodeError(HandBuiltPlist([[0xD1, 0x01, 0x01], [0xA0]]).bytes)).reason.contains("not a string"))
        #expect(try #require(decodeError(HandBuiltPlist([[0xA2, 0x01, 0x02], [0x10, 0x05], [0xD1, 0x01, 0x01]]).bytes)).reason.contains("not a string"))
    }

    @Test("a dictionary with the same key twice is refused rather than losing a value")
    func duplicateKey() throws {
        let error = try #require(decodeError(HandBuiltPlist([[0xD2, 0x01, 0x02, 0x03, 0x03], [0x51, 0x61], [0x51, 0x61], [0x08]]).bytes))
        #expect(error.reason.contains("twice"))
    }

    @Test("unpaired UTF-16 surrogates are refused", arguments: [
        [0x61, 0xD8, 0x3D] as [UInt8],  // a high surrogate at the end
        [0x62, 0xD8, 0x3D, 0x00, 0x41],  // a high surrogate before a non-surrogate
        [0x61, 0xDE, 0x00],  // a low surrogate alone
        [0x62, 0xDE, 0x00, 0xD8, 0x3D],  // the pair in the wrong order
    ])
    func unpairedSurrogates(object: [UInt8]) throws {
        #expect(try #require(decodeError(HandBuiltPlist([object]).bytes)).reason.contains("unpaired surrogate"))
    }

    @Test("a well-formed surrogate pair decodes")
    func pairedSurrogates() throws {
        #expect(try BinaryPropertyList.decode(Data(HandBuiltPlist([[0x62, 0xD8, 0x3D, 0xDE, 0x00]]).bytes)) == "😀")
    }

    @Test("bytes above 0x7F in an ASCII string are refused")
    func nonASCII() throws {
        #expect(try #require(decodeError(HandBuiltPlist([[0x52, 0x41, 0xE9]]).bytes)).reason.contains("not ASCII"))
    }

    @Test("unknown, null, UID and set markers are refused with their names", arguments: [
        ([0x00] as [UInt8], "null"), ([0x70], "unknown marker 0x70"), ([0x0C], "unknown marker 0x0C"),
        ([0x80, 0x01], "UID"), ([0xC0], "set"), ([0x15] + [UInt8](repeating: 0, count: 32), "2^5 bytes"),
        ([0x21, 0, 0], "real"), ([0x32, 0, 0, 0, 0], "date"),
    ])
    func badMarkers(object: [UInt8], word: String) throws {
        #expect(try #require(decodeError(HandBuiltPlist([object]).bytes)).reason.contains(word))
    }

    @Test("16-byte integers decode only when they fit in 64 bits")
    func sixteenByteIntegers() throws {
        let minusOne = HandBuiltPlist([[0x14] + [UInt8](repeating: 0xFF, count: 16)]).bytes
        #expect(try BinaryPropertyList.decode(Data(minusOne)) == -1)
        let small = HandBuiltPlist([[0x14] + [UInt8](repeating: 0, count: 15) + [7]]).bytes
        #expect(try BinaryPropertyList.decode(Data(small)) == 7)
        let big = HandBuiltPlist([[0x14] + [UInt8](repeating: 0, count: 7) + [1] + [UInt8](repeating: 0, count: 8)]).bytes
        #expect(try #require(decodeError(big)).reason.contains("does not fit in 64 bits"))
        // 2^63 written as 16 bytes: the high half is zero but the value is not an Int64.
        let edge = HandBuiltPlist([[0x14] + [UInt8](repeating: 0, count: 8) + [0x80] + [UInt8](repeating: 0, count: 7)]).bytes
        #expect(try #require(decodeError(edge)).reason.contains("64 bits"))
    }

    @Test("a float32 real is read as its Double value")
    func float32() throws {
        #expect(try BinaryPropertyList.decode(Data(HandBuiltPlist([[0x22, 0x3F, 0xC0, 0x00, 0x00]]).bytes)) == 1.5)
    }

    @Test("an object running past the object area is refused")
    func objectOverrun() throws {
        // A 10-byte string with only 2 bytes before the offset table.
        let error = try #require(decodeError(HandBuiltPlist([[0x5A, 0x41, 0x42]]).bytes))
        #expect(error.reason.contains("needs 10 bytes"))
    }

    // MARK: Depth and limits

    @Test("10,000 nested arrays give a depth error, not a stack overflow")
    func deepNesting() throws {
        let depth = 10_000
        var objects = (0 ..< depth).map { [0xA1] + bigEndian(UInt64($0 + 1), size: 2) }
        objects.append([0xA0])
        let bytes = HandBuiltPlist(objects, offsetSize: 2, refSize: 2).bytes
        let error = try #require(decodeError(bytes))
        #expect(error.reason.contains("depth"))
        #expect(error.reason.contains("512"))
        // With the limit raised, the same file decodes, still without recursion.
        let decoded = try BinaryPropertyList.decode(Data(bytes), limits: DecodingLimits(maxDepth: depth + 1))
        var node = decoded, levels = 0
        while let items = node.arrayValue, let first = items.first { node = first; levels += 1 }
        #expect(levels == depth)
    }

    @Test("nesting exactly at the limit decodes, one more does not")
    func depthBoundary() throws {
        let nested: PropertyListValue = [[[1]]]  // depth 3
        let encoded = BinaryPropertyList.encode(nested)
        #expect(try BinaryPropertyList.decode(encoded, limits: DecodingLimits(maxDepth: 3)) == nested)
        #expect(throws: BinaryPropertyListError.self) { try BinaryPropertyList.decode(encoded, limits: DecodingLimits(maxDepth: 2)) }
    }

    @Test("object and collection limits are enforced with the limit named")
    func limits() throws {
        let encoded = [UInt8](BinaryPropertyList.encode(.array((0 ..< 100).map { .integer(Int64($0)) })))
        let objects = try #require(decodeError(encoded, limits: DecodingLimits(maxObjects: 50)))
        #expect(objects.reason == "the file has 101 objects; the limit is 50")
        let elements = try #require(decodeError(encoded, limits: DecodingLimits(maxCollectionCount: 99)))
        #expect(elements.reason.contains("100 elements; the limit is 99"))
        let data = [UInt8](BinaryPropertyList.encode(.data(Data(count: 1_000))))
        #expect(try #require(decodeError(data, limits: DecodingLimits(maxByteCount: 999))).reason.contains("limit is 999"))
    }

    @Test("the error describes itself with its byte offset")
    func errorDescription() throws {
        let error = try #require(decodeError(HandBuiltPlist([[0xA1, 0x00]]).bytes))
        #expect(error.description.contains("cycle"))
        #expect(error.description.contains("at byte 9"))
    }
}
