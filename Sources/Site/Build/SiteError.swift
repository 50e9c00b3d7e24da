/// Why a build stopped: every problem found, each naming the file and line to fix
/// (`Chapters/chapter24/chapter.md:31: …`).
public struct SiteError: Error, CustomStringConvertible, Sendable {
    public var problems: [String]

    public init(_ problems: [String]) { self.problems = problems }
    public init(_ problem: String) { self.problems = [problem] }

    public var description: String { problems.joined(separator: "\n") }
}
