import Foundation

/// One student's work, as given on the command line, once its Swift files are found.
public struct Submission: Sendable, Equatable {
    /// Taken from the folder's or the zip's name.
    public var student: String
    /// What was given: `submissions/alice`, `bob.zip`.
    public var source: String
    /// The Swift files, by their path inside the submission (`Views/HypnosisView.swift`), with their
    /// bytes. Empty when the submission was refused.
    public var files: [String: Data]
    /// Why the submission cannot be built, when it cannot.
    public var refusal: String?

    public init(student: String, source: String, files: [String: Data], refusal: String? = nil) {
        self.student = student
        self.source = source
        self.files = files
        self.refusal = refusal
    }
}
