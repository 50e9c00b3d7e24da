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

    public init(root identifier: String) {
        segments = [.identifier(identifier)]
    }

    package init(segments: [Segment]) {
        self.segments = segments
    }

    /// This path extended by a child; `index` is the child's position in a container.
    public func appending(_ identifier: String, atIndex index: Int? = nil) -> RestorationPath {
        var copy = self
        if let index { copy.segments.append(.index(index)) }
        copy.segments.append(.identifier(identifier))
        return copy
    }

    /// What app code receives: the identifiers only, without index segments.
    public var identifierComponents: [String] {
        segments.compactMap { if case .identifier(let name) = $0 { name } else { nil } }
    }

    /// The path of the object this one hangs under; `nil` for a root.
    public var parent: RestorationPath? {
        var rest = segments
        rest.removeLast()
        if case .index = rest.last { rest.removeLast() }
        return rest.isEmpty ? nil : RestorationPath(segments: rest)
    }

    /// The index segment just before the last identifier, if a container put one there.
    public var indexInParent: Int? {
        guard segments.count >= 2, case .index(let index) = segments[segments.count - 2] else { return nil }
        return index
    }

    public var description: String {
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
        var text = text
        let isASCII = text.withUTF8 { bytes in bytes.allSatisfy { $0 < 0x80 } }
        guard let segments = isASCII ? text.withUTF8(Self.segments(ofASCII:)) : Self.segments(of: text) else { return nil }
        self.segments = segments
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

    /// `segments(of:)` for ASCII text, byte by byte, with the same result.
    private static func segments(ofASCII bytes: UnsafeBufferPointer<UInt8>) -> [Segment]? {
        var segments: [Segment] = []
        var start = 0
        while start <= bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: "/") { end += 1 }
            let part = UnsafeBufferPointer(rebasing: bytes[start ..< end])
            if part.count >= 4, part[0] == UInt8(ascii: ":"), part[1] == UInt8(ascii: "["),
               part[part.count - 2] == UInt8(ascii: "]"), part[part.count - 1] == UInt8(ascii: ":") {
                guard part.count > 4, let index = decimal(UnsafeBufferPointer(rebasing: part[2 ..< part.count - 2])), index >= 0,
                      case .identifier = segments.last else { return nil }
                segments.append(.index(index))
            } else {
                guard !part.isEmpty else { return nil }
                segments.append(.identifier(String(decoding: part, as: UTF8.self)))
            }
            start = end + 1
        }
        guard case .identifier = segments.first, case .identifier = segments.last else { return nil }
        return segments
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
