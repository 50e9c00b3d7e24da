import ArgumentParser
import Captures
import Checker
import Foundation
import Runner

/// Completions that offer what exists in the workbook a command line names (its `--root`, or the
/// one found from here): chapters, their steps (apps) and scenarios, and exercises.
enum NameCompletion {
    static let chapters = CompletionKind.custom { words, _, prefix in
        matching(prefix, catalog(words)?.chapters.map(\.name))
    }

    /// Every app of the chapter the command line names, or of every chapter.
    static let steps = CompletionKind.custom { words, _, prefix in
        matching(prefix, chaptersNamed(in: words).flatMap { $0.apps.map(\.name) })
    }

    /// Scenarios by file name, of the chapter the command line names, or of every chapter.
    static let scenarios = CompletionKind.custom { words, _, prefix in
        let files = chaptersNamed(in: words).flatMap { $0.apps.flatMap(\.scenarios) }
        return matching(prefix, Array(Set(files.map { $0.deletingPathExtension().lastPathComponent })))
    }

    static let apps = CompletionKind.custom { words, _, prefix in
        matching(prefix, catalog(words)?.chapters.flatMap { $0.apps.map(\.name) })
    }

    static let exercises = CompletionKind.custom { words, _, prefix in
        matching(prefix, (try? ExerciseCatalog(packageRoot: root(words)))?.exercises.map(\.name))
    }

    private static func matching(_ prefix: String, _ names: [String]?) -> [String] {
        (names ?? []).filter { $0.hasPrefix(prefix) }.sorted()
    }

    private static func root(_ words: [String]) -> URL {
        let given = words.firstIndex(of: "--root").flatMap { words.indices.contains($0 + 1) ? words[$0 + 1] : nil }
        return URL(fileURLWithPath: given ?? WorkbookFolder.found)
    }

    private static func catalog(_ words: [String]) -> ChapterCatalog? {
        try? ChapterCatalog(root: root(words).appendingPathComponent("Chapters"))
    }

    private static func chaptersNamed(in words: [String]) -> [ChapterCatalog.Chapter] {
        guard let catalog = catalog(words) else { return [] }
        let named = catalog.chapters.filter { words.contains($0.name) }
        return named.isEmpty ? catalog.chapters : named
    }
}
