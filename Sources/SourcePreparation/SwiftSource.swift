/// One Swift file of a module, as its author wrote it and as the compiler is to name it.
public struct SwiftSource: Sendable, Equatable {
    /// How the author knows the file, for what the build says it did (`Apps/Notes/NoteView.swift`,
    /// `alice/NoteView.swift`).
    public var name: String
    /// The path the compiler is to say in its diagnostics, `#file` and debug information: the
    /// author's own file, or the place a build tool expects it, as it is: `#sourceLocation`
    /// directives write it escaped as a Swift literal (FileNameText), and the compiler shows it so.
    public var reportedPath: String
    /// Whether the compiler reads the file at `reportedPath`. When it reads a copy elsewhere (a
    /// prepared copy, a file given a safe name), the copy starts with a directive naming
    /// `reportedPath`, so that diagnostics still point at the author's file and line.
    public var compiledAtReportedPath: Bool
    public var bytes: [UInt8]

    public init(name: String, reportedPath: String, compiledAtReportedPath: Bool, bytes: [UInt8]) {
        self.name = name
        self.reportedPath = reportedPath
        self.compiledAtReportedPath = compiledAtReportedPath
        self.bytes = bytes
    }
}

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

    /// The compiler's flags for diagnostics one line each, with the line under them.
    public static let oneLineDiagnostics = ["-diagnostic-style", "llvm"]
}
