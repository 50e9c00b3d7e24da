import Foundation

/// Reads scenario files. Every mistake in a file is reported, each at its line and column,
/// with what was found, what would be right and, for a typo, the nearest keyword.
///
/// ```swift
/// do {
///     let scenario = try ScenarioParser.parse(text, file: "chapter24/scenarios/edit.scenario")
///     for step in scenario.steps { print(step.location, step) }
/// } catch {
///     print(error.detailedDescription)   // every error, each line quoted and underlined
/// }
/// ```
///
/// The parser only reads and checks; it knows nothing of apps or screens. Whether `Save` is on
/// the screen is for the runner to find out.
public enum ScenarioParser {
    /// Parses a whole scenario file. `file` is the name used in locations and errors (as the
    /// author would recognise it, like `chapter24/scenarios/edit.scenario`); without a
    /// `scenario "…"` line, the scenario is named after it.
    public static func parse(_ text: String, file: String) throws(ScenarioErrors) -> Scenario {
        var parser = FileParser(file: file)
        return try parser.parse(text)
    }

    /// `parse`, and the work it took (`FileParser.work`): what shows that hostile text is read
    /// in time linear in its size, where a clock on a busy machine could not.
    static func parseMeasuringWork(_ text: String, file: String) -> (result: Result<Scenario, ScenarioErrors>, work: Int) {
        var parser = FileParser(file: file)
        let result = Result { () throws(ScenarioErrors) in try parser.parse(text) }
        return (result, parser.work)
    }

    /// Parses a scenario from raw bytes, which must be UTF-8: a file that is not (an image, a
    /// binary, another encoding) is reported once, at the first byte that is not text.
    public static func parse(bytes: some Collection<UInt8>, file: String) throws(ScenarioErrors) -> Scenario {
        let bytes = Array(bytes)
        guard bytes.count <= ScenarioLimits.maximumFileBytes else { throw tooLarge(file: file, bytes: bytes.count) }
        if let offset = bytes.firstIndex(of: 0) {
            throw binary(file: file, at: location(of: offset, in: bytes, file: file), what: "a NUL byte")
        }
        if let offset = firstInvalidUTF8(bytes) {
            let byte = "0x" + String(bytes[offset], radix: 16, uppercase: true)
            throw ScenarioErrors([ScenarioError(
                location: location(of: offset, in: bytes, file: file),
                message: "this file is not UTF-8 text: the byte \(byte) cannot start or continue a character",
                expected: "a text file in UTF-8",
                hint: "save the scenario as UTF-8 (every editor can), or check that this is the file you meant")])
        }
        return try parse(String(decoding: bytes, as: UTF8.self), file: file)
    }

    /// Reads and parses a scenario file. `file` names it in errors; the path by default.
    public static func parse(contentsOf url: URL, file: String? = nil) throws(ScenarioErrors) -> Scenario {
        let name = file ?? url.path
        if let size = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? NSNumber,
           size.intValue > ScenarioLimits.maximumFileBytes {
            throw tooLarge(file: name, bytes: size.intValue)
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ScenarioErrors([ScenarioError(
                location: SourceLocation(file: name, line: 0, column: 0),
                message: "cannot read the scenario: \(error.localizedDescription)",
                expected: "a readable file",
                hint: "check the path; scenarios usually live in a chapter's scenarios/ folder")])
        }
        return try parse(bytes: data, file: name)
    }

    /// Parses one line on its own (for a prompt, such as `workbook play`): the step, or `nil`
    /// for a blank line or a comment. Header lines are not steps and are refused here; the
    /// order of steps is not checked.
    public static func parseStep(_ line: String, file: String = "<input>", line number: Int = 1) throws(ScenarioErrors) -> Step? {
        var parser = FileParser(file: file)
        return try parser.parseSingle(line, number: number)
    }

    // MARK: Hostile input

    static func tooLarge(file: String, bytes: Int) -> ScenarioErrors {
        ScenarioErrors([ScenarioError(
            location: SourceLocation(file: file, line: 0, column: 0),
            message: "the file has \(bytes) bytes; a scenario may have at most \(ScenarioLimits.maximumFileBytes) bytes",
            expected: "a scenario of at most \(ScenarioLimits.maximumSteps) steps",
            hint: "split it into several scenarios, or check that this is the file you meant")])
    }

