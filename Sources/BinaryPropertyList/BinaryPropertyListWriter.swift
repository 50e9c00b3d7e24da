#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Writes a `PropertyListValue` as "bplist00", deterministically and in one pass over the value.
///
/// Layout: the header, then every non-collection object in the order first met, then every
/// array and dictionary, then the offset table and the trailer. Scalars are written as soon as
/// they are met; collections wait until the object count is known, because the size of their
/// references (1, 2, 4 or 8 bytes) depends on it. Offsets need not increase with the object
/// number; every reader goes through the offset table.
///
/// Determinism: dictionary keys are sorted, objects are numbered in a fixed traversal order, and
/// strings, numbers, booleans, dates and data are uniqued by exact content (not by Swift's
/// Unicode-equivalence `==`, which would turn "e\u{301}" into "é").
struct BinaryPropertyListWriter {
    /// An array or dictionary waiting for the reference size; its references are
    /// `refs[refStart ..< refStart + refCount]`.
    private struct PendingCollection {
        let object: Int
        let marker: UInt8
        let count: Int
        let refStart: Int
        let refCount: Int
    }

    private var bytes: [UInt8] = []
    /// The byte offset of each object, by object number; collections get theirs in the end.
    private var offsets: [Int] = []
    /// The references of all collections, one flat buffer, filled as children get numbers.
    private var refs: [Int] = []
    private var collections: [PendingCollection] = []

    // Uniquing tables: content to object number.
    private var strings = UniquingTable<ExactString>()
    private var integers = UniquingTable<UInt64>()  // by bit pattern
    private var reals = UniquingTable<UInt64>()  // by bit pattern, so 0.0 and -0.0 stay apart
    private var dates = UniquingTable<UInt64>()
    private var datas: [Data: Int] = [:]
    private var falseObject: Int?
    private var trueObject: Int?

    static func write(_ value: PropertyListValue) -> [UInt8] {
        write(.value(value))
    }

    static func write(_ value: PresortedValue) -> [UInt8] {
        var writer = BinaryPropertyListWriter()
        return writer.finish(topObject: writer.addObjects(from: value))
    }

    // MARK: Numbering objects

    /// Numbers every object of the tree, writing scalars on the way. Iterative, so the depth of
    /// the value cannot overflow the stack here.
    private mutating func addObjects(from top: PresortedValue) -> Int {
        bytes.reserveCapacity(4096)
        bytes.append(contentsOf: BinaryPropertyList.magic)

        // Collections still to number, with the slot in `refs` that waits for their number.
        var stack: [(value: PresortedValue, slot: Int)] = []
        var topObject = 0
        if case .value(let value) = top, let scalar = addScalar(value) { return scalar }
        stack.append((top, -1))

        while let (value, slot) = stack.popLast() {
            let object = offsets.count
            offsets.append(-1)
            if slot >= 0 { refs[slot] = object } else { topObject = object }
            let firstPushed = stack.count

            switch value {
            case .value(.array(let items)):
                let refStart = reserveRefs(items.count)
                collections.append(PendingCollection(object: object, marker: 0xA0, count: items.count, refStart: refStart, refCount: items.count))
                for (position, item) in items.enumerated() {
                    if let scalar = addScalar(item) {
                        refs[refStart + position] = scalar
                    } else {
                        stack.append((.value(item), refStart + position))
                    }
                }
            case .value(.dictionary(let entries)):
                let sorted = entries.sorted { $0.key < $1.key }
                let refStart = startDictionary(object, count: sorted.count)
                for position in sorted.indices { refs[refStart + position] = addString(sorted[position].key) }
                for position in sorted.indices { add(sorted[position].value, at: refStart + sorted.count + position, stack: &stack) }
            case .dictionary(let sorted):
                assert(PresortedValue.isKeyOrder(sorted.lazy.map(\.key)), "a presorted dictionary's keys must be in order")
                let refStart = startDictionary(object, count: sorted.count)
                for position in sorted.indices { refs[refStart + position] = addString(sorted[position].key) }
                for position in sorted.indices { add(sorted[position].value, at: refStart + sorted.count + position, stack: &stack) }
            case .value:
                preconditionFailure("only collections are stacked")
            }
            // Children are popped first-to-last, so the numbering follows the value's order.
            stack[firstPushed...].reverse()
        }
        return topObject
    }

