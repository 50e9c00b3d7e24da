/// The line of a crashed app's output that says why it ended, as a reader wants it: the runtime's
/// `Fatal error:` line. An exception the engine raised for app code (secure decoding's refusal)
/// ends the app through the runtime too, but its words are Foundation's: from the engine's file
/// and line they are reduced to the console's own `*** Terminating app due to uncaught
/// exception …`, since the engine's place in its own sources says nothing about the app.
public enum CrashLastWords {
    static let uncaughtException = "*** Terminating app due to uncaught exception"

    /// The line that says why, from what the app printed (its last such line); `nil` when it
    /// printed none. The backtracer's notices (`*** Program crashed…`) are never it.
    public static func find(in output: [String]) -> String? {
        let words = output.last { $0.contains("Fatal error:") }
            ?? output.last { !$0.trimmingCharacters(in: .whitespaces).isEmpty && !$0.hasPrefix("***") }
        return words.map(reduced)
    }

    /// `words` without the engine's file and line before Foundation's words, if they are those.
    public static func reduced(_ words: String) -> String {
        guard let start = words.range(of: uncaughtException) else { return words }
        return String(words[start.lowerBound...])
    }
}
