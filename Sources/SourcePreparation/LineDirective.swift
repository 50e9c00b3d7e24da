import WorkbookSupport

/// `#sourceLocation(file:line:)`: from the next line on, the compiler names that file and counts
/// from that line, in its diagnostics, `#file`, `#line` and debug information alike.
enum LineDirective {
    /// The directive on a line of its own (its line break included). The compiler shows the file
    /// name exactly as the literal spells it, so a name with a quote or a line break in it is
    /// written, and shown, escaped.
    static func line(file: String, line: Int) -> [UInt8] {
        Array("#sourceLocation(file: \"\(FileNameText.shown(file))\", line: \(line))\n".utf8)
    }
}
