import Captures
import Checker
import Foundation
import Runner
import Testing

/// A chapter's steps are its apps in folder order; a student rebuilds each step from the one
/// before with nothing but the page. So every line a step adds to a file must be on the page,
/// in a listing or a difference: a line the page never shows is code the student cannot know
/// to write. (An exercise's starter and solution are not steps: the student downloads the
/// starter and writes the solution.)
@Suite(.serialized) struct StepCoverageTests {
    static var chapters: [String] {
        guard let catalog = try? ChapterCatalog(root: ChapterScenarioTests.packageRoot.appendingPathComponent("Chapters")) else { return [] }
        return catalog.chapters.filter { $0.apps.count > 1 }.map(\.name)
    }

    @Test("Every line a step adds is on the page", arguments: chapters)
    func everyLineAStepAddsIsOnThePage(_ name: String) throws {
        let root = ChapterScenarioTests.packageRoot
        let chapter = try ChapterCatalog(root: root.appendingPathComponent("Chapters")).chapter(named: name)
        let exercises = try ExerciseCatalog(packageRoot: root).exercises.filter { $0.chapter == name }
        let exerciseApps = Set(exercises.flatMap { [$0.starter, $0.solution] })
        let steps = chapter.apps.filter { !exerciseApps.contains($0.name) }
        #expect(steps.count > 1, "\(name) has fewer than two steps")

        let shown = Self.shownLines(try String(contentsOf: try PublishedBook.page("\(name).html"), encoding: .utf8))
        var missing: [String] = []
        for (previous, step) in zip(steps, steps.dropFirst()) {
            for added in try Self.addedLines(from: previous, to: step) where !shown.contains(added.text) {
                missing.append("\(step.name)/\(added.file):\(added.line): \(added.text)")
            }
        }
        #expect(missing.isEmpty, "\(name).html shows no listing or difference with these lines, which its steps add:\n\(missing.joined(separator: "\n"))")
    }

    /// A file's line that matters to a reader: not blank, not a comment, not only brackets.
    static func significant(_ line: String) -> String? {
        let text = line.trimmingCharacters(in: .whitespaces)
        if text.isEmpty || text.hasPrefix("//") || text.hasPrefix("import ") { return nil }
        if text.allSatisfy({ "{}()[],;".contains($0) }) { return nil }
        return text
    }

    /// The lines of `step`'s files that its previous step's file of the same name does not
    /// have (every line of a new file).
    static func addedLines(from previous: ChapterCatalog.App, to step: ChapterCatalog.App) throws -> [(file: String, line: Int, text: String)] {
        var added: [(String, Int, String)] = []
        let files = try FileManager.default.contentsOfDirectory(atPath: step.sources.path).filter { $0.hasSuffix(".swift") }.sorted()
        for file in files {
            let new = try String(contentsOf: step.sources.appendingPathComponent(file), encoding: .utf8)
            let old = (try? String(contentsOf: previous.sources.appendingPathComponent(file), encoding: .utf8)) ?? ""
            let before = Set(old.components(separatedBy: "\n").compactMap(significant))
            for (index, line) in new.components(separatedBy: "\n").enumerated() {
                if let text = significant(line), !before.contains(text) { added.append((file, index + 1, text)) }
            }
        }
        return added
    }

    /// Every code line a page shows in a listing, a difference or a Swift block, trimmed; a
    /// difference's removed lines are not shown code.
    static func shownLines(_ page: String) -> Set<String> {
        var lines: Set<String> = []
        var rest = Substring(page)
        while let open = rest.range(of: #"<pre class="code">"#), let close = rest[open.upperBound...].range(of: "</pre>") {
            var block = String(rest[open.upperBound..<close.lowerBound])
            rest = rest[close.upperBound...]
            block = block.replacingOccurrences(of: #"<span class="line removed">[^\n]*\n</span>"#, with: "", options: .regularExpression)
            block = block.replacingOccurrences(of: #"<span class="(ln|sign)">[^<]*</span>"#, with: "", options: .regularExpression)
            block = block.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
            block = block.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
                .replacingOccurrences(of: "&amp;", with: "&")
            for line in block.components(separatedBy: "\n") { if let text = significant(line) { lines.insert(text) } }
        }
        return lines
    }
}
