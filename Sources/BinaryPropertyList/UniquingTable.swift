/// The writer's table from a value already written to its object number, so that equal values
/// are stored once.
///
/// Open addressing with linear probing over a hash of the key's exact bits. `Dictionary` would
/// do, but it hashes every key with a freshly seeded SipHash, which made hashing the largest
/// cost of writing an archive of a hundred thousand strings. The keys here are the app's own
/// values, written once; the table does not need protection against keys chosen to collide.
struct UniquingTable<Key: UniquingKey> {
    /// For each slot, 0 when empty, else the entry's index plus one in the low 32 bits and the
    /// high half of its hash in the high 32: most slots that are not the key are told apart
    /// without reading the key, which on a table of a hundred thousand strings is a cache miss.
    private var slots: [UInt64]
    private var keys: [Key] = []
    private var objects: [Int] = []
    /// Each entry's hash, read only when the table grows.
    private var hashes: [UInt64] = []

    private static var tagMask: UInt64 { 0xFFFF_FFFF_0000_0000 }

    init() {
        slots = Array(repeating: 0, count: 16)
    }

    /// The object number of `key`, or `nil` when it has none yet.
    func object(for key: Key, hash: UInt64) -> Int? {
        let mask = slots.count - 1
        let tag = hash & Self.tagMask
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let contents = slots[slot]
            if contents == 0 { return nil }
            if contents & Self.tagMask == tag {
                let entry = Int(truncatingIfNeeded: contents & ~Self.tagMask) - 1
                if Key.same(keys[entry], key) { return objects[entry] }
            }
            slot = (slot + 1) & mask
        }
    }

    /// Records `object` as the number of `key`, which must not be in the table.
    mutating func insert(_ key: Key, hash: UInt64, object: Int) {
        keys.append(key)
        objects.append(object)
        hashes.append(hash)
        // At most half full, so that probe sequences stay short.
        if keys.count * 2 > slots.count {
            slots = Array(repeating: 0, count: slots.count * 2)
            for (index, hash) in hashes.enumerated() { place(entry: index, hash: hash) }
        } else {
            place(entry: keys.count - 1, hash: hash)
        }
    }

    private mutating func place(entry: Int, hash: UInt64) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = hash & Self.tagMask | UInt64(entry + 1)
    }
}

/// A key of a `UniquingTable`: equality on exact bits, and a hash to match.
protocol UniquingKey {
    static func same(_ lhs: Self, _ rhs: Self) -> Bool
}

extension UInt64: UniquingKey {
    static func same(_ lhs: UInt64, _ rhs: UInt64) -> Bool { lhs == rhs }

    /// Spreads the bits of a number (an integer, or the bit pattern of a real or a date) over
    /// the whole hash, so that numbers close together land in different slots.
    var uniquingHash: UInt64 {
        var mixed = self ^ (self >> 33)
        mixed &*= 0xFF51_AFD7_ED55_8CCD
        mixed ^= mixed >> 33
        mixed &*= 0xC4CE_B9FE_1A85_EC53
        return mixed ^ (mixed >> 33)
    }
}

extension ExactString: UniquingKey {
    static func same(_ lhs: ExactString, _ rhs: ExactString) -> Bool { lhs == rhs }

    /// A hash of the string's UTF-8 bytes, eight at a time.
    var uniquingHash: UInt64 {
        var string = string
        return string.withUTF8 { bytes -> UInt64 in
            let raw = UnsafeRawBufferPointer(bytes)
            var hash = UInt64(truncatingIfNeeded: raw.count) &* 0x9E37_79B9_7F4A_7C15
            var position = 0
            while position + 8 <= raw.count {
                hash = (hash ^ raw.loadUnaligned(fromByteOffset: position, as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
                hash ^= hash >> 31
                position += 8
            }
            var tail: UInt64 = 0
            var shift: UInt64 = 0
            while position < raw.count {
                tail |= UInt64(raw[position]) << shift
                shift += 8
                position += 1
            }
            return (hash ^ tail).uniquingHash
        }
    }
}
