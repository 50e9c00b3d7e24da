import SwiftIDEUtils
import SwiftParser
import SwiftSyntax

/// Swift source as HTML, one string a line, coloured by swift-syntax's classifier (the one
/// SourceKit-LSP uses): keywords, types, strings, numbers, comments, attributes. Each line is
/// complete HTML on its own (a token spanning lines, like a block comment, is closed and
/// reopened), so a listing can show any set of lines.
enum SwiftHighlighter {
    static func lines(_ source: String) -> [String] {
        let tree = Parser.parse(source: source)
        let bytes = Array(source.utf8)
        var lines: [String] = []
        var current = ""
        var position = 0

        func emit(_ start: Int, _ end: Int, _ cssClass: String?) {
            guard end > start else { return }
            let text = String(decoding: bytes[start..<end], as: UTF8.self)
            let pieces = text.split(separator: "\n", omittingEmptySubsequences: false)
            for (index, piece) in pieces.enumerated() {
                if index > 0 {
                    lines.append(current)
                    current = ""
                }
                guard !piece.isEmpty else { continue }
                let escaped = HTML.escape(String(piece))
                if let cssClass {
                    current += "<span class=\"\(cssClass)\">" + escaped + "</span>"
                } else {
                    current += escaped
                }
            }
        }

        for range in tree.classifications {
            let start = range.range.lowerBound.utf8Offset, end = min(range.range.upperBound.utf8Offset, bytes.count)
            guard start >= position else { continue }
            emit(position, start, nil)
            emit(start, end, cssClass(range.kind))
            position = end
        }
        emit(position, bytes.count, nil)
        lines.append(current)
        // A file ending with a newline has no line after it.
        if source.hasSuffix("\n"), lines.last == "" { lines.removeLast() }
        return lines
    }

    /// Short class names, styled in style.css (`.code .k` and so on).
    static func cssClass(_ kind: SyntaxClassification) -> String? {
        switch kind {
        case .keyword: "k"
        case .type: "t"
        case .stringLiteral, .regexLiteral: "s"
        case .integerLiteral, .floatLiteral: "n"
        case .lineComment, .blockComment: "c"
        case .docLineComment, .docBlockComment: "c d"
        case .attribute: "a"
        case .ifConfigDirective: "p"
        case .dollarIdentifier: "v"
        case .editorPlaceholder: "e"
        case .argumentLabel: "l"
        case .identifier, .operator, .none: nil
        @unknown default: nil
        }
    }
}