    static func binary(file: String, at location: SourceLocation, what: String) -> ScenarioErrors {
        ScenarioErrors([ScenarioError(
            location: location,
            message: "this file holds binary data, not a scenario: found \(what)",
            expected: "a text file, one step a line",
            hint: "check that this is the file you meant")])
    }

    /// The line and column of a byte offset (columns count characters).
    static func location(of offset: Int, in bytes: [UInt8], file: String) -> SourceLocation {
        var line = 1
        var lineStart = 0
        var index = 0
        while index < offset {
            if bytes[index] == 0x0A || (bytes[index] == 0x0D && (index + 1 >= bytes.count || bytes[index + 1] != 0x0A)) {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
        let before = String(decoding: bytes[lineStart ..< offset], as: UTF8.self)
        return SourceLocation(file: file, line: line, column: before.count + 1)
    }

    /// The offset of the first byte that is not part of a well-formed UTF-8 character.
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let count: Int
            var scalar: UInt32
            let smallest: UInt32
            switch lead {
            case 0xC0 ... 0xDF: (count, scalar, smallest) = (1, UInt32(lead & 0x1F), 0x80)
            case 0xE0 ... 0xEF: (count, scalar, smallest) = (2, UInt32(lead & 0x0F), 0x800)
            case 0xF0 ... 0xF7: (count, scalar, smallest) = (3, UInt32(lead & 0x07), 0x10000)
            default: return index
            }
            guard index + count < bytes.count else { return index }
            for next in bytes[(index + 1) ... (index + count)] {
                guard next & 0xC0 == 0x80 else { return index }
                scalar = scalar << 6 | UInt32(next & 0x3F)
            }
            guard scalar >= smallest, scalar <= 0x10FFFF, !(0xD800 ... 0xDFFF).contains(scalar) else { return index }
            index += count + 1
        }
        return nil
    }
}

/// Parses one file: splits it into lines, parses each, keeps the header, checks the order of
/// the steps, and gathers every error.
struct FileParser {
    let file: String
    private var errors: [ScenarioError] = []
    private var isTruncated = false
    /// The work done so far: each byte the line splitter went past, each character of a long
    /// line counted against the limit, and each character handed to the lexer.
    private(set) var work = 0

    init(file: String) {
        self.file = file
    }

