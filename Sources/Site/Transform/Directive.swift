/// A `workbook` block of a chapter's prose (Chapters/README.md), read from the code block cmark
/// found: the one thing it shows and its options, typed and checked here, once. What it names in
/// the chapter (an app, a scenario, a file, a symbol) is checked where it is rendered
/// (`ChapterTransform`), with the same swift-syntax declarations the listing is cut from.
struct Directive: Equatable {
    enum Kind: String, CaseIterable {
        case run, listing, archive

        /// The options each kind takes.
        var options: Set<String> {
            switch self {
            case .run: ["show", "filter"]
            case .listing: ["symbol", "region", "diff"]
            case .archive: ["number", "against"]
            }
        }
    }

    /// Another run of the chapter, named `App/scenario` in an option.
    struct RunReference: Equatable {
        var owner: String
        var scenario: String
    }

    /// What a run figure can show, in the order the author lists them.
    enum RunPart: String, CaseIterable {
        case screens, lost, log, archive, steps
    }

    enum Options: Equatable {
        /// `show:` (screens and lost unless said), `filter: restoration` (the log's restoration lines only).
        case run(show: [RunPart], restorationLogOnly: Bool)
        /// `number:` (the last archive unless said), from 1; `against: App/scenario` shows what
        /// changed since that run's last archive instead of the dump.
        case archive(number: Int?, against: RunReference?)
        /// `symbol:` or `region:` (the whole file unless said); `diff: previous` or `diff: App`,
        /// the step to compare with (`diffAgainst`: "previous" or the app's name).
        case listing(symbol: String?, region: String?, diffAgainst: String?)
    }

    var kind: Kind
    /// The app (or shared library) named before the slash.
    var owner: String
    /// The scenario, or the file, named after it.
    var name: String
    var options: Options
    /// The line of the opening fence in the prose.
    var line: Int

    /// `App/scenario` or `App/File.swift`, as the block wrote it.
    var target: String { owner + "/" + name }

    /// Reads a block's text (`literal`), whose opening fence is at `line` of `file`; every
    /// mistake names its line.
    static func read(_ text: String, line: Int, file: String) throws(SiteError) -> Directive {
        var kind: Kind?
        var target = ""
        var options: [String: String] = [:]
        for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let entry = raw.trimmingCharacters(in: .whitespaces)
            guard !entry.isEmpty else { continue }
            let number = line + 1 + offset
            guard let colon = entry.firstIndex(of: ":") else {
                throw SiteError("\(file):\(number): expected `key: value` in a workbook block, found \"\(entry)\"")
            }
            let key = entry[..<colon].trimmingCharacters(in: .whitespaces)
            let value = entry[entry.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if let found = Kind(rawValue: key) {
                if let kind { throw SiteError("\(file):\(number): a workbook block shows one thing; this one already has `\(kind.rawValue):`") }
                kind = found
                target = value
            } else {
                options[key] = value
            }
        }
        guard let kind else {
            throw SiteError("\(file):\(line): a workbook block must start with `run:`, `listing:` or `archive:`")
        }
        let at = "\(file):\(line)"
        for key in options.keys.sorted() where !kind.options.contains(key) {
            throw SiteError("\(at): `\(key):` does not go with `\(kind.rawValue):`; it takes \(kind.options.sorted().map { "`\($0):`" }.joined(separator: ", "))")
        }
        let parts = target.split(separator: "/", maxSplits: 1).map(String.init)
        guard parts.count == 2 else {
            throw SiteError("\(at): expected `App/\(kind == .listing ? "File.swift" : "scenario")`, found \"\(target)\"")
        }
        return Directive(kind: kind, owner: parts[0], name: parts[1], options: try typed(options, of: kind, at: at), line: line)
    }

    private static func typed(_ options: [String: String], of kind: Kind, at: String) throws(SiteError) -> Options {
        switch kind {
        case .run:
            var show: [RunPart] = []
            for shown in (options["show"] ?? "").split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !shown.isEmpty {
                guard let part = RunPart(rawValue: shown) else {
                    throw SiteError("\(at): cannot show \"\(shown)\"; choose from \(RunPart.allCases.map(\.rawValue).sorted().joined(separator: ", "))")
                }
                show.append(part)
            }
            if let filter = options["filter"], filter != "restoration" {
                throw SiteError("\(at): `filter:` takes `restoration`, not \"\(filter)\"")
            }
            return .run(show: options["show"] == nil ? [.screens, .lost] : show, restorationLogOnly: options["filter"] != nil)
        case .archive:
            var against: RunReference?
            if let other = options["against"] {
                let parts = other.split(separator: "/", maxSplits: 1).map(String.init)
                guard parts.count == 2 else { throw SiteError("\(at): `against:` expected `App/scenario`, found \"\(other)\"") }
                against = RunReference(owner: parts[0], scenario: parts[1])
            }
            guard let written = options["number"] else { return .archive(number: nil, against: against) }
            guard let number = Int(written), number >= 1 else {
                throw SiteError("\(at): `number:` counts the run's archives from 1, not \"\(written)\"")
            }
            return .archive(number: number, against: against)
        case .listing:
            // `previous`, `none`, or the step (an app of the chapter) to compare with, for a
            // variant that does not follow the step before it in folder order.
            let diff = options["diff"] ?? "none"
            guard !diff.isEmpty, !diff.contains("/"), !diff.contains(where: \.isWhitespace) else {
                throw SiteError("\(at): `diff:` is `previous`, `none` or an app of the chapter, not \"\(diff)\"")
            }
            return .listing(symbol: options["symbol"], region: options["region"], diffAgainst: diff == "none" ? nil : diff)
        }
    }

    /// Whether a block that cmark ended at `endLine` of `lines` (the prose) was closed: an
    /// unclosed fence runs to the end of the text.
    static func isClosed(endLine: Int, in lines: [Substring]) -> Bool {
        guard endLine >= 1, endLine <= lines.count else { return false }
        // A block inside a quote keeps its `>` markers on the closing line.
        let last = String(lines[endLine - 1].drop { $0 == ">" || $0 == " " || $0 == "\t" }).trimmingCharacters(in: .whitespaces)
        guard let mark = last.first, mark == "`" || mark == "~" else { return false }
        return last.count >= 3 && last.allSatisfy { $0 == mark }
    }
}
