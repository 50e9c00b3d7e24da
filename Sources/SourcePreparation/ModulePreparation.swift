import SwiftParser
import SwiftSyntax

/// Makes iOS code compile on Linux where only Linux stands in its way, mechanically and visibly,
/// before a module is built (`workbook run`, `check`, `grade`, the Gradescope grader):
///
/// - an `override` in an extension of a class the same module declares is folded into the
///   class's body (on Linux nothing is `@objc dynamic`, so an extension cannot override);
/// - `@objc`, `@objcMembers` and Interface Builder's attributes are removed where they can mean
///   nothing here (ObjectiveCAttributes).
///
/// The author's files are never changed: the build compiles what this returns. Every line and
/// column the compiler names is the author's: a removed attribute or member leaves spaces of its
/// length (its line breaks kept), and a folded member is put between `#sourceLocation` directives
/// that give its own file and line back, then the class's. A file whose syntax is broken is left
/// as it is, for the compiler to say where.
public enum ModulePreparation {
    public static func prepare(_ sources: [SwiftSource]) -> PreparedModule {
        let relocated = sources.contains { !$0.compiledAtReportedPath }
        // Most files are no candidates and are never parsed: a module with nothing to prepare
        // costs a look at its bytes.
        let candidates = sources.indices.filter { PreparationCandidates.mayNeedPreparation(sources[$0].bytes) }
        guard !candidates.isEmpty else {
            return PreparedModule(files: sources.map { withHeader($0, $0.bytes) }, notes: [], needsOneLineDiagnostics: relocated)
        }
        var files = [ParsedFile?](repeating: nil, count: sources.count)
        for index in candidates { files[index] = ParsedFile(sources[index]) }
        // A class may be declared in a file that mentions none of the words: when there is
        // something to fold, every file is read for classes.
        if files.contains(where: { $0.map { !$0.declarations.overrides.isEmpty } ?? false }) {
            for index in sources.indices where files[index] == nil { files[index] = ParsedFile(sources[index]) }
        }

        var blanked = sources.map(\.bytes)
        var notes: [String] = []
        for index in sources.indices {
            guard let file = files[index], !file.attributes.isEmpty else { continue }
            for attribute in file.attributes { blank(attribute.range, in: &blanked[index]) }
            notes.append(PreparationNote.removed(file.attributes.map { ($0.name, file.line(of: $0.range.lowerBound)) }, in: sources[index].name))
        }

        // Each class by name, where the module declares it once (twice is `#if` branches, or an
        // error the compiler will name: nothing is folded into either).
        var classes: [String: [(file: Int, body: FileDeclarations.ClassBody)]] = [:]
        for (index, file) in files.enumerated() {
            for body in file?.declarations.classes ?? [] { classes[body.name, default: []].append((index, body)) }
        }
        var insertions: [Int: [Int: [UInt8]]] = [:] // file → closing brace offset → folded members
        for (index, file) in files.enumerated() {
            guard let file else { continue }
            for member in file.declarations.overrides {
                guard let target = classes[member.typeName], target.count == 1, let classFile = files[target[0].file] else { continue }
                let line = file.line(of: member.range.lowerBound), column = file.column(of: member.range.lowerBound)
                var moved = LineDirective.line(file: sources[index].reportedPath, line: line)
                moved += Array(repeating: UInt8(ascii: " "), count: column - 1)
                moved += blanked[index][member.range]
                moved.append(UInt8(ascii: "\n"))
                insertions[target[0].file, default: [:]][target[0].body.closingBrace, default: []] += moved
                blank(member.range, in: &blanked[index])
                if let semicolon = member.semicolon { blank(semicolon, in: &blanked[index]) }
                notes.append(PreparationNote.folded(member.summary, from: sources[index].name, line: line, into: member.typeName,
                                                    declaredIn: sources[target[0].file].name, classLine: classFile.line(of: target[0].body.declaration)))
            }
        }

        var prepared = blanked
        for (index, byBrace) in insertions {
            let classFile = files[index]!
            // From the last brace back, so that the offsets before it still hold.
            for (brace, members) in byBrace.sorted(by: { $0.key > $1.key }) {
                var text: [UInt8] = [UInt8(ascii: "\n")] + members
                text += LineDirective.line(file: sources[index].reportedPath, line: classFile.line(of: brace))
                text += Array(repeating: UInt8(ascii: " "), count: classFile.column(of: brace) - 1)
                prepared[index].insert(contentsOf: text, at: brace)
            }
        }
        return PreparedModule(files: sources.indices.map { withHeader(sources[$0], prepared[$0]) }, notes: notes,
                              needsOneLineDiagnostics: relocated || !insertions.isEmpty)
    }

    /// Spaces for every byte but line breaks: lines and columns after it stay where they were.
    private static func blank(_ range: Range<Int>, in bytes: inout [UInt8]) {
        for offset in range where bytes[offset] != UInt8(ascii: "\n") && bytes[offset] != UInt8(ascii: "\r") {
            bytes[offset] = UInt8(ascii: " ")
        }
    }

    /// The file as compiled: after a directive naming the author's file, when it is compiled elsewhere.
    private static func withHeader(_ source: SwiftSource, _ bytes: [UInt8]) -> [UInt8] {
        source.compiledAtReportedPath ? bytes : LineDirective.line(file: source.reportedPath, line: 1) + bytes
    }
}

/// A file read for preparation: its syntax tree's declarations and attributes, when it parses
/// without an error, and its lines.
private struct ParsedFile {
    let declarations: FileDeclarations
    let attributes: [ObjectiveCAttributes.Found]
    private let converter: SourceLocationConverter

    init?(_ source: SwiftSource) {
        // A file that is not UTF-8 is the compiler's to refuse.
        guard String(validating: source.bytes, as: UTF8.self) != nil else { return nil }
        let tree = source.bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
        guard !tree.hasError else { return nil }
        declarations = FileDeclarations(tree)
        attributes = ObjectiveCAttributes.find(in: tree)
        converter = SourceLocationConverter(fileName: source.name, tree: tree)
    }

    func line(of offset: Int) -> Int { converter.location(for: AbsolutePosition(utf8Offset: offset)).line }
    /// In bytes from 1, as the compiler counts columns.
    func column(of offset: Int) -> Int { converter.location(for: AbsolutePosition(utf8Offset: offset)).column }
}