    // A dictionary's keys are numbered in order, then its scalar values; its collections are
    // stacked to be numbered next. Plain functions rather than one generic over the two kinds of
    // entries: a launch of an app built for debugging made its generic types at run time, at
    // every first Home.

    /// Makes room for a dictionary's references; returns where they start.
    private mutating func startDictionary(_ object: Int, count: Int) -> Int {
        let refStart = reserveRefs(2 * count)
        collections.append(PendingCollection(object: object, marker: 0xD0, count: count, refStart: refStart, refCount: 2 * count))
        return refStart
    }

    private mutating func add(_ value: PropertyListValue, at slot: Int, stack: inout [(value: PresortedValue, slot: Int)]) {
        if let scalar = addScalar(value) { refs[slot] = scalar } else { stack.append((.value(value), slot)) }
    }

    private mutating func add(_ value: PresortedValue, at slot: Int, stack: inout [(value: PresortedValue, slot: Int)]) {
        if case .value(let scalar) = value { add(scalar, at: slot, stack: &stack) } else { stack.append((value, slot)) }
    }

    private mutating func reserveRefs(_ count: Int) -> Int {
        let start = refs.count
        refs.append(contentsOf: repeatElement(0, count: count))
        return start
    }

    /// The number of a scalar, written now if it is new; `nil` for collections.
    private mutating func addScalar(_ value: PropertyListValue) -> Int? {
        switch value {
        case .string(let string):
            return addString(string)
        case .integer(let integer):
            let bits = UInt64(bitPattern: integer), hash = bits.uniquingHash
            if let existing = integers.object(for: bits, hash: hash) { return existing }
            let object = startObject()
            integers.insert(bits, hash: hash, object: object)
            writeInteger(integer)
            return object
        case .real(let real):
            let bits = real.bitPattern, hash = bits.uniquingHash
            if let existing = reals.object(for: bits, hash: hash) { return existing }
            let object = startObject()
            reals.insert(bits, hash: hash, object: object)
            bytes.append(0x23)
            appendBigEndian(bits, byteCount: 8)
            return object
        case .boolean(let flag):
            if let existing = flag ? trueObject : falseObject { return existing }
            let object = startObject()
            if flag { trueObject = object } else { falseObject = object }
            bytes.append(flag ? 0x09 : 0x08)
            return object
        case .date(let date):
            let bits = date.timeIntervalSinceReferenceDate.bitPattern, hash = bits.uniquingHash
            if let existing = dates.object(for: bits, hash: hash) { return existing }
            let object = startObject()
            dates.insert(bits, hash: hash, object: object)
            bytes.append(0x33)
            appendBigEndian(bits, byteCount: 8)
            return object
        case .data(let data):
            if let existing = datas[data] { return existing }
            let object = startObject()
            datas[data] = object
            writeMarker(0x40, count: data.count)
            data.withUnsafeBytes { raw in
                bytes.append(contentsOf: raw.assumingMemoryBound(to: UInt8.self))
            }
            return object
        case .array, .dictionary:
            return nil
        }
    }

    private mutating func addString(_ string: String) -> Int {
        let key = ExactString(string), hash = key.uniquingHash
        if let existing = strings.object(for: key, hash: hash) { return existing }
        let object = startObject()
        strings.insert(key, hash: hash, object: object)
        writeString(string)
        return object
    }

    /// Numbers a new object that starts at the end of the buffer.
    private mutating func startObject() -> Int {
        offsets.append(bytes.count)
        return offsets.count - 1
    }

    // MARK: Encoding objects

    private mutating func writeString(_ string: String) {
        var string = string
        let isASCII = string.withUTF8 { utf8 -> Bool in
            var union: UInt8 = 0
            for byte in utf8 { union |= byte }
            guard union < 0x80 else { return false }
            writeMarker(0x50, count: utf8.count)
            bytes.append(contentsOf: utf8)
            return true
        }
        guard !isASCII else { return }
        // Anything else is UTF-16, big-endian, counted in code units.
        let utf16 = string.utf16
        writeMarker(0x60, count: utf16.count)
        bytes.reserveCapacity(bytes.count + 2 * utf16.count)
        for unit in utf16 {
            bytes.append(UInt8(truncatingIfNeeded: unit >> 8))
            bytes.append(UInt8(truncatingIfNeeded: unit))
        }
    }

