import Foundation

/// A stable 64-bit digest (FNV-1a) of bytes and strings, for telling changed inputs from
/// unchanged ones. The same on every machine and every run.
struct Digest {
    private var hash: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ data: Data) {
        data.withUnsafeBytes { buffer in
            var hash = self.hash
            for byte in buffer {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01B3
            }
            self.hash = hash
        }
        separate()
    }

    mutating func add(_ text: String) {
        var hash = self.hash
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        self.hash = hash
        separate()
    }

    private mutating func separate() {
        hash ^= 0xFF
        hash = hash &* 0x0000_0100_0000_01B3
    }

    var value: String {
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
