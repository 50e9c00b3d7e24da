import Foundation
import BinaryPropertyList

/// Builds binary property lists byte by byte, so tests can write files our encoder never would.
struct HandBuiltPlist {
    /// Each object's bytes, numbered in order; laid out one after another after the header.
    var objects: [[UInt8]]
    var offsetSize = 1
    var refSize = 1
    var topObject: UInt64 = 0
    /// Replace what the trailer would truthfully say.
    var declaredObjectCount: UInt64?
    var declaredOffsetTableOffset: UInt64?

    init(_ objects: [[UInt8]], offsetSize: Int = 1, refSize: Int = 1) {
        self.objects = objects
        self.offsetSize = offsetSize
        self.refSize = refSize
    }

    var bytes: [UInt8] {
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(bytes.count)
            bytes += object
        }
        let tableOffset = bytes.count
        for offset in offsets { bytes += bigEndian(UInt64(offset), size: offsetSize) }
        bytes += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(refSize)]
        bytes += bigEndian(declaredObjectCount ?? UInt64(objects.count), size: 8)
        bytes += bigEndian(topObject, size: 8)
        bytes += bigEndian(declaredOffsetTableOffset ?? UInt64(tableOffset), size: 8)
        return bytes
    }
}

func bigEndian(_ value: UInt64, size: Int) -> [UInt8] {
    (0 ..< size).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
}

/// The error decoding throws, or `nil` when the bytes decode.
func decodeError(_ bytes: [UInt8], limits: DecodingLimits = .default) -> BinaryPropertyListError? {
    do {
        _ = try BinaryPropertyList.decode(Data(bytes), limits: limits)
        return nil
    } catch {
        return error
    }
}

/// The trailer's fields of a file we wrote.
struct Trailer {
    let offsetSize: Int
    let refSize: Int
    let objectCount: Int
    let topObject: Int
    let offsetTableOffset: Int

    init(_ data: Data) {
        let bytes = [UInt8](data.suffix(32))
        func integer(_ start: Int) -> Int { bytes[start ..< start + 8].reduce(0) { $0 << 8 | Int($1) } }
        offsetSize = Int(bytes[6])
        refSize = Int(bytes[7])
        objectCount = integer(8)
        topObject = integer(16)
        offsetTableOffset = integer(24)
    }
}

/// SplitMix64: small, seeded, the same sequence on every run and platform.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A value with one of everything, nested, for round trips and for hostile-input baselines.
let sampleValue: PropertyListValue = [
    "name": "Café ☕️ 🎉",
    "ascii": "plain text that is longer than fifteen characters",
    "count": 42,
    "negative": -7,
    "max": .integer(.max),
    "min": .integer(.min),
    "ratio": 0.1,
    "flag": true,
    "off": false,
    "when": .date(Date(timeIntervalSinceReferenceDate: -86_400.5)),
    "blob": .data(Data((0 ..< 40).map { UInt8($0) })),
    "list": [1, "two", 3.5, [], [:], ["nested": ["deeper": [true]]]],
    "empty": "",
]

// MARK: python3

/// The python3 on PATH, if any.
let python3Path: String? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for directory in path.split(separator: ":") {
        let candidate = "\(directory)/python3"
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
}()

struct PythonFailure: Error, CustomStringConvertible {
    let status: Int32
    let stderr: String
    var description: String { "python3 exited with status \(status): \(stderr)" }
}

/// Runs a python3 script with arguments and returns what it printed on standard output.
func runPython(_ script: String, arguments: [String] = []) throws -> Data {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: python3Path!)
    process.arguments = ["-c", script] + arguments
    let output = Pipe()
    let errors = FileManager.default.temporaryDirectory.appendingPathComponent("plist-python-\(UUID().uuidString).err")
    _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: errors) }
    process.standardOutput = output
    process.standardError = try FileHandle(forWritingTo: errors)
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw PythonFailure(status: process.terminationStatus, stderr: (try? String(contentsOf: errors, encoding: .utf8)) ?? "")
    }
    return data
}