    /// Non-negative integers take the fewest bytes; 1, 2 and 4-byte integers are unsigned in the
    /// format, so negative ones always take 8.
    private mutating func writeInteger(_ value: Int64) {
        let byteCount = value < 0 ? 8 : Self.byteCount(forMaximum: UInt64(value))
        bytes.append(0x10 | UInt8(byteCount.trailingZeroBitCount))
        appendBigEndian(UInt64(bitPattern: value), byteCount: byteCount)
    }

    /// A marker with the count in its low nibble, or 0xF and the count as an integer object.
    private mutating func writeMarker(_ marker: UInt8, count: Int) {
        if count < 15 {
            bytes.append(marker | UInt8(count))
        } else {
            bytes.append(marker | 0x0F)
            writeInteger(Int64(count))
        }
    }

    private mutating func appendBigEndian(_ value: UInt64, byteCount: Int) {
        var shift = (byteCount - 1) * 8
        while shift >= 0 {
            bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
            shift -= 8
        }
    }

    /// Appends each number as `byteCount` big-endian bytes, growing the buffer once for all of
    /// them: byte by byte, the offset table and the references were a large part of the writing.
    private mutating func appendBigEndian(_ values: ArraySlice<Int>, byteCount: Int) {
        var position = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: values.count * byteCount))
        bytes.withUnsafeMutableBufferPointer { buffer in
            for value in values {
                var shift = (byteCount - 1) * 8
                while shift >= 0 {
                    buffer[position] = UInt8(truncatingIfNeeded: UInt64(value) >> UInt64(shift))
                    position += 1
                    shift -= 8
                }
            }
        }
    }

    static func byteCount(forMaximum value: UInt64) -> Int {
        if value <= 0xFF { return 1 }
        if value <= 0xFFFF { return 2 }
        if value <= 0xFFFF_FFFF { return 4 }
        return 8
    }

    // MARK: Collections, offset table, trailer

    private mutating func finish(topObject: Int) -> [UInt8] {
        let objectCount = offsets.count
        let refSize = Self.byteCount(forMaximum: UInt64(objectCount - 1))
        bytes.reserveCapacity(bytes.count + collections.count * 2 + refs.count * refSize + objectCount * 4 + 32)

        for collection in collections {
            offsets[collection.object] = bytes.count
            writeMarker(collection.marker, count: collection.count)
            appendBigEndian(refs[collection.refStart ..< collection.refStart + collection.refCount], byteCount: refSize)
        }

        let offsetTableOffset = bytes.count
        // The largest offset is that of the last object written, just before the table.
        let offsetSize = Self.byteCount(forMaximum: UInt64(offsets.max() ?? 0))
        appendBigEndian(offsets[...], byteCount: offsetSize)

        bytes.append(contentsOf: repeatElement(0, count: 6))
        bytes.append(UInt8(offsetSize))
        bytes.append(UInt8(refSize))
        appendBigEndian(UInt64(objectCount), byteCount: 8)
        appendBigEndian(UInt64(topObject), byteCount: 8)
        appendBigEndian(UInt64(offsetTableOffset), byteCount: 8)
        return bytes
    }
}

/// A string compared and hashed by its exact UTF-8 bytes, so that strings Swift considers equal
/// (canonically equivalent) but spelled differently are kept apart when uniquing (the hash is
/// `uniquingHash`, beside `UniquingTable`).
struct ExactString: Equatable {
    let string: String

    init(_ string: String) { self.string = string }

    static func == (lhs: ExactString, rhs: ExactString) -> Bool {
        guard lhs.string.utf8.count == rhs.string.utf8.count else { return false }
        var left = lhs.string, right = rhs.string
        // The contiguous buffers, eight bytes at a time: several times faster than walking the
        // UTF8Views, and the same text is met again for every object (its keys, its class).
        return left.withUTF8 { leftBytes in
            right.withUTF8 { rightBytes in
                let left = UnsafeRawBufferPointer(leftBytes), right = UnsafeRawBufferPointer(rightBytes)
                if left.baseAddress == right.baseAddress { return true }
                var position = 0
                while position + 8 <= left.count {
                    guard left.loadUnaligned(fromByteOffset: position, as: UInt64.self)
                        == right.loadUnaligned(fromByteOffset: position, as: UInt64.self) else { return false }
                    position += 8
                }
                while position < left.count {
                    guard left[position] == right[position] else { return false }
                    position += 1
                }
                return true
            }
        }
    }
}
