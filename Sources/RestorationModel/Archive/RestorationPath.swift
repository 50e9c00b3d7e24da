/// A restoration identifier path: the identifiers from the root down to an object, with the
/// `:[n]:` index segments that navigation and tab bar controllers insert before their children.
/// Written joined by `/`, as archives and logs show it:
/// `TabController/:[1]:/NavigationController/:[1]:/CityViewController`.
public struct RestorationPath: Hashable, Comparable, CustomStringConvertible, Sendable {
    public enum Segment: Hashable, Sendable {
        case identifier(String)
        case index(Int)
    }

    public private(set) var segments: [Segment]
    /// The segments' hashes, each mixed with its position, added up as the path is made: a path
    /// is a key of several tables while thousands of objects are preserved or restored, and
    /// hashing every segment again at each lookup was slow. A sum, so that the parent's is this
    /// one less the last segments'. Built from each segment's own hash, it is equal for equal
    /// paths (canonically equivalent identifiers included), as `hash(into:)` requires.
    private var digest: Int
    /// `description`, when it was at hand as the path was made (written once, read many times).
    private var text: String?

    public init(root identifier: String) {
        segments = [.identifier(identifier)]
        digest = Self.contribution(of: segments[0], at: 0)
        text = identifier
    }

    package init(segments: [Segment]) {
        self.segments = segments
        digest = Self.digest(of: segments)
    }

    /// This path extended by a child; `index` is the child's position in a container.
    public func appending(_ identifier: String, atIndex index: Int? = nil) -> RestorationPath {
        var copy = self
        var added = "/"
        if let index {
            copy.append(.index(index))
            added += ":[" + String(index) + "]:/"
        }
        copy.append(.identifier(identifier))
        copy.text = text.map { $0 + added + identifier }
        return copy
    }

    private mutating func append(_ segment: Segment) {
        digest &+= Self.contribution(of: segment, at: segments.count)
        segments.append(segment)
    }

    private static func digest(of segments: [Segment]) -> Int {
        var digest = 0
        for (position, segment) in segments.enumerated() { digest &+= contribution(of: segment, at: position) }
        return digest
    }

    /// A segment's share of the digest. An index needs no hasher: equal numbers are the only
    /// equal indexes. An identifier's is its string's hash, which follows `String`'s `==`.
    private static func contribution(of segment: Segment, at position: Int) -> Int {
        let hash: UInt64 = switch segment {
        case .identifier(let name): UInt64(bitPattern: Int64(name.hashValue))
        case .index(let index): UInt64(bitPattern: Int64(index)) &* 0x9E37_79B9_7F4A_7C15 ^ 0x5851_F42D_4C95_7F2D
        }
        var mixed = hash ^ (UInt64(position) &* 0xBF58_476D_1CE4_E5B9)
        mixed = (mixed ^ (mixed >> 31)) &* 0x94D0_49BB_1331_11EB
        return Int(bitPattern: UInt(mixed ^ (mixed >> 29)))
    }

    public static func == (lhs: RestorationPath, rhs: RestorationPath) -> Bool {
        lhs.digest == rhs.digest && lhs.segments == rhs.segments
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(digest)
    }

    /// What app code receives: the identifiers only, without index segments.
    public var identifierComponents: [String] {
        segments.compactMap { if case .identifier(let name) = $0 { name } else { nil } }
    }

    /// Whether this is a root: what `parent == nil` says, without making the parent.
    public var isRoot: Bool { segments.count == 1 }

    /// The path of the object this one hangs under; `nil` for a root.
    public var parent: RestorationPath? {
        var parent = self
        parent.text = nil
        parent.removeLast()
        if case .index = parent.segments.last { parent.removeLast() }
        return parent.segments.isEmpty ? nil : parent
    }

    private mutating func removeLast() {
        let last = segments.removeLast()
        digest &-= Self.contribution(of: last, at: segments.count)
    }

    /// Whether this path was read from, or is written as, exactly these bytes.
    package func isWritten(exactly text: String) -> Bool {
        guard let written = self.text else { return false }
        return written.utf8.elementsEqual(text.utf8)
    }

    /// The index segment just before the last identifier, if a container put one there.
    public var indexInParent: Int? {
        guard segments.count >= 2, case .index(let index) = segments[segments.count - 2] else { return nil }
        return index
    }

    public var description: String {
        if let text { return text }
        // Appended in place: archives and logs write every path, and a restoration of thousands
        // of objects felt the intermediate array of strings.
        var text = ""
        for (position, segment) in segments.enumerated() {
            if position > 0 { text += "/" }
            switch segment {
            case .identifier(let name): text += name
            case .index(let index): text += ":["; text += String(index); text += "]:"
            }
        }
        return text
    }

