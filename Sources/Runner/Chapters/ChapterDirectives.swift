import Foundation

/// The `workbook` directives of a chapter's prose (see Chapters/README.md), read and checked
/// against the chapter on disk: every app, scenario, file, symbol and region they name must
/// exist, so a chapter cannot point at something that is not there.
public struct ChapterDirective: Sendable, Equatable {
    public enum Kind: String, Sendable { case run, listing, archive }

    public var kind: Kind
    /// `App/scenario` for runs and archives, `App/File.swift` (or `Library/File.swift`) for listings.
    public var target: String
    public var options: [String: String]
    /// The line of the opening fence in the prose.
    public var line: Int
}

public enum ChapterDirectives {
    static let allowedOptions: [ChapterDirective.Kind: Set<String>] = [
        .run: ["show", "filter"],
        .listing: ["symbol", "region", "diff"],
        .archive: ["number", "against"],
    ]
    static let showable: Set<String> = ["screens", "lost", "log", "archive", "steps"]

    /// The directives of a Markdown text, in order. Malformed ones are errors, each naming its line.
    public static func read(_ markdown: String, file: String) -> (directives: [ChapterDirective], errors: [String]) {
        var directives: [ChapterDirective] = []
        var errors: [String] = []
        var fence: (marker: String, isDirective: Bool, line: Int, body: [(Int, String)])?
        for (index, rawLine) in markdown.components(separatedBy: "\n").enumerated() {
            let number = index + 1
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if var open = fence {
                if line.hasPrefix(open.marker), line.trimmingCharacters(in: CharacterSet(charactersIn: String(open.marker.first!))).isEmpty {
                    if open.isDirective {
                        switch directive(from: open.body, line: open.line, file: file) {
                        case .success(let directive): directives.append(directive)
                        case .failure(let error): errors.append(error.description)
                        }
                    }
                    fence = nil
                } else {
                    open.body.append((number, line))
                    fence = open
                }
                continue
            }
            for marker in ["```", "~~~"] where line.hasPrefix(marker) {
                let run = String(line.prefix { $0 == marker.first })
                let info = line.dropFirst(run.count).trimmingCharacters(in: .whitespaces)
                fence = (run, info == "workbook", number, [])
            }
        }
        if let open = fence, open.isDirective {
            errors.append("\(file):\(open.line): the workbook block is never closed")
        }
        return (directives, errors)
    }

    private static func directive(from body: [(Int, String)], line: Int, file: String) -> Result<ChapterDirective, RunnerError> {
        var kind: ChapterDirective.Kind?
        var target = ""
        var options: [String: String] = [:]
        for (number, text) in body where !text.isEmpty {
            guard let colon = text.firstIndex(of: ":") else {
                return .failure(RunnerError("\(file):\(number): expected `key: value` in a workbook block, found \"\(text)\""))
            }
            let key = text[..<colon].trimmingCharacters(in: .whitespaces)
            let value = text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if let found = ChapterDirective.Kind(rawValue: key) {
                guard kind == nil else { return .failure(RunnerError("\(file):\(number): a workbook block shows one thing; this one already has `\(kind!.rawValue):`")) }
                kind = found
                target = value
            } else {
                options[key] = value
            }
        }
        guard let kind else {
            return .failure(RunnerError("\(file):\(line): a workbook block must start with `run:`, `listing:` or `archive:`"))
        }
        for key in options.keys where !(allowedOptions[kind] ?? []).contains(key) {
            return .failure(RunnerError("\(file):\(line): `\(key):` does not go with `\(kind.rawValue):`; it takes \((allowedOptions[kind] ?? []).sorted().map { "`\($0):`" }.joined(separator: ", "))"))
        }
        return .success(ChapterDirective(kind: kind, target: target, options: options, line: line))
    }

