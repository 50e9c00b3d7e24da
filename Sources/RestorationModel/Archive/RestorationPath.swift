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
        segments.map { segment in
            switch segment {
            case .identifier(let name): name
            case .index(let index): ":[\(index)]:"
            }
        }.joined(separator: "/")
    }

    /// Reads a path as written in an archive. Returns `nil` for anything that is not one: an
    /// empty text, an empty component, an index segment first, last or doubled.
    public init?(parsing text: String) {
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
        self.segments = segments
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
