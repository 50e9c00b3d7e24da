/// How a person (or a scenario) points at something on screen: by an identifier the app gave
/// it (accessibility or restoration identifier), or by what it shows (a title, a label's text,
/// a field's placeholder, a row's text).
public enum ElementQuery: Codable, Hashable, Sendable, CustomStringConvertible {
    case identifier(String)
    case title(String)

    public var description: String {
        switch self {
        case .identifier(let identifier): identifier
        case .title(let title): "\"\(title)\""
        }
    }
}

/// A row of a table, by position or by the text it shows.
public enum RowQuery: Codable, Hashable, Sendable, CustomStringConvertible {
    case index(Int)
    case text(String)

    public var description: String {
        switch self {
        case .index(let index): "row \(index)"
        case .text(let text): "row \"\(text)\""
        }
    }
}
