import BinaryPropertyList
import Foundation

/// Property lists whose shared references expand exponentially: each level is an array that
/// references the level below twice, so a file of a few hundred bytes stands for a tree of
/// 2^levels values. Our writer never shares arrays, so the sharing is patched in afterwards.
enum ExpandingPropertyList {
    /// The string at the bottom of every chain; nothing else in an archive says this.
    static let leaf = "doubling-leaf" // ASCII and under 15 bytes: its length fits in the marker

    /// `levels` nested arrays of two elements, each `[next level, leaf]`: linear as a value,
    /// until `sharingReferences(in:)` points each second element at the first.
    static func chain(levels: Int) -> PropertyListValue {
        var chain: PropertyListValue = [.string(leaf), .string(leaf)]
        for _ in 1 ..< levels { chain = [chain, .string(leaf)] }
        return chain
    }

    /// `value` encoded, with every `chain(levels:)` inside turned into a doubling one.
    static func encode(_ value: PropertyListValue) -> Data {
        var bytes = BinaryPropertyList.encodeBytes(value)
        let layout = PropertyListLayout(bytes)
        let marker = 0x50 | UInt8(leaf.utf8.count)
        guard let leafObject = layout.offsets.firstIndex(where: { start in
            bytes[start] == marker && bytes[start + 1 ... start + leaf.utf8.count].elementsEqual(leaf.utf8)
        }) else { return Data(bytes) }
        for collection in layout.collections where !collection.isDictionary && collection.refCount == 2 {
            let first = layout.reference(0, of: collection, in: bytes)
            if first != leafObject, layout.reference(1, of: collection, in: bytes) == leafObject {
                layout.setReference(1, of: collection, to: first, in: &bytes)
            }
        }
        return Data(bytes)
    }
}
