#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads "bplist00" from bytes that may be truncated, corrupted or malicious.
///
/// Every size, offset and reference is checked against the bytes actually present before it is
/// used, with overflow-checked arithmetic, so reading never goes out of bounds and never
/// allocates more than the file could justify. The object graph is walked with an explicit stack
/// (no recursion, so no stack overflow whatever the depth), each object is decoded once and
/// cached (a shared object costs nothing more when referenced again), and the objects on the
/// path being decoded are marked, which is how cycles are found. Sharing is cheap here but not
/// for whoever walks the result, which sees every reference expanded; so the size of that tree
/// is counted and bounded by the file's size (`DecodingLimits.maxExpandedObjectsPerByte`).
struct BinaryPropertyListReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let limits: DecodingLimits
    /// Whether UIDs (which only `NSKeyedArchiver` archives hold) are read, as `{"CF$UID" = n}`
    /// the way XML property lists write them, instead of rejected.
    private let readsUIDs: Bool
    private let offsetSize: Int
    private let refSize: Int
    private let objectCount: Int
    private let topObject: Int
    /// Where the offset table starts, which is also where the object area ends.
    private let offsetTableOffset: Int

    /// Decoded objects by number; an object is cached only once it is complete.
    private var cache: [PropertyListValue?]
    /// The arrays and dictionaries being decoded right now: meeting one again is a cycle.
    private var onPath: [Bool]
    /// How many values each decoded object is as a tree, with what it refers to expanded;
    /// 1 for scalars, set for a collection when it is cached.
    private var expandedSizes: [Int]
    /// The most values the whole tree may expand to. Halved headroom keeps sums from overflowing.
    private let expansionBudget: Int
    /// The work done so far: one unit for each object decoded, reference followed and collection
    /// finished, and one for each byte of a string or data object copied out. What shows, better
    /// than a clock, that a file is read in time linear in its size (`decodeMeasuringWork`).
    private(set) var work = 0

    private static let headerSize = 8
    private static let trailerSize = 32

    init(bytes: UnsafeBufferPointer<UInt8>, limits: DecodingLimits, readsUIDs: Bool = false) throws(BinaryPropertyListError) {
        self.bytes = bytes
        self.limits = limits
        self.readsUIDs = readsUIDs
        let length = bytes.count
        let minimumLength = Self.headerSize + Self.trailerSize

        guard length >= minimumLength else {
            // Too short: blame the length only if what is there could be the start of a plist.
            let present = min(length, BinaryPropertyList.magic.count)
            guard bytes.prefix(present).elementsEqual(BinaryPropertyList.magic.prefix(present)) else { throw Self.badMagic(bytes) }
            throw BinaryPropertyListError(reason: "the file ends after \(length) bytes; a binary property list is at least \(minimumLength)", offset: length)
        }
        guard Self.hasMagic(bytes) else { throw Self.badMagic(bytes) }

        // The trailer: 6 unused bytes, offset size, reference size, then three 8-byte integers.
        let trailer = length - Self.trailerSize
        offsetSize = Int(bytes[trailer + 6])
        refSize = Int(bytes[trailer + 7])
        guard [1, 2, 4, 8].contains(offsetSize) else {
            throw BinaryPropertyListError(reason: "the trailer declares offsets of \(offsetSize) bytes; only 1, 2, 4 or 8 are valid", offset: trailer + 6)
        }
        guard [1, 2, 4, 8].contains(refSize) else {
            throw BinaryPropertyListError(reason: "the trailer declares object references of \(refSize) bytes; only 1, 2, 4 or 8 are valid", offset: trailer + 7)
        }
        let declaredCount = Self.readUInt(bytes, at: trailer + 8, size: 8)
        let declaredTop = Self.readUInt(bytes, at: trailer + 16, size: 8)
        let declaredTableOffset = Self.readUInt(bytes, at: trailer + 24, size: 8)

        guard declaredCount > 0 else {
            throw BinaryPropertyListError(reason: "the trailer declares no objects; a property list has at least one", offset: trailer + 8)
        }
        guard declaredTableOffset >= UInt64(Self.headerSize + 1), declaredTableOffset <= UInt64(trailer) else {
            throw BinaryPropertyListError(reason: "the offset table is said to start at byte \(declaredTableOffset), but it must lie after the header and at least one object and before the trailer (bytes \(Self.headerSize + 1) to \(trailer))", offset: trailer + 24)
        }
        offsetTableOffset = Int(declaredTableOffset)
        // Each object needs an entry in the offset table, so the table's size bounds the count.
        let room = UInt64(trailer - offsetTableOffset) / UInt64(offsetSize)
        guard declaredCount <= room else {
            throw BinaryPropertyListError(reason: "the trailer declares \(declaredCount) objects, but the offset table at byte \(offsetTableOffset) has room for only \(room) offsets before the trailer", offset: trailer + 8)
        }
        objectCount = Int(declaredCount)
        guard objectCount <= limits.maxObjects else {
            throw BinaryPropertyListError(reason: "the file has \(objectCount) objects; the limit is \(limits.maxObjects)", offset: trailer + 8)
        }
        guard declaredTop < declaredCount else {
            throw BinaryPropertyListError(reason: "the top object is object \(declaredTop), but the file has \(objectCount) objects", offset: trailer + 16)
        }
        topObject = Int(declaredTop)

        cache = Array(repeating: nil, count: objectCount)
        onPath = Array(repeating: false, count: objectCount)
        expandedSizes = Array(repeating: 1, count: objectCount)
        let (budget, overflow) = max(0, limits.maxExpandedObjectsPerByte).multipliedReportingOverflow(by: length)
        expansionBudget = overflow ? Int.max / 2 : min(budget, Int.max / 2)
    }

    // MARK: The object graph

    /// An array or dictionary whose references are being followed.
    private struct Frame {
        let object: Int
        let isDictionary: Bool
        let count: Int
        /// Byte offset of the first reference: a dictionary's keys, then its values.
        let refsStart: Int
        let refSize: Int
        var next = 0
        var keys: [String] = []
        var values: [PropertyListValue] = []
        /// Values in the tree under this object so far, itself and its keys included.
        var expandedSize = 1

        var refCount: Int { isDictionary ? 2 * count : count }
        /// Where the reference followed last was read.
        var lastRefOffset: Int { refsStart + (next - 1) * refSize }

        /// Counts `size` more values under this object; `false` once they exceed `budget`.
        /// Both terms are at most `budget` (at most `Int.max / 2`), so the sum cannot overflow.
        mutating func addExpanded(_ size: Int, budget: Int) -> Bool {
            expandedSize += size
            return expandedSize <= budget
        }
    }

    private enum Parsed {
        case value(PropertyListValue)
        case collection(Frame)
    }

    mutating func read() throws(BinaryPropertyListError) -> PropertyListValue {
        let root: Frame
        switch try parseCounted(topObject) {
        case .value(let value): return value
        case .collection(let frame): root = frame
        }
        guard limits.maxDepth >= 1 else { throw depthError(at: topObject) }
        onPath[topObject] = true
        var stack = [root]

        while true {
            work += 1
            let top = stack.count - 1
            if stack[top].next == stack[top].refCount {
                let frame = stack.removeLast()
                onPath[frame.object] = false
                let value = try finish(frame)
                cache[frame.object] = value
                expandedSizes[frame.object] = frame.expandedSize
                if stack.isEmpty { return value }
                let parent = stack.count - 1
                stack[parent].values.append(value)
                guard stack[parent].addExpanded(frame.expandedSize, budget: expansionBudget) else {
                    throw expansionError(at: stack[parent].lastRefOffset)
                }
                continue
            }

            let position = stack[top].next
            stack[top].next += 1
            let refOffset = stack[top].refsStart + position * refSize
            let ref = try reference(at: refOffset, from: stack[top].object)

            if stack[top].isDictionary && position < stack[top].count {
                stack[top].keys.append(try key(ref, of: stack[top].object, refOffset: refOffset))
                guard stack[top].addExpanded(1, budget: expansionBudget) else { throw expansionError(at: refOffset) }
                continue
            }
            if let cached = cache[ref] {
                stack[top].values.append(cached)
                guard stack[top].addExpanded(expandedSizes[ref], budget: expansionBudget) else { throw expansionError(at: refOffset) }
                continue
            }
            if onPath[ref] {
                throw BinaryPropertyListError(reason: "the object graph contains a cycle at object \(ref): it contains itself", offset: refOffset)
            }
            switch try parseCounted(ref) {
            case .value(let value):
                cache[ref] = value
                stack[top].values.append(value)
                guard stack[top].addExpanded(1, budget: expansionBudget) else { throw expansionError(at: refOffset) }
            case .collection(let frame):
                guard stack.count < limits.maxDepth else { throw depthError(at: ref) }
                onPath[ref] = true
                stack.append(frame)
            }
        }
    }

    private func reference(at refOffset: Int, from object: Int) throws(BinaryPropertyListError) -> Int {
        let ref = Self.readUInt(bytes, at: refOffset, size: refSize)
        guard ref < UInt64(objectCount) else {
            throw BinaryPropertyListError(reason: "object \(object) refers to object \(ref), but the file has \(objectCount) objects", offset: refOffset)
        }
        return Int(ref)
    }

    private mutating func key(_ ref: Int, of object: Int, refOffset: Int) throws(BinaryPropertyListError) -> String {
        if let cached = cache[ref] {
            guard case .string(let key) = cached else { throw keyError(object: object, key: ref, kind: cached.kindName, refOffset: refOffset) }
            return key
        }
        // Look at the marker first, so that a collection used as a key is not decoded at all.
        let start = try offset(of: ref)
        let marker = bytes[start]
        guard marker >> 4 == 0x5 || marker >> 4 == 0x6 else {
            throw keyError(object: object, key: ref, kind: Self.kindName(marker), refOffset: refOffset)
        }
        guard case .value(let value) = try parseCounted(ref) else { preconditionFailure("strings are not collections") }
        cache[ref] = value
        guard case .string(let key) = value else { preconditionFailure("0x5n and 0x6n are strings") }
        return key
    }

    private func keyError(object: Int, key: Int, kind: String, refOffset: Int) -> BinaryPropertyListError {
        BinaryPropertyListError(reason: "dictionary key at object \(object) is not a string: it refers to object \(key), \(kind)", offset: refOffset)
    }

    private func expansionError(at refOffset: Int) -> BinaryPropertyListError {
        BinaryPropertyListError(reason: "the property list expands to more than \(expansionBudget) objects, the limit for a file of \(bytes.count) bytes (\(limits.maxExpandedObjectsPerByte) per byte): shared references nest too deeply", offset: refOffset)
    }

    private func depthError(at object: Int) -> BinaryPropertyListError {
        BinaryPropertyListError(reason: "the nesting depth exceeds the limit of \(limits.maxDepth) arrays and dictionaries at object \(object)", offset: nil)
    }

    private func finish(_ frame: Frame) throws(BinaryPropertyListError) -> PropertyListValue {
        guard frame.isDictionary else { return .array(frame.values) }
        var entries = [String: PropertyListValue](minimumCapacity: frame.count)
        for (key, value) in zip(frame.keys, frame.values) {
            // Swift compares strings by canonical equivalence, so "é" and "e\u{301}" collide here.
            guard entries.updateValue(value, forKey: key) == nil else {
                throw BinaryPropertyListError(reason: "the dictionary at object \(frame.object) has the key \"\(key)\" twice (or two keys Swift considers equal)", offset: frame.refsStart)
            }
        }
        return .dictionary(entries)
    }

    // MARK: Objects

    /// Where object `object` starts, checked to lie in the object area.
    private func offset(of object: Int) throws(BinaryPropertyListError) -> Int {
        // In the file: the trailer check proved the whole table is.
        let entry = offsetTableOffset + object * offsetSize
        let start = Self.readUInt(bytes, at: entry, size: offsetSize)
        guard start >= UInt64(Self.headerSize), start < UInt64(offsetTableOffset) else {
            throw BinaryPropertyListError(reason: "object \(object) is said to start at byte \(start), outside the object area (bytes \(Self.headerSize) to \(offsetTableOffset - 1))", offset: entry)
        }
        return Int(start)
    }

    /// `parse`, with its work counted: the object, and the bytes a string or data object copies.
    private mutating func parseCounted(_ object: Int) throws(BinaryPropertyListError) -> Parsed {
        let parsed = try parse(object)
        work += 1
        switch parsed {
        case .value(.string(let string)): work += string.utf8.count
        case .value(.data(let data)): work += data.count
        default: break
        }
        return parsed
    }

    /// Decodes a scalar, or reads the header of a collection for `read()` to follow.
    private func parse(_ object: Int) throws(BinaryPropertyListError) -> Parsed {
        let start = try offset(of: object)
        let marker = bytes[start]
        let low = Int(marker & 0x0F)

        switch marker >> 4 {
        case 0x0:
            switch marker {
            case 0x08: return .value(.boolean(false))
            case 0x09: return .value(.boolean(true))
            case 0x00:
                throw BinaryPropertyListError(reason: "object \(object) is a null (marker 0x00), which property lists cannot hold", offset: start)
            default:
                throw unknownMarker(marker, object: object, at: start)
            }

        case 0x1:
            guard low <= 4 else {
                throw BinaryPropertyListError(reason: "the integer at object \(object) declares 2^\(low) bytes; only 1, 2, 4, 8 or 16 are valid", offset: start)
            }
            let size = 1 << low
            try require(size, bytesFrom: start + 1, for: "integer", object: object)
            return .value(.integer(try integer(at: start + 1, size: size, object: object)))

        case 0x2:
            guard low == 2 || low == 3 else {
                throw BinaryPropertyListError(reason: "the real at object \(object) declares 2^\(low) bytes; only 4 or 8 are valid", offset: start)
            }
            let size = 1 << low
            try require(size, bytesFrom: start + 1, for: "real", object: object)
            let bits = Self.readUInt(bytes, at: start + 1, size: size)
            let real = size == 4 ? Double(Float(bitPattern: UInt32(truncatingIfNeeded: bits))) : Double(bitPattern: bits)
            return .value(.real(real))

        case 0x3:
            guard marker == 0x33 else {
                throw BinaryPropertyListError(reason: "the date at object \(object) has marker 0x\(Self.hex(marker)); only 0x33, an 8-byte real, is valid", offset: start)
            }
            try require(8, bytesFrom: start + 1, for: "date", object: object)
            let seconds = Double(bitPattern: Self.readUInt(bytes, at: start + 1, size: 8))
            return .value(.date(Date(timeIntervalSinceReferenceDate: seconds)))

        case 0x4:
            let (count, contentStart) = try count(low, at: start + 1, for: "data", object: object)
            try require(count, bytesFrom: contentStart, for: "data", object: object)
            try checkByteCount(count, for: "data", object: object, at: start)
            return .value(.data(Data(UnsafeBufferPointer(rebasing: bytes[contentStart ..< contentStart + count]))))

        case 0x5:
            let (count, contentStart) = try count(low, at: start + 1, for: "ASCII string", object: object)
            try require(count, bytesFrom: contentStart, for: "ASCII string", object: object)
            try checkByteCount(count, for: "ASCII string", object: object, at: start)
            return .value(.string(try asciiString(from: contentStart, count: count, object: object)))

        case 0x6:
            let (count, contentStart) = try count(low, at: start + 1, for: "UTF-16 string", object: object)
            let (byteCount, overflow) = count.multipliedReportingOverflow(by: 2)
            guard !overflow else { throw tooLarge("UTF-16 string", count: count, unit: "characters", object: object, at: start) }
            try require(byteCount, bytesFrom: contentStart, for: "UTF-16 string", object: object)
            try checkByteCount(count, for: "UTF-16 string", object: object, at: start)
            return .value(.string(try utf16String(from: contentStart, count: count, object: object)))

        case 0x8 where readsUIDs:
            // A UID holds `low + 1` bytes, big-endian and unsigned: 1 to 8 fit in 64 bits.
            let size = low + 1
            guard size <= 8 else {
                throw BinaryPropertyListError(reason: "the UID at object \(object) declares \(size) bytes; at most 8 are valid", offset: start)
            }
            try require(size, bytesFrom: start + 1, for: "UID", object: object)
            let number = Self.readUInt(bytes, at: start + 1, size: size)
            guard let value = Int64(exactly: number) else {
                throw BinaryPropertyListError(reason: "the UID at object \(object) is \(number), beyond any object number", offset: start)
            }
            return .value(.dictionary([BinaryPropertyList.uidKey: .integer(value)]))

        case 0x8:
            throw BinaryPropertyListError(reason: "object \(object) is a UID (marker 0x\(Self.hex(marker))), which only keyed archives use; it is not supported", offset: start)

        case 0xA, 0xD:
            let isDictionary = marker >> 4 == 0xD
            let kind = isDictionary ? "dictionary" : "array"
            let unit = isDictionary ? "entries" : "elements"
            let (count, refsStart) = try count(low, at: start + 1, for: kind, object: object)
            let (refBytes, overflow) = count.multipliedReportingOverflow(by: refSize * (isDictionary ? 2 : 1))
            guard !overflow, refBytes <= offsetTableOffset - refsStart else {
                throw tooLarge(kind, count: count, unit: unit, object: object, at: start)
            }
            guard count <= limits.maxCollectionCount else {
                throw BinaryPropertyListError(reason: "the \(kind) at object \(object) has \(count) \(unit); the limit is \(limits.maxCollectionCount)", offset: start)
            }
            var frame = Frame(object: object, isDictionary: isDictionary, count: count, refsStart: refsStart, refSize: refSize)
            frame.values.reserveCapacity(count)
            if isDictionary { frame.keys.reserveCapacity(count) }
            return .collection(frame)

        case 0xC:
            throw BinaryPropertyListError(reason: "object \(object) is a set (marker 0x\(Self.hex(marker))), which property lists in this format do not support", offset: start)

        default:
            throw unknownMarker(marker, object: object, at: start)
        }
    }

    /// 1, 2 and 4-byte integers are unsigned, 8-byte ones signed; 16-byte ones must fit in 64 bits.
    private func integer(at position: Int, size: Int, object: Int) throws(BinaryPropertyListError) -> Int64 {
        switch size {
        case 16:
            let high = Self.readUInt(bytes, at: position, size: 8)
            let low = Int64(bitPattern: Self.readUInt(bytes, at: position + 8, size: 8))
            guard high == (low < 0 ? UInt64.max : 0) else {
                throw BinaryPropertyListError(reason: "the 16-byte integer at object \(object) does not fit in 64 bits", offset: position - 1)
            }
            return low
        case 8:
            return Int64(bitPattern: Self.readUInt(bytes, at: position, size: 8))
        default:
            return Int64(Self.readUInt(bytes, at: position, size: size))
        }
    }

    /// A count in the marker's low nibble, or, when that is 0xF, in the integer object after it.
    private func count(_ low: Int, at position: Int, for kind: String, object: Int) throws(BinaryPropertyListError) -> (count: Int, contentStart: Int) {
        guard low == 0xF else { return (low, position) }
        guard position < offsetTableOffset else {
            throw BinaryPropertyListError(reason: "the \(kind) at object \(object) has no room for its count before the offset table", offset: position)
        }
        let marker = bytes[position]
        guard marker >> 4 == 0x1, marker & 0x0F <= 3 else {
            throw BinaryPropertyListError(reason: "the count of the \(kind) at object \(object) is not an integer of 1, 2, 4 or 8 bytes (marker 0x\(Self.hex(marker)))", offset: position)
        }
        let size = 1 << Int(marker & 0x0F)
        try require(size, bytesFrom: position + 1, for: "count of the \(kind)", object: object)
        let value = Self.readUInt(bytes, at: position + 1, size: size)
        guard value <= UInt64(Int.max) else {
            throw BinaryPropertyListError(reason: "the count of the \(kind) at object \(object) is negative", offset: position)
        }
        return (Int(value), position + 1 + size)
    }

    /// Checks that `count` bytes from `position` lie in the object area.
    private func require(_ count: Int, bytesFrom position: Int, for kind: String, object: Int) throws(BinaryPropertyListError) {
        let (end, overflow) = position.addingReportingOverflow(count)
        guard !overflow, end <= offsetTableOffset else {
            throw BinaryPropertyListError(reason: "the \(kind) at object \(object) needs \(count) bytes from byte \(position), but the object area ends at byte \(offsetTableOffset)", offset: position)
        }
    }

    private func checkByteCount(_ count: Int, for kind: String, object: Int, at start: Int) throws(BinaryPropertyListError) {
        guard count <= limits.maxByteCount else {
            throw BinaryPropertyListError(reason: "the \(kind) at object \(object) has \(count) bytes; the limit is \(limits.maxByteCount)", offset: start)
        }
    }

    private func tooLarge(_ kind: String, count: Int, unit: String, object: Int, at start: Int) -> BinaryPropertyListError {
        BinaryPropertyListError(reason: "the \(kind) at object \(object) claims \(count) \(unit), more than the file can hold", offset: start)
    }

    private func unknownMarker(_ marker: UInt8, object: Int, at start: Int) -> BinaryPropertyListError {
        BinaryPropertyListError(reason: "object \(object) has the unknown marker 0x\(Self.hex(marker))", offset: start)
    }

    // MARK: Strings

    private func asciiString(from start: Int, count: Int, object: Int) throws(BinaryPropertyListError) -> String {
        let content = UnsafeBufferPointer(rebasing: bytes[start ..< start + count])
        if let bad = content.firstIndex(where: { $0 >= 0x80 }) {
            throw BinaryPropertyListError(reason: "the ASCII string at object \(object) contains the byte 0x\(Self.hex(content[bad])), which is not ASCII", offset: start + bad)
        }
        return String(decoding: content, as: UTF8.self)
    }

    /// Big-endian UTF-16, transcoded straight to UTF-8; unpaired surrogates are an error rather
    /// than being replaced, so that what is read is exactly what was written.
    private func utf16String(from start: Int, count: Int, object: Int) throws(BinaryPropertyListError) -> String {
        guard count > 0 else { return "" }
        var problem: BinaryPropertyListError?
        let bytes = self.bytes
        // At most 3 UTF-8 bytes per UTF-16 unit (a surrogate pair, 2 units, becomes 4).
        let string = String(unsafeUninitializedCapacity: count * 3) { utf8 in
            var written = 0
            var position = start
            let end = start + 2 * count
            func unit(at position: Int) -> UInt32 { UInt32(bytes[position]) << 8 | UInt32(bytes[position + 1]) }

            while position < end {
                let first = unit(at: position)
                position += 2
                var scalar = first
                if first & 0xFC00 == 0xD800 {
                    guard position < end, unit(at: position) & 0xFC00 == 0xDC00 else {
                        problem = Self.surrogateError(first, object: object, at: position - 2)
                        return 0
                    }
                    scalar = 0x10000 + ((first - 0xD800) << 10) + (unit(at: position) - 0xDC00)
                    position += 2
                } else if first & 0xFC00 == 0xDC00 {
                    problem = Self.surrogateError(first, object: object, at: position - 2)
                    return 0
                }

                switch scalar {
                case ..<0x80:
                    utf8[written] = UInt8(scalar)
                    written += 1
                case ..<0x800:
                    utf8[written] = UInt8(0xC0 | scalar >> 6)
                    utf8[written + 1] = UInt8(0x80 | scalar & 0x3F)
                    written += 2
                case ..<0x10000:
                    utf8[written] = UInt8(0xE0 | scalar >> 12)
                    utf8[written + 1] = UInt8(0x80 | scalar >> 6 & 0x3F)
                    utf8[written + 2] = UInt8(0x80 | scalar & 0x3F)
                    written += 3
                default:
                    utf8[written] = UInt8(0xF0 | scalar >> 18)
                    utf8[written + 1] = UInt8(0x80 | scalar >> 12 & 0x3F)
                    utf8[written + 2] = UInt8(0x80 | scalar >> 6 & 0x3F)
                    utf8[written + 3] = UInt8(0x80 | scalar & 0x3F)
                    written += 4
                }
            }
            return written
        }
        if let problem { throw problem }
        return string
    }

    private static func surrogateError(_ unit: UInt32, object: Int, at position: Int) -> BinaryPropertyListError {
        BinaryPropertyListError(reason: "the UTF-16 string at object \(object) contains an unpaired surrogate 0x\(String(unit, radix: 16, uppercase: true)), which is not valid text", offset: position)
    }

    // MARK: Bytes

    private static func readUInt(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int, size: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in position ..< position + size {
            value = value << 8 | UInt64(bytes[index])
        }
        return value
    }

    private static func hasMagic(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.starts(with: BinaryPropertyList.magic)
    }

    private static func badMagic(_ bytes: UnsafeBufferPointer<UInt8>) -> BinaryPropertyListError {
        if bytes.starts(with: BinaryPropertyList.magic.prefix(6)), bytes.count >= 8 {
            let version = String(decoding: bytes[6 ..< 8], as: UTF8.self)
            return BinaryPropertyListError(reason: "the file is a binary property list of version \"\(version)\"; only version \"00\" is supported", offset: 6)
        }
        return BinaryPropertyListError(reason: "the file does not start with \"bplist00\"; it is not a binary property list", offset: 0)
    }

    static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return byte < 0x10 ? "0" + digits : digits
    }

    static func kindName(_ marker: UInt8) -> String {
        switch marker >> 4 {
        case 0x0: return marker == 0x08 || marker == 0x09 ? "a boolean" : marker == 0x00 ? "a null" : "an unknown object"
        case 0x1: return "an integer"
        case 0x2: return "a real"
        case 0x3: return "a date"
        case 0x4: return "a data object"
        case 0x5, 0x6: return "a string"
        case 0x8: return "a UID"
        case 0xA: return "an array"
        case 0xC: return "a set"
        case 0xD: return "a dictionary"
        default: return "an unknown object"
        }
    }
}

extension PropertyListValue {
    /// "an integer", "a dictionary"…: for error messages.
    public var kindName: String {
        switch self {
        case .string: return "a string"
        case .integer: return "an integer"
        case .real: return "a real"
        case .boolean: return "a boolean"
        case .date: return "a date"
        case .data: return "a data object"
        case .array: return "an array"
        case .dictionary: return "a dictionary"
        }
    }
}
