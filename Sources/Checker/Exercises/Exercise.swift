import Foundation

/// An exercise a chapter sets: where its starter and its reference solution are, what the
/// student is told, and the rubric. Read from `Chapters/<chapter>/Exercises/<name>.exercise`.
public struct Exercise: Sendable, Equatable {
    /// What students and instructors type: `workbook check hypnonerd`.
    public var name: String
    public var title: String
    public var chapter: String
    /// The chapter's app a student starts from, and the one that passes every check.
    public var starter: String
    public var solution: String
    /// What to do, told when the student starts.
    public var task: String
    /// The rubric: what earns points, each checked by the scenarios with its tag.
    public var criteria: [Criterion]
    /// The `.exercise` file, for messages.
    public var file: URL
    /// What the submission policy lets through for this exercise (`allow RULE` lines).
    public var allowed: Set<PolicyRule>

    public init(name: String, title: String, chapter: String, starter: String, solution: String,
                task: String, criteria: [Criterion], file: URL, allowed: Set<PolicyRule> = []) {
        self.name = name
        self.title = title
        self.chapter = chapter
        self.starter = starter
        self.solution = solution
        self.task = task
        self.criteria = criteria
        self.file = file
        self.allowed = allowed
    }
}
