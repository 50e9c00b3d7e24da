/// Where something is in a scenario file: the file as the author named it, then the line and
/// the column, both counted from 1. A column counts characters, and a tab is one character.
/// Line 0 stands for the file as a whole (it could not be read, or it is too large).
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `chapter24/scenarios/edit.scenario:7:12`, as compilers and editors write it.
    public var description: String {
        guard line > 0 else { return file }
        guard column > 0 else { return "\(file):\(line)" }
        return "\(file):\(line):\(column)"
    }
}
