import Foundation
@testable import RestorationKit

/// Seeded damage to a binary property list, for fuzzing: the same seed gives the same damage on
/// every machine, so a failure names the seed that reproduces it.
///
/// Besides random bytes it aims at what a reader trusts most: the trailer, the offset table and
/// the references, which it turns into shared references, cycles and knots.
struct PropertyListMutator {
    enum Mutation: CaseIterable {
        case flipBytes, truncate, splice, tamperOffsetTable, tamperTrailer, shareReferences, tangleReferences, extremeInteger
    }

    private var random: SeededRandomNumberGenerator

    init(seed: UInt64) {
        random = SeededRandomNumberGenerator(seed: seed)
    }

    /// One to three mutations of `original`, a file our writer produced. The aimed ones use
    /// its layout, which stays where it was as long as no mutation changed the file's length.
    mutating func mutate(_ original: [UInt8]) -> [UInt8] {
        let layout = PropertyListLayout(original)
        var bytes = original
        for _ in 0 ..< Int.random(in: 1 ... 3, using: &random) where bytes.count > 40 {
            let mutation = Mutation.allCases.randomElement(using: &random)!
            apply(bytes.count == original.count ? mutation : .flipBytes, to: &bytes, layout: layout)
        }
        return bytes
    }

    private mutating func apply(_ mutation: Mutation, to bytes: inout [UInt8], layout: PropertyListLayout) {
        switch mutation {
        case .flipBytes:
            for _ in 0 ..< Int.random(in: 1 ... 4, using: &random) {
                bytes[Int.random(in: 0 ..< bytes.count, using: &random)] ^= UInt8.random(in: 1 ... .max, using: &random)
            }
        case .truncate:
            bytes.removeLast(Int.random(in: 1 ... bytes.count, using: &random))
        case .splice:
            // A run of the file copied over another place: plausible objects where they do not belong.
            let length = Int.random(in: 1 ... min(32, bytes.count / 2), using: &random)
            let from = Int.random(in: 0 ... bytes.count - length, using: &random)
            let to = Int.random(in: 0 ... bytes.count - length, using: &random)
            bytes.replaceSubrange(to ..< to + length, with: Array(bytes[from ..< from + length]))
        case .tamperOffsetTable:
            guard layout.objectCount > 1 else { return flipTrailer(&bytes) }
            // One object's entry pointing at another object, or anywhere.
            let entry = layout.offsetTableOffset + Int.random(in: 0 ..< layout.objectCount, using: &random) * layout.offsetSize
            let target = Bool.random(using: &random) ? layout.offsets.randomElement(using: &random)! : Int.random(in: 0 ..< bytes.count, using: &random)
            for byte in 0 ..< layout.offsetSize {
                bytes[entry + byte] = UInt8(truncatingIfNeeded: target >> (8 * (layout.offsetSize - 1 - byte)))
            }
        case .tamperTrailer:
            flipTrailer(&bytes)
        case .shareReferences:
            // Values pointed at one of the next few collections after their own. Our writer numbers
            // parents before children, so no cycle appears, and the sharing multiplies down
            // the levels: each redirected nested array can double the tree.
            let collections = layout.collections.filter { $0.refCount > 0 }
            for _ in 0 ..< Int.random(in: 1 ... 24, using: &random) {
                guard let collection = collections.randomElement(using: &random),
                      let target = layout.collections.filter({ $0.object > collection.object }).prefix(3).randomElement(using: &random) else { return }
                let firstValue = collection.isDictionary ? collection.refCount / 2 : 0
                for index in firstValue ..< collection.refCount where Bool.random(using: &random) {
                    layout.setReference(index, of: collection, to: target.object, in: &bytes)
                }
            }
        case .tangleReferences:
            // References pointed at any collection: cycles, knots, and collections as keys.
            let collections = layout.collections.filter { $0.refCount > 0 }
            guard !collections.isEmpty else { return }
            for _ in 0 ..< Int.random(in: 1 ... 16, using: &random) {
                let collection = collections.randomElement(using: &random)!
                let target = collections.randomElement(using: &random)!.object
                layout.setReference(Int.random(in: 0 ..< collection.refCount, using: &random), of: collection, to: target, in: &bytes)
            }
        case .extremeInteger:
            // An integer object (marker 0x1n) given an extreme value of its size.
            let integers = layout.offsets.filter { $0 < layout.offsetTableOffset && bytes[$0] >> 4 == 0x1 }
            guard let start = integers.randomElement(using: &random) else { return }
            let size = 1 << Int(bytes[start] & 0x0F)
            guard start + size < layout.offsetTableOffset else { return }
            let extremes: [UInt64] = [0, 1, 2, 3, .max, .max >> 1, 1 << 63, (1 << 63) + 1, UInt64(bitPattern: -1), UInt64(bitPattern: -2)]
            let value = extremes.randomElement(using: &random)!
            for byte in 0 ..< size {
                bytes[start + 1 + byte] = UInt8(truncatingIfNeeded: value >> UInt64(8 * (size - 1 - byte)))
            }
        }
    }

    /// One field of the trailer set to an extreme or random value.
    private mutating func flipTrailer(_ bytes: inout [UInt8]) {
        let trailer = bytes.count - PropertyListLayout.trailerSize
        switch Int.random(in: 0 ..< 3, using: &random) {
        case 0: // offset or reference size
            bytes[trailer + Int.random(in: 6 ... 7, using: &random)] = [0, 1, 2, 3, 4, 8, 16, 255].randomElement(using: &random)!
        default: // object count, top object or offset table offset
            let field = trailer + 8 * Int.random(in: 1 ... 3, using: &random)
            let value: UInt64 = [0, 1, .max, 1 << 63, UInt64(bytes.count), UInt64.random(in: 0 ... UInt64(bytes.count), using: &random)].randomElement(using: &random)!
            for byte in 0 ..< 8 { bytes[field + byte] = UInt8(truncatingIfNeeded: value >> UInt64(8 * (7 - byte))) }
        }
    }
}
