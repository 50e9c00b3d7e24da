/// A capture's log as a figure: each launch's heading, UIKit's restoration lines highlighted.
/// With `filter: restoration`, only those lines (and the launch headings) are kept.
enum LogFigure {
    /// A log entry: a line, with the indented lines that continue it (a multi-line message).
    struct Entry {
        var lines: [String]
        var isLaunch: Bool { lines.first?.hasPrefix("── launch") ?? false }
        var isRestoration: Bool {
            guard let first = lines.first else { return false }
            return first.contains("StateRestoration") || first.range(of: "restor", options: .caseInsensitive) != nil
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

    static func html(_ log: String, restorationOnly: Bool) -> String {
        let all = entries(log)
        let shown = restorationOnly ? all.filter { $0.isLaunch || $0.isRestoration } : all
        var out = #"<div class="log"><p class="figure-title">Log"# + (restorationOnly ? " (restoration lines)" : "") + "</p>"
        guard shown.contains(where: { !$0.isLaunch }) else {
            return out + #"<p class="empty">"# + (restorationOnly ? "No restoration lines: UIKit had nothing to say about restoration." : "The log is empty.") + "</p></div>"
        }
        out += #"<pre class="log-lines"><code>"#
        for entry in shown {
            let text = entry.lines.joined(separator: "\n").html
            if entry.isLaunch {
                out += #"<span class="log-launch">"# + text + "</span>\n"
            } else if entry.isRestoration {
                out += #"<span class="log-restoration">"# + text + "</span>\n"
            } else {
                out += text + "\n"
            }
        }
        return out + "</code></pre></div>"
    }
}
