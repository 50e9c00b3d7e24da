import Foundation

/// FNV-1a, 64 bits: the one hash the workbook tells changed inputs from unchanged ones with
/// (captures, the site's build records, a class's checks). Cheap, and the same on every machine
/// and every run, which a stored digest needs; not meant to resist anyone forging a collision.
public struct FNV1a: Sendable {
    public private(set) var hash: UInt64 = 0xcbf2_9ce4_8422_2325

    public init() {}

    /// Adds bytes as they are: the hash of one text is `FNV1a.hexadecimal(of:)`.
    public mutating func combine(_ bytes: UnsafeRawBufferPointer) {
        var hash = self.hash
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* Self.prime
        }
        self.hash = hash
    }

    /// Adds one field of a record: its bytes, then 0xFF, a byte no UTF-8 text holds, so that
    /// fields `ab`, `c` and fields `a`, `bc` hash apart.
    public mutating func add(_ data: Data) {
        data.withUnsafeBytes { combine($0) }
        endField()
    }

    public mutating func add(_ text: String) {
        var text = text
        text.withUTF8 { combine(UnsafeRawBufferPointer($0)) }
        endField()
    }

    private mutating func endField() {
        hash = (hash ^ 0xFF) &* Self.prime
    }

    /// The hash as 16 hexadecimal digits, zeros in front.
    public var hexadecimal: String {
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The hash of one text's UTF-8 bytes, as they are (no field marker).
    public static func hash(of text: String) -> UInt64 {
        var fnv = FNV1a()
        var text = text
        text.withUTF8 { fnv.combine(UnsafeRawBufferPointer($0)) }
        return fnv.hash
    }

    /// The same, as 16 hexadecimal digits.
    public static func hexadecimal(of text: String) -> String {
        var fnv = FNV1a()
        fnv.hash = hash(of: text)
        return fnv.hexadecimal
    }

    private static let prime: UInt64 = 0x0000_0100_0000_01B3
}