    mutating func parse(_ text: String) throws(ScenarioErrors) -> Scenario {
        guard text.utf8.count <= ScenarioLimits.maximumFileBytes else {
            throw ScenarioParser.tooLarge(file: file, bytes: text.utf8.count)
        }
        let bytes = Array(text.utf8)
        if let offset = bytes.firstIndex(of: 0) {
            throw ScenarioParser.binary(file: file, at: ScenarioParser.location(of: offset, in: bytes, file: file), what: "a NUL character")
        }

        var name: String?
        var metadata = ScenarioMetadata()
        var headerLines: [String: Int] = [:]
        var steps: [Step] = []
        var checker = StepOrderChecker()
        var sawStep = false

        var lines = Lines(text)
        defer { work += lines.bytesRead }
        var number = 0
        while let line = lines.next() {
            guard errors.count < ScenarioLimits.maximumErrors else {
                isTruncated = true
                break
            }
            number += 1
            guard let characters = limitedCharacters(line, number: number) else {
                checker.lineFailed()
                continue
            }
            let lexed = Lexer.lex(characters)
            let sourceLine = String(line)
            guard lexed.errors.isEmpty else {
                for problem in lexed.errors { record(problem, line: number, source: sourceLine) }
                if !startsWithHeaderWord(lexed.tokens) { checker.lineFailed() }
                continue
            }
            guard !lexed.tokens.isEmpty else { continue }

            var lineParser = LineParser(tokens: lexed.tokens)
            let parsed: ParsedLine
            do {
                parsed = try lineParser.parse()
            } catch {
                record(error, line: number, source: sourceLine)
                if !startsWithHeaderWord(lexed.tokens) { checker.lineFailed() }
                continue
            }
            let location = SourceLocation(file: file, line: number, column: lexed.tokens[0].column)

            switch parsed {
            case .header(let header):
                if sawStep {
                    errors.append(ScenarioError(
                        location: location,
                        message: "'\(header.key)' is a header line, but steps have already begun",
                        expected: "header lines (scenario, app, tags, points, hidden, developer mode) at the top, before the first step",
                        hint: "move it to the top of the file",
                        length: lexed.tokens[0].length, sourceLine: sourceLine))
                    continue
                }
                if let first = headerLines[header.key] {
                    errors.append(ScenarioError(
                        location: location,
                        message: "a second '\(header.key)' line; the first is at line \(first)",
                        expected: "each header line at most once",
                        hint: header.key == "tags" ? "list every tag on one line: tags editing, text-field" : "keep one of them",
                        length: lexed.tokens[0].length, sourceLine: sourceLine))
                    continue
                }
                headerLines[header.key] = number
                switch header {
                case .name(let text): name = text
                case .app(let app): metadata.app = app
                case .tags(let tags): metadata.tags = tags
                case .points(let points): metadata.points = points
                case .hidden: metadata.isHidden = true
                case .developerMode: metadata.developerMode = true
                }
            case .step(let kind):
                sawStep = true
                guard steps.count < ScenarioLimits.maximumSteps else {
                    errors.append(ScenarioError(
                        location: location,
                        message: "too many steps: a scenario may have at most \(ScenarioLimits.maximumSteps) steps",
                        expected: "at most \(ScenarioLimits.maximumSteps) steps",
                        hint: "split it into several scenarios",
                        length: lexed.tokens[0].length, sourceLine: sourceLine))
                    isTruncated = true
                    break
                }
                let step = Step(kind, location: location, text: lexed.content)
                steps.append(step)
                if let problem = checker.check(step, sourceLine: sourceLine) { errors.append(problem) }
            }
            if isTruncated { break }
        }

        if steps.isEmpty, errors.isEmpty {
            errors.append(ScenarioError(
                location: SourceLocation(file: file, line: 1, column: 1),
                message: "the scenario has no steps",
                expected: "at least one step, starting with 'launch'",
                hint: "a scenario is one step a line: launch, tap Save, press home, kill, launch, expect restored"))
        }

        guard errors.isEmpty else {
            var sorted = errors.enumerated().sorted { a, b in
                (a.element.location.line, a.element.location.column, a.offset) < (b.element.location.line, b.element.location.column, b.offset)
            }.map(\.element)
            var truncated = isTruncated
            if sorted.count > ScenarioLimits.maximumErrors {
                sorted = Array(sorted.prefix(ScenarioLimits.maximumErrors))
                truncated = true
            }
            throw ScenarioErrors(sorted, isTruncated: truncated)
        }
        return Scenario(name: name ?? Self.defaultName(file), metadata: metadata, steps: steps, file: file)
    }

    mutating func parseSingle(_ text: String, number: Int) throws(ScenarioErrors) -> Step? {
        if text.unicodeScalars.contains(where: { $0 == "\n" || $0 == "\r" }) {
            throw ScenarioErrors([ScenarioError(location: SourceLocation(file: file, line: number, column: 1), message: "expected one line, found several", expected: "one step")])
        }
        if let offset = Array(text.utf8).firstIndex(of: 0) {
            throw ScenarioParser.binary(file: file, at: ScenarioParser.location(of: offset, in: Array(text.utf8), file: file), what: "a NUL character")
        }
        guard let characters = limitedCharacters(Substring(text), number: number) else { throw ScenarioErrors(errors) }
        let lexed = Lexer.lex(characters)
        for problem in lexed.errors { record(problem, line: number, source: text) }
        guard errors.isEmpty else { throw ScenarioErrors(errors) }
        guard !lexed.tokens.isEmpty else { return nil }
        var lineParser = LineParser(tokens: lexed.tokens)
        do {
            let location = SourceLocation(file: file, line: number, column: lexed.tokens[0].column)
            switch try lineParser.parse() {
            case .step(let kind):
                return Step(kind, location: location, text: lexed.content)
            case .header(let header):
                throw ScenarioErrors([ScenarioError(location: location, message: "'\(header.key)' is a header line of a scenario file, not a step", expected: "a step", length: lexed.tokens[0].length, sourceLine: text)])
            }
        } catch let failure as LineFailure {
            record(failure, line: number, source: text)
            throw ScenarioErrors(errors)
        } catch let scenarioErrors as ScenarioErrors {
            throw scenarioErrors
        } catch {
            throw ScenarioErrors(errors)
        }
    }

