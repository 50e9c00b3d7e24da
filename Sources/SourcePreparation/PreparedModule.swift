/// A module's files as the compiler is to see them, and what was changed to get there.
public struct PreparedModule: Sendable, Equatable {
    /// In the order the sources were given. A file nothing was done to keeps its bytes, with a
    /// `#sourceLocation` line before them when it is compiled away from its reported path.
    public var files: [[UInt8]]
    /// What was done, one line each, naming the author's files and lines: members folded into their
    /// classes, attributes removed.
    public var notes: [String]
    /// Whether a file's lines are not the author's (a member folded into it, a directive line
    /// before a copy): the compiler's drawing of the source under a diagnostic would show the
    /// copy, numbered as the copy is. A build of these files asks for diagnostics in one line each
    /// (`oneLineDiagnostics`), which show the line's text, the same as the author's, under the
    /// author's file and line.
    public var needsOneLineDiagnostics: Bool

    /// Said before the notes, wherever they are shown.
    public static let heading = "Changed for the build on Linux (the files themselves stay as written):"

    /// The notes as every tool shows them: under the heading, a line each, indented.
    public static func shown(_ notes: [String]) -> [String] {
        [heading] + notes.map { "  " + $0 }
    }

    /// The compiler's flags for diagnostics one line each, with the line under them.
    public static let oneLineDiagnostics = ["-diagnostic-style", "llvm"]
}
