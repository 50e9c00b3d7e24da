import Foundation

/// A listing from a real source file of a chapter: the whole file, one declaration (`symbol:`)
/// or a marked region (`region:`), highlighted; with `diff: previous`, what changed since the
/// previous step's file of the same name, as a unified diff (removed lines, then added ones,
/// with unchanged runs folded away).
struct ListingFigure {
    struct Selection {
        var caption: String
        /// 1-based line ranges to show.
        var ranges: [ClosedRange<Int>]
    }

    /// A file, read and highlighted once.
    struct SourceFile {
        var label: String
        var lines: [String]
        var highlighted: [String]

        init(label: String, text: String) {
            self.label = label
            var lines = text.components(separatedBy: "\n")
            if text.hasSuffix("\n") { lines.removeLast() }
            self.lines = lines
            let highlighted = SwiftHighlighter.lines(text)
            // The classifier and the split agree on lines; keep plain text if ever they do not.
            self.highlighted = highlighted.count == lines.count ? highlighted : lines.map(\.html)
        }

        var text: String { lines.joined(separator: "\n") }
    }

    enum Problem: Error {
        case noSymbol(String)
        case noRegion(String)
    }

    /// The lines of a file a directive asks for.
    static func select(_ file: SourceFile, symbol: String?, region: String?) throws(Problem) -> [ClosedRange<Int>] {
        if let symbol {
            let ranges = SwiftDeclarations.lines(of: symbol, in: file.text)
            guard !ranges.isEmpty else { throw .noSymbol(symbol) }
            return ranges
        }
        if let region {
            let begin = file.lines.firstIndex { $0.trimmingCharacters(in: .whitespaces) == "// workbook:begin \(region)" }
            let end = file.lines.firstIndex { $0.trimmingCharacters(in: .whitespaces) == "// workbook:end \(region)" }
            guard let begin, let end, end > begin else { throw .noRegion(region) }
            return end - begin >= 2 ? [(begin + 2)...end] : []
        }
        return file.lines.isEmpty ? [] : [1...file.lines.count]
    }

    /// Marker lines (`// workbook:begin name`) are for authors, not readers.
    static func isMarker(_ line: String) -> Bool {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        return trimmed.hasPrefix("// workbook:begin ") || trimmed.hasPrefix("// workbook:end ")
    }

    // MARK: HTML

    static func html(_ file: SourceFile, ranges: [ClosedRange<Int>], what: String?) -> String {
        var out = open(file.label, what: what, note: nil)
        for (index, range) in ranges.enumerated() {
            if index > 0 { out += fold(nil) }
            for number in range where number <= file.lines.count && !isMarker(file.lines[number - 1]) {
                out += line(number, sign: nil, html: file.highlighted[number - 1], kind: nil)
            }
        }
        return out + close
    }

    static func diffHTML(old: SourceFile, oldRanges: [ClosedRange<Int>], new: SourceFile, newRanges: [ClosedRange<Int>], what: String?, previousStep: String) -> String {
        let oldNumbers = oldRanges.flatMap { Array($0) }.filter { $0 <= old.lines.count && !isMarker(old.lines[$0 - 1]) }
        let newNumbers = newRanges.flatMap { Array($0) }.filter { $0 <= new.lines.count && !isMarker(new.lines[$0 - 1]) }
        let changes = LineDiff.changes(from: oldNumbers.map { old.lines[$0 - 1] }, to: newNumbers.map { new.lines[$0 - 1] })
        let added = changes.filter { if case .added = $0 { true } else { false } }.count
        let removed = changes.filter { if case .removed = $0 { true } else { false } }.count
        let note = added + removed == 0 ? "unchanged since \(previousStep)" : "changes since \(previousStep): +\(added) −\(removed)"
        // Copy gives the step's code whole: the folded lines too, never the removed ones.
        let code = newNumbers.map { new.lines[$0 - 1] }.joined(separator: "\n") + "\n"
        var out = open(new.label, what: what, note: note, code: code)

        // Keep three lines of context around each change; fold longer unchanged runs.
        let context = 3
        var keep = Array(repeating: added + removed == 0, count: changes.count)
        for (index, change) in changes.enumerated() {
            if case .same = change { continue }
            for nearby in max(0, index - context)...min(changes.count - 1, index + context) { keep[nearby] = true }
        }
        var folded = 0
        for (index, change) in changes.enumerated() {
            guard keep[index] else { folded += 1; continue }
            if folded > 0 { out += fold(folded); folded = 0 }
            switch change {
            case .same(_, let j):
                out += line(newNumbers[j], sign: " ", html: new.highlighted[newNumbers[j] - 1], kind: nil)
            case .removed(let i):
                out += line(oldNumbers[i], sign: "−", html: old.highlighted[oldNumbers[i] - 1], kind: "removed")
            case .added(let j):
                out += line(newNumbers[j], sign: "+", html: new.highlighted[newNumbers[j] - 1], kind: "added")
            }
        }
        if folded > 0 { out += fold(folded) }
        return out + close
    }

    private static func open(_ label: String, what: String?, note: String?, code: String? = nil) -> String {
        let data = code.map { #" data-code=""# + $0.html + "\"" } ?? ""
        var out = #"<figure class="listing""# + data + #"><figcaption><span class="listing-file">"# + label.html + "</span>"
        if let what { out += #" <code class="listing-symbol">"# + what.html + "</code>" }
        if let note { out += #" <span class="listing-note">"# + note.html + "</span>" }
        // The button works with the page's script (page.js), so it is hidden until then.
        out += #" <button type="button" class="copy" hidden title="Copy this code, as the step has it">Copy</button>"#
        return out + #"</figcaption><pre class="code"><code>"#
    }

    private static let close = "</code></pre></figure>"

    private static func line(_ number: Int, sign: String?, html: String, kind: String?) -> String {
        var out = #"<span class="line"# + (kind.map { " " + $0 } ?? "") + #""><span class="ln">\#(number)</span>"#
        if let sign { out += #"<span class="sign">\#(sign)</span>"# }
        return out + html + "\n</span>"
    }

    private static func fold(_ count: Int?) -> String {
        #"<span class="line fold"><span class="ln">⋯</span>"# + (count.map { " \($0) unchanged line\($0 == 1 ? "" : "s")" } ?? "") + "\n</span>"
    }
}