    /// Checks a chapter's prose against the chapter: every problem, each with its file and line.
    public static func check(_ chapter: ChapterCatalog.Chapter) -> [String] {
        let prose = chapter.folder.appendingPathComponent("chapter.md")
        guard let markdown = try? String(contentsOf: prose, encoding: .utf8) else {
            return ["\(prose.path): the chapter has no chapter.md"]
        }
        let file = "Chapters/\(chapter.name)/chapter.md"
        var (directives, problems) = read(markdown, file: file)
        for directive in directives {
            let at = "\(file):\(directive.line)"
            let parts = directive.target.split(separator: "/", maxSplits: 1).map(String.init)
            guard parts.count == 2 else {
                problems.append("\(at): expected `App/\(directive.kind == .listing ? "File.swift" : "scenario")`, found \"\(directive.target)\"")
                continue
            }
            switch directive.kind {
            case .run, .archive:
                guard let app = chapter.apps.first(where: { $0.name == parts[0] }) else {
                    problems.append("\(at): no app \(parts[0]) in \(chapter.name); apps: \(chapter.apps.map(\.name).joined(separator: ", "))")
                    continue
                }
                if !app.scenarios.contains(where: { $0.deletingPathExtension().lastPathComponent == parts[1] }) {
                    problems.append("\(at): \(app.name) has no scenario \"\(parts[1])\"; it has \(app.scenarios.map { $0.deletingPathExtension().lastPathComponent }.joined(separator: ", "))")
                }
                if let against = directive.options["against"] {
                    problems += checkRun(against, in: chapter, at: at, option: "`against:`")
                }
                for shown in (directive.options["show"] ?? "").split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !showable.contains(shown) {
                    problems.append("\(at): cannot show \"\(shown)\"; choose from \(showable.sorted().joined(separator: ", "))")
                }
            case .listing:
                problems += checkListing(directive, parts: parts, in: chapter, at: at)
            }
        }
        return problems
    }

    /// An `App/scenario` named by an option, which must exist as a run's target does.
    private static func checkRun(_ target: String, in chapter: ChapterCatalog.Chapter, at: String, option: String) -> [String] {
        let parts = target.split(separator: "/", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { return ["\(at): \(option) expected `App/scenario`, found \"\(target)\""] }
        guard let app = chapter.apps.first(where: { $0.name == parts[0] }) else {
            return ["\(at): \(option) names no app \(parts[0]) in \(chapter.name); apps: \(chapter.apps.map(\.name).joined(separator: ", "))"]
        }
        guard app.scenarios.contains(where: { $0.deletingPathExtension().lastPathComponent == parts[1] }) else {
            return ["\(at): \(option) names no scenario \"\(parts[1])\" of \(app.name); it has \(app.scenarios.map { $0.deletingPathExtension().lastPathComponent }.joined(separator: ", "))"]
        }
        return []
    }

    private static func checkListing(_ directive: ChapterDirective, parts: [String], in chapter: ChapterCatalog.Chapter, at: String) -> [String] {
        let owner = parts[0], name = parts[1]
        let folder = chapter.apps.first { $0.name == owner }?.sources ?? chapter.folder.appendingPathComponent("Shared/\(owner)")
        let source = folder.appendingPathComponent(name)
        guard let text = try? String(contentsOf: source, encoding: .utf8) else {
            return ["\(at): there is no \(name) in \(owner)"]
        }
        var problems: [String] = []
        if let symbol = directive.options["symbol"] {
            let pieces = symbol.split(separator: ".").map(String.init)
            let typeDeclared = text.range(of: "(class|struct|enum|extension|protocol|actor) \(NSRegularExpression.escapedPattern(for: pieces[0]))\\b", options: .regularExpression) != nil
            // An initializer is declared as `init(`, `init?(` or `init<`, not after a keyword.
            let memberPattern = pieces.count > 1 && pieces[1] == "init"
                ? "\\binit[?!]?\\s*[(<]"
                : "(func|var|let|init|case) \(NSRegularExpression.escapedPattern(for: pieces.count > 1 ? pieces[1] : ""))\\b"
            let memberDeclared = pieces.count < 2 || text.range(of: memberPattern, options: .regularExpression) != nil
            if !typeDeclared || !memberDeclared { problems.append("\(at): \(name) declares no \(symbol)") }
        }
        if let region = directive.options["region"], !text.contains("// workbook:begin \(region)") || !text.contains("// workbook:end \(region)") {
            problems.append("\(at): \(name) has no region \"\(region)\" (marked // workbook:begin \(region) … // workbook:end \(region))")
        }
        if directive.options["diff"] == "previous" {
            guard let index = chapter.apps.firstIndex(where: { $0.name == owner }), index > 0,
                  FileManager.default.fileExists(atPath: chapter.apps[index - 1].sources.appendingPathComponent(name).path) else {
                return problems + ["\(at): `diff: previous` needs the step before \(owner) to have a \(name)"]
            }
        } else if let diff = directive.options["diff"], diff != "none" {
            problems.append("\(at): `diff:` is `previous` or `none`, not \"\(diff)\"")
        }
        return problems
    }
}
