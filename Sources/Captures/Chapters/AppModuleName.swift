/// The module name an app's classes carry at run time (`NSStringFromClass`, the archive, UIKit's
/// log): on iOS every version of an app is built as one module, named after the product, so a
/// class keeps its name from one version to the next. A chapter's steps are versions of one app
/// written as targets of their own; they share the name of the app they are versions of, which
/// their folder names start with (`Islands1NoRestoration`, `Islands5RestorationClass`,
/// `IslandsStarter` are all `Islands`).
///
/// The rule: the longest start of the name that is made of whole words (a word begins with a
/// capital letter), holds no digit, and begins the name of another app of the chapter at a word
/// or a digit. An app that shares no such start with any other is named by what comes before its
/// first digit, or by its whole name: `SnapshotControl` stays `SnapshotControl`, and
/// `HypnoNerdStarter` and `HypnoNerdSolution` are both `HypnoNerd`.
public enum AppModuleName {
    public static func of(_ app: String, among apps: [String]) -> String {
        let others = apps.filter { $0 != app }
        let shared = wordStarts(of: app).reversed().first { start in
            others.contains { other in other.hasPrefix(start) && isBoundary(other.dropFirst(start.count).first) }
        }
        if let shared { return shared }
        if let digit = app.firstIndex(where: \.isNumber), digit != app.startIndex { return String(app[..<digit]) }
        return app
    }

    /// The starts of the name that end before a capital letter or a digit and hold no digit,
    /// shortest first.
    private static func wordStarts(of name: String) -> [String] {
        var starts: [String] = []
        for index in name.indices.dropFirst() where isBoundary(name[index]) {
            let start = name[..<index]
            guard !start.contains(where: \.isNumber) else { break }
            starts.append(String(start))
        }
        return starts
    }

    private static func isBoundary(_ character: Character?) -> Bool {
        guard let character else { return false }
        return character.isUppercase || character.isNumber
    }
}
