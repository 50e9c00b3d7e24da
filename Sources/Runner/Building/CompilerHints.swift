/// One-line hints after compiler diagnostics whose cause is where the code runs, not what it
/// says: code written for iOS that the compiler on Linux refuses.
public enum CompilerHints {
    /// The restoration methods an iOS developer overrides, often in an extension.
    static let restorationMethods = [
        "encodeRestorableState(with:)",
        "decodeRestorableState(with:)",
        "applicationFinishedRestoringState()",
        "viewController(withRestorationIdentifierPath:coder:)",
        "modelIdentifierForElement(at:in:)",
        "indexPathForElement(withModelIdentifier:in:)",
    ]

    /// The compiler's lines, each diagnostic that has a hint followed by it.
    public static func adding(to lines: [String]) -> [String] {
        var out: [String] = []
        out.reserveCapacity(lines.count)
        for line in lines {
            out.append(line)
            if let hint = hint(for: line) { out.append(hint) }
        }
        return out
    }

    /// The hint for a diagnostic's first line (`File.swift:8:19: error: …`); `nil` for any other
    /// line, including the copy of the message the compiler draws under the source.
    static func hint(for line: String) -> String? {
        guard line.contains(": error: "), line.contains("cannot be overridden from extension"),
              let method = restorationMethods.first(where: { line.contains("'\($0)'") }) else { return nil }
        return "hint: move the override of \(method) into the class's own body: on Linux nothing is @objc dynamic, so an extension cannot override it (on iOS it can)."
    }
}
