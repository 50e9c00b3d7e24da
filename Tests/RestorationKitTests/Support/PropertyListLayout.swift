import Foundation

/// Where the parts of a binary property list lie, read from its trailer and offset table, so that
/// tests can aim damage at them. Only for files our writer produced (it trusts what it reads).
struct PropertyListLayout {
    /// One array or dictionary: where its references start and how many there are (a
    /// dictionary's keys, then its values).
    struct Collection {
        let object: Int
        let isDictionary: Bool
        let refsStart: Int
        let refCount: Int
    }

    let offsetSize: Int
    let refSize: Int
    let objectCount: Int
    let offsetTableOffset: Int
    let offsets: [Int]
    let collections: [Collection]

    static let trailerSize = 32

    init(_ bytes: [UInt8]) {
        let trailer = bytes.count - Self.trailerSize
        func integer(at position: Int, size: Int) -> Int {
            bytes[position ..< position + size].reduce(0) { $0 << 8 | Int($1) }
        }
        offsetSize = Int(bytes[trailer + 6])
        refSize = Int(bytes[trailer + 7])
        objectCount = integer(at: trailer + 8, size: 8)
        offsetTableOffset = integer(at: trailer + 24, size: 8)
        offsets = (0 ..< objectCount).map { [offsetTableOffset, offsetSize] object in integer(at: offsetTableOffset + object * offsetSize, size: offsetSize) }
        collections = offsets.enumerated().compactMap { object, start in
            let marker = bytes[start]
            guard marker >> 4 == 0xA || marker >> 4 == 0xD else { return nil }
            var count = Int(marker & 0x0F), refsStart = start + 1
            if count == 0xF {
                let size = 1 << Int(bytes[start + 1] & 0x0F)
                count = integer(at: start + 2, size: size)
                refsStart = start + 2 + size
            }
            let isDictionary = marker >> 4 == 0xD
            return Collection(object: object, isDictionary: isDictionary, refsStart: refsStart, refCount: isDictionary ? 2 * count : count)
        }
    }

    var trailerStart: Int { offsetTableOffset + objectCount * offsetSize }

    func reference(_ index: Int, of collection: Collection, in bytes: [UInt8]) -> Int {
        let position = collection.refsStart + index * refSize
        return bytes[position ..< position + refSize].reduce(0) { $0 << 8 | Int($1) }
    }

    func setReference(_ index: Int, of collection: Collection, to object: Int, in bytes: inout [UInt8]) {
        let position = collection.refsStart + index * refSize
        for byte in 0 ..< refSize {
            bytes[position + byte] = UInt8(truncatingIfNeeded: object >> (8 * (refSize - 1 - byte)))
        }
    }
}
