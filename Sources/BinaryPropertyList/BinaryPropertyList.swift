#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Apple's binary property list format, "bplist00", written and read by this module's own code.
///
/// Writing is deterministic (equal values give identical bytes) and compact (equal strings and
/// scalars are stored once). Reading treats every file as hostile: anything malformed throws a
/// `BinaryPropertyListError` saying what is wrong, within the bounds of `DecodingLimits`.
public enum BinaryPropertyList {
    static let magic: [UInt8] = Array("bplist00".utf8)

    /// Deterministic: dictionary keys written in sorted order (by Swift String `<`), equal strings
    /// and equal scalar values written once (uniqued) so repeated keys cost one object.
    public static func encode(_ value: PropertyListValue) -> Data {
        Data(BinaryPropertyListWriter.write(value))
    }

    /// The bytes of the value `value` stands for, written as `encode(_:)` writes it. For a writer
    /// whose dictionaries of thousands of keys are easier made in order than as dictionaries.
    package static func encode(_ value: PresortedValue) -> Data {
        Data(BinaryPropertyListWriter.write(value))
    }

    /// The same bytes as `encode(_:)`, without the copy into `Data`.
    public static func encodeBytes(_ value: PropertyListValue) -> [UInt8] {
        BinaryPropertyListWriter.write(value)
    }

    public static func decode(_ data: Data, limits: DecodingLimits = .default) throws(BinaryPropertyListError) -> PropertyListValue {
        let result = data.withUnsafeBytes { raw in
            decodeResult(raw.assumingMemoryBound(to: UInt8.self), limits: limits).result
        }
        return try result.get()
    }

    public static func decode(_ bytes: [UInt8], limits: DecodingLimits = .default) throws(BinaryPropertyListError) -> PropertyListValue {
        try bytes.withUnsafeBufferPointer { decodeResult($0, limits: limits).result }.get()
    }

    /// The key of the one-entry dictionary a UID is read as: `{"CF$UID" = 3}`, as XML plists write it.
    public static let uidKey = "CF$UID"

    /// Reads an `NSKeyedArchiver` archive as plain values, each UID (a reference into the
    /// archive's `$objects`) as a `{"CF$UID" = n}` dictionary. Nothing is instantiated.
    public static func decodeKeyedArchive(_ data: Data, limits: DecodingLimits = .default) throws(BinaryPropertyListError) -> PropertyListValue {
        let result = data.withUnsafeBytes { raw in
            decodeResult(raw.assumingMemoryBound(to: UInt8.self), limits: limits, readsUIDs: true).result
        }
        return try result.get()
    }

    /// Only a cheap check of the 8-byte header; `decode` still validates everything else.
    public static func isBinaryPropertyList(_ data: Data) -> Bool {
        data.count >= magic.count && data.prefix(magic.count).elementsEqual(magic)
    }

    /// `decode`, and the work the reader did (`BinaryPropertyListReader.work`: objects decoded,
    /// references followed, collections finished, bytes copied), refused or not: for tests that
    /// bound the reader's work by the file's size, which a clock on a busy machine cannot do.
    package static func decodeMeasuringWork(_ bytes: [UInt8], limits: DecodingLimits = .default)
        -> (result: Result<PropertyListValue, BinaryPropertyListError>, work: Int) {
        bytes.withUnsafeBufferPointer { decodeResult($0, limits: limits) }
    }

    // `withUnsafeBytes` cannot carry a typed error out, so the reader's outcome travels as a Result.
    private static func decodeResult(_ bytes: UnsafeBufferPointer<UInt8>, limits: DecodingLimits, readsUIDs: Bool = false)
        -> (result: Result<PropertyListValue, BinaryPropertyListError>, work: Int) {
        var reader: BinaryPropertyListReader
        do {
            reader = try BinaryPropertyListReader(bytes: bytes, limits: limits, readsUIDs: readsUIDs)
        } catch {
            return (.failure(error), 0)
        }
        do {
            let value = try reader.read()
            return (.success(value), reader.work)
        } catch {
            return (.failure(error), reader.work)
        }
    }
}
