import Foundation

/// Reads `.exercise` files and rubric files: one statement a line, words and "quoted text",
/// `#` comments. An exercise file:
///
///     exercise hypnonerd "HypnoNerd comes back as the user left it"
///     starter HypnoNerdStarter
///     solution HypnoNerdSolution
///     task "Make HypnoNerd restore its selected tab, …"
///     criterion "Date picker" tag date-picker points 3
///     criterion "Hypnosis labels" tag hypnosis-view points 3 hidden
///     allow system-calls
///
/// `allow RULE` lets through what the submission policy refuses by default (`PolicyRule`).
/// A rubric file (`--rubric`) holds `criterion` and `allow` lines; its criteria replace the
/// exercise's, its rules are allowed besides the exercise's.
/// Every mistake is reported with the file, the line and what was expected.
public enum ExerciseFile {
    public static func parseExercise(_ text: String, file: URL, chapter: String) throws -> Exercise {
        var name: String?, title: String?, starter: String?, solution: String?, task = ""
        var criteria: [Criterion] = []
        var allowed: Set<PolicyRule> = []
        for line in try statements(text, file: file) {
            switch line.words.first {
            case "exercise":
                try line.expect(count: 3, "exercise NAME \"Title\"")
                name = try line.identifier(at: 1, "the exercise's name, in lowercase letters, digits and dashes")
                title = line.words[2]
            case "starter":
                try line.expect(count: 2, "starter APP (an app folder of the chapter)")
                starter = line.words[1]
            case "solution":
                try line.expect(count: 2, "solution APP (an app folder of the chapter)")
                solution = line.words[1]
            case "task":
                try line.expect(count: 2, "task \"what the student is asked to do\"")
                task = line.words[1]
            case "criterion":
                criteria.append(try criterion(line, existing: criteria))
            case "allow":
                allowed.insert(try rule(line))
            default:
                throw line.error("expected exercise, starter, solution, task, criterion or allow, got \"\(line.words[0])\"")
            }
        }
        func missing(_ statement: String) -> CheckerError {
            CheckerError.missingLine(file: file, statement: statement)
        }
        guard let name, let title else { throw missing("exercise NAME \"Title\"") }
        guard let starter else { throw missing("starter APP") }
        guard let solution else { throw missing("solution APP") }
        guard !criteria.isEmpty else { throw missing("criterion \"Name\" tag TAG points N") }
        return Exercise(name: name, title: title, chapter: chapter, starter: starter, solution: solution,
                        task: task, criteria: criteria, file: file, allowed: allowed)
    }

    /// A rubric file: the criteria, each with its points and visibility.
    public static func parseRubric(_ text: String, file: URL) throws -> [Criterion] {
        try parseRubricFile(text, file: file).criteria
    }

    /// A rubric file: its criteria, and the policy rules it allows besides the exercise's.
    public static func parseRubricFile(_ text: String, file: URL) throws -> (criteria: [Criterion], allowed: Set<PolicyRule>) {
        var criteria: [Criterion] = []
        var allowed: Set<PolicyRule> = []
        for line in try statements(text, file: file) {
            switch line.words.first {
            case "criterion": criteria.append(try criterion(line, existing: criteria))
            case "allow": allowed.insert(try rule(line))
            default:
                throw line.error("expected a `criterion \"Name\" tag TAG points N [hidden]` or `allow RULE` line, got \"\(line.words[0])\"")
            }
        }
        guard !criteria.isEmpty else { throw CheckerError.noCriterion(rubric: file) }
        return (criteria, allowed)
    }

    /// `allow system-calls`: a rule of the submission policy this exercise lets through.
    private static func rule(_ line: Statement) throws -> PolicyRule {
        let known = PolicyRule.allCases.map(\.rawValue).joined(separator: ", ")
        guard line.words.count == 2 else { throw line.error("expected `allow RULE`, where RULE is one of \(known)") }
        guard let rule = PolicyRule(rawValue: line.words[1]) else {
            throw line.error("expected a rule of the submission policy (\(known)), got \"\(line.words[1])\"")
        }
        return rule
    }

    /// `criterion "Date picker" tag date-picker points 3 [hidden]`
    private static func criterion(_ line: Statement, existing: [Criterion]) throws -> Criterion {
        let form = "criterion \"Name\" tag TAG points N [hidden]"
        guard line.words.count == 6 || line.words.count == 7 else { throw line.error("expected \(form)") }
        guard line.words[2] == "tag", line.words[4] == "points" else { throw line.error("expected \(form)") }
        let name = line.words[1]
        let tag = try line.identifier(at: 3, "a scenario tag")
        guard let points = Double(line.words[5]), points.isFinite, points >= 0, points <= 1_000 else {
            throw line.error("expected the points as a number from 0 to 1000, got \"\(line.words[5])\"")
        }
        var visible = true
        if line.words.count == 7 {
            guard line.words[6] == "hidden" else { throw line.error("expected `hidden` or the end of the line, got \"\(line.words[6])\"") }
            visible = false
        }
        guard !name.isEmpty else { throw line.error("a criterion needs a name") }
        if existing.contains(where: { $0.tag == tag }) { throw line.error("the tag \(tag) already has a criterion") }
        if existing.contains(where: { $0.name == name }) { throw line.error("there is already a criterion named \"\(name)\"") }
        return Criterion(name: name, tag: tag, points: points, visible: visible)
    }

    // MARK: Lines and words

    struct Statement {
        var file: URL
        var number: Int
        var words: [String]

        func error(_ message: String) -> CheckerError {
            CheckerError.statement(file: file, line: number, problem: message)
        }

        func expect(count: Int, _ form: String) throws {
            guard words.count == count else { throw error("expected `\(form)`") }
        }

        func identifier(at index: Int, _ what: String) throws -> String {
            let word = words[index]
            let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789-")
            guard !word.isEmpty, word.allSatisfy(allowed.contains), word.first != "-" else {
                throw error("expected \(what), got \"\(word)\"")
            }
            return word
        }
    }

    static func statements(_ text: String, file: URL) throws -> [Statement] {
        var statements: [Statement] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let words = try words(in: Substring(raw), file: file, line: index + 1)
            if !words.isEmpty { statements.append(Statement(file: file, number: index + 1, words: words)) }
        }
        return statements
    }

    /// Splits a line into words; "quoted text" is one word (with \" and \\ inside), `#` starts a comment.
    private static func words(in line: Substring, file: URL, line number: Int) throws -> [String] {
        var words: [String] = []
        var index = line.startIndex
        while index < line.endIndex {
            let character = line[index]
            if character == " " || character == "\t" || character == "\r" {
                index = line.index(after: index)
            } else if character == "#" {
                break
            } else if character == "\"" {
                var word = ""
                index = line.index(after: index)
                var closed = false
                while index < line.endIndex {
                    let next = line[index]
                    index = line.index(after: index)
                    if next == "\"" { closed = true; break }
                    if next == "\\", index < line.endIndex {
                        word.append(line[index])
                        index = line.index(after: index)
                    } else {
                        word.append(next)
                    }
                }
                guard closed else { throw CheckerError.statement(file: file, line: number, problem: "expected a closing \" before the end of the line") }
                words.append(word)
            } else {
                let end = line[index...].firstIndex { $0 == " " || $0 == "\t" || $0 == "\r" } ?? line.endIndex
                words.append(String(line[index..<end]))
                index = end
            }
        }
        return words
    }
}
