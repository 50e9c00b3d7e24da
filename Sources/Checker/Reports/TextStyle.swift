/// Weight and colour for feedback read as text: a terminal's escapes where one shows them
/// (`workbook`'s own `TerminalStyle`), nothing in a log or a file.
public protocol TextStyle {
    func bold(_ text: String) -> String
    func dim(_ text: String) -> String
    func red(_ text: String) -> String
    func green(_ text: String) -> String
}

/// Text as it is: for logs (the GitHub Actions page) and files.
public struct PlainTextStyle: TextStyle {
    public init() {}
    public func bold(_ text: String) -> String { text }
    public func dim(_ text: String) -> String { text }
    public func red(_ text: String) -> String { text }
    public func green(_ text: String) -> String { text }
}