    /// Reads a path as written in an archive. Returns `nil` for anything that is not one: an
    /// empty text, an empty component, an index segment first, last or doubled.
    public init?(parsing text: String) {
        // Characters are what a path is made of (a slash followed by a combining mark is one
        // character, and no separator), but reading them is slow. In ASCII text, which
        // identifiers in practice are, a byte is a character, and bytes are read instead:
        // a restoration reads a path for every object and every reference to one.
        var bytes = text
        let isASCII = bytes.withUTF8 { bytes in bytes.allSatisfy { $0 < 0x80 } }
        if isASCII {
            guard let (segments, isCanonical) = bytes.withUTF8(Self.segments(ofASCII:)) else { return nil }
            self.segments = segments
            // The text is the description unless it spells an index unusually (`:[+1]:`, `:[01]:`).
            self.text = isCanonical ? text : nil
        } else {
            guard let segments = Self.segments(of: text) else { return nil }
            self.segments = segments
        }
        digest = Self.digest(of: segments)
    }

    private static func segments(of text: String) -> [Segment]? {
        var segments: [Segment] = []
        for part in text.split(separator: "/", omittingEmptySubsequences: false) {
            if part.hasPrefix(":["), part.hasSuffix("]:") {
                guard part.count > 4, let index = Int(part.dropFirst(2).dropLast(2)), index >= 0,
                      case .identifier = segments.last else { return nil }
                segments.append(.index(index))
            } else {
                guard !part.isEmpty else { return nil }
                segments.append(.identifier(String(part)))
            }
        }
        guard case .identifier = segments.first, case .identifier = segments.last else { return nil }
        return segments
    }

    /// `segments(of:)` for ASCII text, byte by byte, with the same result; and whether every
    /// index is written as `description` writes it.
    private static func segments(ofASCII bytes: UnsafeBufferPointer<UInt8>) -> (segments: [Segment], isCanonical: Bool)? {
        var segments: [Segment] = []
        segments.reserveCapacity(8)
        var isCanonical = true
        var start = 0
        while start <= bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: "/") { end += 1 }
            let part = UnsafeBufferPointer(rebasing: bytes[start ..< end])
            if part.count >= 4, part[0] == UInt8(ascii: ":"), part[1] == UInt8(ascii: "["),
               part[part.count - 2] == UInt8(ascii: "]"), part[part.count - 1] == UInt8(ascii: ":") {
                let digits = UnsafeBufferPointer(rebasing: part[2 ..< part.count - 2])
                guard part.count > 4, let index = decimal(digits), index >= 0,
                      case .identifier = segments.last else { return nil }
                segments.append(.index(index))
                if digits.count > 1 && digits[0] == UInt8(ascii: "0") || !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digits[0]) {
                    isCanonical = false
                }
            } else {
                guard !part.isEmpty else { return nil }
                segments.append(.identifier(String(decoding: part, as: UTF8.self)))
            }
            start = end + 1
        }
        guard case .identifier = segments.first, case .identifier = segments.last else { return nil }
        return (segments, isCanonical)
    }

    /// What `Int(_:)` reads from ASCII text: an optional sign, then decimal digits, or `nil`
    /// (also when the number does not fit).
    private static func decimal(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var digits = bytes[...]
        let negative = digits.first == UInt8(ascii: "-")
        if negative || digits.first == UInt8(ascii: "+") { digits = digits.dropFirst() }
        guard !digits.isEmpty else { return nil }
        var value = 0
        for byte in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            let digit = Int(byte - UInt8(ascii: "0"))
            let (shifted, overflowA) = value.multipliedReportingOverflow(by: 10)
            let (next, overflowB) = negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
            guard !overflowA, !overflowB else { return nil }
            value = next
        }
        return value
    }

    /// Segment by segment, without building strings (sorting thousands of paths must be cheap):
    /// identifiers by their text, indexes by number, an identifier before an index.
    public static func < (lhs: RestorationPath, rhs: RestorationPath) -> Bool {
        for (left, right) in zip(lhs.segments, rhs.segments) where left != right {
            switch (left, right) {
            case (.identifier(let a), .identifier(let b)): return a < b
            case (.index(let a), .index(let b)): return a < b
            case (.identifier, .index): return true
            case (.index, .identifier): return false
            }
        }
        return lhs.segments.count < rhs.segments.count
    }
}
