/// A capture's log as a figure: each launch's heading, UIKit's restoration lines highlighted.
/// With `filter: restoration`, only those lines (and the launch headings) are kept.
///
/// Every line UIKit prints starts with the same long prefix (NSLog's date, process and thread,
/// then UIKit's function, `void _restoreState(UIApplication *, …): `), and the message a reader
/// came for is at its end. Each entry keeps its text in the console's order (prefix, message),
/// so what a reader copies or searches is the line as printed; the style sheet draws the message
/// first and the prefix under it, dimmed and folded to one line, and the figure's "As printed"
/// button puts the lines back as the console showed them.
enum LogFigure {
    /// A log entry: a line, with the indented lines that continue it (a multi-line message).
    struct Entry {
        var lines: [String]
        var isLaunch: Bool { lines.first?.hasPrefix("── launch") ?? false }
        var isRestoration: Bool {
            guard let first = lines.first else { return false }
            return first.contains("StateRestoration") || first.range(of: "restor", options: .caseInsensitive) != nil
        }
        /// The entry as the console printed it.
        var text: String { lines.joined(separator: "\n") }
        /// The entry's prefix (NSLog's header and UIKit's function, when there is one) and its
        /// message, which together are `text`.
        var parts: (prefix: Substring, message: Substring) {
            let text = self.text[...]
            let end = LogFigure.prefixEnd(of: text)
            return (text[..<end], text[end...])
        }
    }

    static func entries(_ log: String) -> [Entry] {
        var entries: [Entry] = []
        for line in log.components(separatedBy: "\n") {
            let continues = line.hasPrefix(" ") || line.hasPrefix("\t") || line.hasPrefix(")") || line.hasPrefix("}")
            if continues, !entries.isEmpty, !entries[entries.count - 1].isLaunch {
                entries[entries.count - 1].lines.append(line)
            } else if !line.isEmpty {
                entries.append(Entry(lines: [line]))
            }
        }
        return entries
    }

    /// Where a line's prefix ends: after NSLog's header
    /// (`2026-11-22 09:00:00.000 Islands[143:303] `) and the UIKit function that follows it, a C
    /// function (`void _restoreState(UIApplication *, …): `) or an Objective-C method
    /// (`-[UIViewController(StateRestoration) _restoreChildViewControllers]: `). A line without
    /// NSLog's header has no prefix: all of it is the message.
    static func prefixEnd(of line: Substring) -> Substring.Index {
        guard let header = line.prefixMatch(of: #/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3} [^\[\]\n]+\[\d+:[0-9A-Fa-f]+\] /#) else {
            return line.startIndex
        }
        let rest = line[header.range.upperBound...]
        let function = rest.prefixMatch(of: #/[A-Za-z_][\w<> ]*?[ *]+[A-Za-z_]\w*\([^()\n]*\): /#)
            ?? rest.prefixMatch(of: #/[-+]\[[^\]\n]+\]: /#)
        return function?.range.upperBound ?? header.range.upperBound
    }

    static func html(_ log: String, restorationOnly: Bool) -> String {
        let all = entries(log)
        let shown = restorationOnly ? all.filter { $0.isLaunch || $0.isRestoration } : all
        var out = #"<div class="log"><p class="figure-title">Log"# + (restorationOnly ? " (restoration lines)" : "")
        guard shown.contains(where: { !$0.isLaunch }) else {
            return out + #"</p><p class="empty">"# + (restorationOnly ? "No restoration lines: UIKit had nothing to say about restoration." : "The log is empty.") + "</p></div>"
        }
        // Shown by page.js: without scripts, neither would do anything.
        out += #" <button type="button" class="log-as-printed" aria-pressed="false" hidden title="Show each line as the console printed it, its prefix first">As printed</button>"#
        out += #" <button type="button" class="copy" hidden title="Copy these lines as the console printed them">Copy</button></p>"#
        out += #"<pre class="log-lines"><code>"#
        for entry in shown {
            if entry.isLaunch {
                out += #"<span class="log-launch">"# + entry.text.html + "</span>\n"
                continue
            }
            let (prefix, message) = entry.parts
            out += #"<span class="log-entry"# + (entry.isRestoration ? " log-restoration" : "") + #"">"#
            if !prefix.isEmpty { out += #"<span class="log-prefix">"# + String(prefix).html + "</span>" }
            out += #"<span class="log-message">"# + String(message).html + "</span></span>\n"
        }
        return out + "</code></pre></div>"
    }
}
