import Foundation
import Runner

/// The workbook's files as they are on disk, which the Gradescope bundle carries: what an
/// instructor grades with locally, committed or not, pushed or not. Git, when the folder is a
/// checkout, says which files belong (tracked ones and new ones it does not ignore, so never a
/// `.build`) and which hold changes not committed, for the warning.
struct WorkingTree {
    /// The folders and files the grader reads: the chapters (exercises, apps, scenarios) and the
    /// sources of the engine and the checker.
    static let carried = ["Package.swift", "Chapters", "Sources"]

    let root: URL

    /// Paths relative to `root`, sorted; only regular files.
    func files() throws -> [String] {
        let listed: [String]
        if let fromGit = try gitOutput(["ls-files", "-z", "--cached", "--others", "--exclude-standard", "--"] + Self.carried) {
            listed = fromGit.split(separator: "\0").map(String.init)
        } else {
            listed = walk()
        }
        // A file deleted but not yet committed is still listed by git: what counts is the disk.
        let files = Set(listed).filter { isRegularFile(root.appendingPathComponent($0)) }.sorted()
        guard files.contains(where: { $0.hasPrefix("Chapters/") }), files.contains(where: { $0.hasPrefix("Sources/Checker/") }) else {
            throw CheckerError.notTheWorkbook(root)
        }
        return files
    }

    /// `M Sources/Checker/…`, one line per carried file whose changes are not committed; empty when
    /// everything is committed or the folder is not a git checkout.
    func uncommittedChanges() throws -> [String] {
        guard let status = try gitOutput(["status", "--porcelain=v1", "-z", "--untracked-files=all", "--"] + Self.carried) else { return [] }
        var lines: [String] = []
        var entries = status.split(separator: "\0").map(String.init)[...]
        while let entry = entries.popFirst() {
            guard entry.count > 3 else { continue }
            let code = entry.prefix(2).trimmingCharacters(in: .whitespaces)
            lines.append("\(code) \(entry.dropFirst(3))")
            // A rename is followed by its old name.
            if entry.hasPrefix("R") || entry.hasPrefix("C") { _ = entries.popFirst() }
        }
        return lines
    }

    /// What git printed, or nil when git is missing or the folder is not a checkout.
    private func gitOutput(_ arguments: [String]) throws -> String? {
        guard let result = try? TimedCommand(named: "git", arguments: ["-C", root.path] + arguments, timeLimit: 120, errors: .separate).run(),
              result.succeeded else { return nil }
        return result.lines.joined(separator: "\n")
    }

    /// Without git: every file of the carried folders but hidden ones and build folders.
    private func walk() -> [String] {
        var files: [String] = []
        for item in Self.carried {
            let url = root.appendingPathComponent(item)
            if isRegularFile(url) { files.append(item); continue }
            guard let walker = FileManager.default.enumerator(atPath: url.path) else { continue }
            while let relative = walker.nextObject() as? String {
                let name = (relative as NSString).lastPathComponent
                if name.hasPrefix(".") { walker.skipDescendants(); continue }
                files.append(item + "/" + relative)
            }
        }
        return files
    }

    private func isRegularFile(_ url: URL) -> Bool {
        let values = try? url.resourceValues(forKeys: [.isRegularFileKey, .isSymbolicLinkKey])
        return values?.isRegularFile == true && values?.isSymbolicLink != true
    }
}
