import Foundation
import Testing
import BinaryPropertyList

/// Values every implementation can represent exactly. Dates are whole microseconds, which is what
/// Python's datetime keeps.
let interopValue: PropertyListValue = [
    "ascii": "hello",
    "unicode": "Grüße, 世界 🎉 e\u{301}",
    "longASCII": .string(String(repeating: "abc", count: 100)),
    "integers": [0, 1, 255, 256, 65_536, -1, -1_000_000, .integer(.max), .integer(.min)],
    "reals": [0.5, -2.75, 1e300, .real(.pi)],
    "flags": [true, false],
    "dates": [
        .date(Date(timeIntervalSinceReferenceDate: 0)),
        .date(Date(timeIntervalSinceReferenceDate: -86_400.5)),
        .date(Date(timeIntervalSinceReferenceDate: -978_307_200)),
        .date(Date(timeIntervalSinceReferenceDate: 700_000_000.25)),
    ],
    "data": .data(Data((0 ..< 300).map { UInt8($0 % 256) })),
    "emptyData": .data(Data()),
    "empty": [[], [:], ""],
    "nested": ["rows": .array((0 ..< 20).map { ["id": .integer(Int64($0)), "name": "row", "visible": .boolean($0 % 2 == 0)] })],
]

@Suite("Interop with Python's plistlib", .enabled(if: python3Path != nil, "python3 is not installed; plistlib interop is not checked"))
struct PythonInteropTests {
    @Test("plistlib reads what we write, with the same values")
    func pythonReadsOurs() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("ours-\(UUID().uuidString).plist")
        defer { try? FileManager.default.removeItem(at: file) }
        try BinaryPropertyList.encode(interopValue).write(to: file)

        let script = pythonToTaggedJSON + """
        with open(sys.argv[1], "rb") as f:
            value = plistlib.load(f, fmt=plistlib.FMT_BINARY)
        print(json.dumps(tag(value)))
        """
        let output = try runPython(script, arguments: [file.path])
        let json = try JSONSerialization.jsonObject(with: output)
        #expect(valueFromTaggedJSON(json) == interopValue)
    }

    @Test("plistlib reads our large files, with 4-byte references and offsets")
    func pythonReadsLarge() throws {
        let value = PropertyListValue.array((0 ..< 70_000).map { .integer(Int64($0) * 3) })
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("large-\(UUID().uuidString).plist")
        defer { try? FileManager.default.removeItem(at: file) }
        try BinaryPropertyList.encode(value).write(to: file)
        let output = try runPython("import plistlib, sys; v = plistlib.load(open(sys.argv[1], 'rb')); print(len(v), sum(v))", arguments: [file.path])
        #expect(String(decoding: output, as: UTF8.self) == "70000 \((0 ..< 70_000).reduce(0) { $0 + $1 * 3 })\n")
    }

    @Test("we read what plistlib writes")
    func oursReadsPython() throws {
        let script = """
        import datetime, plistlib, sys
        value = {
            "ascii": "hello", "unicode": "Grüße, 世界 🎉",
            "integers": [0, 255, 256, 65536, -1, 2**63 - 1, -2**63],
            "real": 0.1, "flags": [True, False],
            "date": datetime.datetime(1999, 12, 31, 23, 59, 59),
            "data": bytes(range(256)), "empty": [[], {}, "", b""],
            "nested": {"a": {"b": {"c": [1, "x"]}}},
            "shared": ["same", "same", "same"],
        }
        sys.stdout.buffer.write(plistlib.dumps(value, fmt=plistlib.FMT_BINARY, sort_keys=True))
        """
        let expected: PropertyListValue = [
            "ascii": "hello", "unicode": "Grüße, 世界 🎉",
            "integers": [0, 255, 256, 65_536, -1, .integer(.max), .integer(.min)],
            "real": 0.1, "flags": [true, false],
            "date": .date(Date(timeIntervalSinceReferenceDate: -31_622_401)),  // 2000 is a leap year
            "data": .data(Data(0 ... 255)), "empty": [[], [:], "", .data(Data())],
            "nested": ["a": ["b": ["c": [1, "x"]]]],
            "shared": ["same", "same", "same"],
        ]
        #expect(try BinaryPropertyList.decode(runPython(script)) == expected)
    }

    @Test("a plistlib integer beyond 64 bits is refused with a reason, not truncated")
    func pythonHugeInteger() throws {
        let output = try runPython("import plistlib, sys; sys.stdout.buffer.write(plistlib.dumps([2**64 - 1], fmt=plistlib.FMT_BINARY))")
        let error = try #require(decodeError([UInt8](output)))
        #expect(error.reason.contains("64 bits"))
    }
}

@Suite("Interop with Foundation's PropertyListSerialization")
struct FoundationInteropTests {
    @Test("PropertyListSerialization reads what we write, with the same values")
    func foundationReadsOurs() throws {
        let object = try PropertyListSerialization.propertyList(from: BinaryPropertyList.encode(interopValue), options: [], format: nil)
        #expect(valueFromFoundation(object) == interopValue)
    }

    @Test("we read what PropertyListSerialization writes")
    func oursReadsFoundation() throws {
        let data = try PropertyListSerialization.data(fromPropertyList: foundationObject(interopValue), format: .binary, options: 0)
        #expect(data.starts(with: Array("bplist00".utf8)))
        #expect(try BinaryPropertyList.decode(data) == interopValue)
    }

    @Test("round trip through Foundation and back keeps every value", arguments: RoundTripTests.scalars)
    func scalarsThroughFoundation(_ value: PropertyListValue) throws {
        // Foundation reads ours and writes its own; we read that.
        let object = try PropertyListSerialization.propertyList(from: BinaryPropertyList.encode([value]), options: [], format: nil)
        let theirs = try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0)
        #expect(try BinaryPropertyList.decode(theirs) == [value])
    }
}
