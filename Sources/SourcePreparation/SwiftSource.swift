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