/// Python that turns a plistlib value into tagged JSON, so nothing is lost on the way back:
/// integers as decimal strings, reals as hex floats, dates as integer microseconds since 2001.
let pythonToTaggedJSON = """
import base64, datetime, json, plistlib, sys
EPOCH = datetime.datetime(2001, 1, 1)
def tag(v):
    if isinstance(v, bool): return {"b": v}
    if isinstance(v, int): return {"i": str(v)}
    if isinstance(v, float): return {"r": v.hex()}
    if isinstance(v, str): return {"s": v}
    if isinstance(v, bytes): return {"d": base64.b64encode(v).decode()}
    if isinstance(v, datetime.datetime): return {"t": str((v - EPOCH) // datetime.timedelta(microseconds=1))}
    if isinstance(v, list): return {"a": [tag(x) for x in v]}
    if isinstance(v, dict): return {"o": {k: tag(x) for k, x in v.items()}}
    raise TypeError(type(v))

"""

/// Reads the tagged JSON printed by `pythonToTaggedJSON`.
func valueFromTaggedJSON(_ json: Any) -> PropertyListValue? {
    guard let object = json as? [String: Any], let (tag, payload) = object.first, object.count == 1 else { return nil }
    switch tag {
    case "b": return (payload as? Bool).map(PropertyListValue.boolean)
    case "i": return (payload as? String).flatMap { Int64($0) }.map(PropertyListValue.integer)
    case "r": return (payload as? String).flatMap { Double($0) }.map(PropertyListValue.real)
    case "s": return (payload as? String).map(PropertyListValue.string)
    case "d": return (payload as? String).flatMap { Data(base64Encoded: $0) }.map(PropertyListValue.data)
    case "t": return (payload as? String).flatMap { Int64($0) }.map { .date(Date(timeIntervalSinceReferenceDate: Double($0) / 1e6)) }
    case "a":
        guard let items = payload as? [Any] else { return nil }
        let values = items.compactMap(valueFromTaggedJSON)
        return values.count == items.count ? .array(values) : nil
    case "o":
        guard let entries = payload as? [String: Any] else { return nil }
        var values: [String: PropertyListValue] = [:]
        for (key, item) in entries {
            guard let value = valueFromTaggedJSON(item) else { return nil }
            values[key] = value
        }
        return .dictionary(values)
    default: return nil
    }
}

// MARK: Foundation

/// A Foundation property list (as PropertyListSerialization returns it) as a `PropertyListValue`.
func valueFromFoundation(_ object: Any) -> PropertyListValue? {
    if type(of: object) == Bool.self { return .boolean(object as! Bool) }
    switch object {
    case let string as String: return .string(string)
    case let date as Date: return .date(date)
    case let data as Data: return .data(data)
    case let number as NSNumber:
        // CFBoolean is a distinct kind on Apple platforms; reals report "d" or "f".
        if CFGetTypeIDIfBoolean(number) { return .boolean(number.boolValue) }
        let type = String(cString: number.objCType)
        return type == "d" || type == "f" ? .real(number.doubleValue) : .integer(number.int64Value)
    case let items as [Any]:
        let values = items.compactMap(valueFromFoundation)
        return values.count == items.count ? .array(values) : nil
    case let entries as [AnyHashable: Any]:
        var values: [String: PropertyListValue] = [:]
        for (key, item) in entries {
            guard let key = key.base as? String, let value = valueFromFoundation(item) else { return nil }
            values[key] = value
        }
        return .dictionary(values)
    default: return nil
    }
}

private func CFGetTypeIDIfBoolean(_ number: NSNumber) -> Bool {
    #if canImport(Darwin)
    return CFGetTypeID(number) == CFBooleanGetTypeID()
    #else
    return false
    #endif
}

/// A `PropertyListValue` as Foundation objects, for PropertyListSerialization to write.
func foundationObject(_ value: PropertyListValue) -> Any {
    switch value {
    case .string(let string): return string
    case .integer(let integer): return NSNumber(value: integer)
    case .real(let real): return NSNumber(value: real)
    case .boolean(let flag): return flag
    case .date(let date): return date
    case .data(let data): return data
    case .array(let items): return items.map(foundationObject)
    case .dictionary(let entries): return entries.mapValues(foundationObject)
    }
}