    // MARK: Lines

    /// The lines of the text, one at a time, without their line breaks (`\n`, `\r\n` or `\r`)
    /// and without a byte order mark at the start.
    struct Lines: Sequence, IteratorProtocol {
        private let text: Substring
        private var start: String.Index
        private var finished = false
        /// The bytes looked at so far.
        private(set) var bytesRead = 0

        init(_ text: String) {
            var text = Substring(text)
            if text.unicodeScalars.first == "\u{FEFF}" { text = Substring(text.unicodeScalars.dropFirst()) }
            self.text = text
            self.start = text.startIndex
        }

        mutating func next() -> Substring? {
            guard !finished else { return nil }
            let utf8 = text.utf8
            var index = start
            while index != utf8.endIndex {
                let byte = utf8[index]
                bytesRead += 1
                if byte == 0x0A || byte == 0x0D {
                    let line = text[start ..< index]
                    var after = utf8.index(after: index)
                    if byte == 0x0D, after != utf8.endIndex, utf8[after] == 0x0A { after = utf8.index(after: after) }
                    start = after
                    if after == utf8.endIndex { finished = true }
                    return line
                }
                index = utf8.index(after: index)
            }
            finished = true
            return start == utf8.endIndex ? nil : text[start...]
        }
    }

    /// The line's characters, or `nil` (and an error) when it is longer than the limit.
    private mutating func limitedCharacters(_ line: Substring, number: Int) -> [Character]? {
        let limit = ScenarioLimits.maximumLineLength
        if line.utf8.count > limit {
            var count = 0
            var index = line.startIndex
            while index != line.endIndex, count <= limit {
                index = line.index(after: index)
                count += 1
            }
            work += count
            if count > limit {
                errors.append(ScenarioError(
                    location: SourceLocation(file: file, line: number, column: limit + 1),
                    message: "line \(number) is longer than \(limit) characters, the most a line may have",
                    expected: "one step a line, of at most \(limit) characters",
                    hint: "a step is short; check that this is a scenario file",
                    sourceLine: nil))
                return nil
            }
        }
        let characters = Array(line)
        work += characters.count
        return characters
    }

    private func startsWithHeaderWord(_ tokens: [Token]) -> Bool {
        guard let word = tokens.first?.keyword else { return false }
        return Vocabulary.headerWords.contains(word) || Vocabulary.headerWords.contains(String(word.dropLast()))
    }

    private mutating func record(_ problem: LexError, line: Int, source: String) {
        errors.append(ScenarioError(
            location: SourceLocation(file: file, line: line, column: problem.column),
            message: problem.message, expected: problem.expected, hint: problem.hint,
            length: problem.length, sourceLine: source))
    }

    private mutating func record(_ failure: LineFailure, line: Int, source: String) {
        errors.append(ScenarioError(
            location: SourceLocation(file: file, line: line, column: failure.column),
            message: failure.message, expected: failure.expected, hint: failure.hint,
            length: failure.length, sourceLine: source))
    }

    /// `edit` for `chapter24/scenarios/edit.scenario`.
    static func defaultName(_ file: String) -> String {
        var name = Substring(file)
        if let slash = name.lastIndex(where: { $0 == "/" || $0 == "\\" }) { name = name[name.index(after: slash)...] }
        if name.hasSuffix(".scenario") { name = name.dropLast(".scenario".count) }
        return name.isEmpty ? file : String(name)
    }
}
