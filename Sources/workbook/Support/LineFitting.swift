/// Text fitted to a terminal's width: a line too long is wrapped at its spaces, its continuation
/// indented under the line's own text, so nothing runs off a narrow terminal or wraps in the
/// middle of a word. Drawings (box lines) are left whole: `SideBySide` already stacked them.
enum LineFitting {
    static func fit(_ text: String, width: Int) -> String {
        guard width > 20, width < .max else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line -> [String] in
            let line = String(line)
            if visibleWidth(line) <= width || line.contains(where: { "│┌└├┐┘┤─".contains($0) }) { return [line] }
            return wrap(line, width: width)
        }.joined(separator: "\n")
    }

    private static func wrap(_ line: String, width: Int) -> [String] {
        let indent = line.prefix { $0 == " " }.count
        let continuation = String(repeating: " ", count: min(indent + 2, width / 2))
        var lines: [String] = []
        var current = String(repeating: " ", count: indent)
        var currentWidth = indent
        for word in line.dropFirst(indent).split(separator: " ", omittingEmptySubsequences: false) {
            var word = Substring(word)
            let start = lines.isEmpty ? indent : continuation.count
            if currentWidth > start, currentWidth + 1 + visibleWidth(String(word)) > width {
                lines.append(current)
                current = continuation
                currentWidth = continuation.count
            }
            // A word longer than a whole line is cut where the line ends.
            while currentWidth + visibleWidth(String(word)) > width, word.count > width - currentWidth {
                let room = max(width - currentWidth - (currentWidth > (lines.isEmpty ? indent : continuation.count) ? 1 : 0), 1)
                current += (currentWidth > (lines.isEmpty ? indent : continuation.count) ? " " : "") + word.prefix(room)
                lines.append(current)
                word = word.dropFirst(room)
                current = continuation
                currentWidth = continuation.count
            }
            if currentWidth > (lines.isEmpty ? indent : continuation.count) {
                current += " "
                currentWidth += 1
            }
            current += word
            currentWidth += visibleWidth(String(word))
        }
        lines.append(current)
        return lines
    }

    /// Columns a line takes on a terminal: its characters less colour codes (`ESC [ … m`).
    static func visibleWidth(_ text: String) -> Int {
        var width = 0
        var inEscape = false
        for character in text {
            if inEscape {
                if character == "m" { inEscape = false }
            } else if character == "\u{1B}" {
                inEscape = true
            } else {
                width += 1
            }
        }
        return width
    }
}
