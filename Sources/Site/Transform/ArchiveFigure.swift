import Foundation
import RestorationModel

/// An archive as `workbook archive dump` prints it (as Apple's restorationArchiveTool does), with
/// the `data.data` itself to download.
enum ArchiveFigure {
    /// - Parameters:
    ///   - file: the archive in the capture.
    ///   - link: where the site keeps its copy, relative to the page.
    ///   - caption: what it is, said for a person.
    static func html(_ file: URL, link: String, caption: String) throws -> String {
        let archive: StateArchive
        do {
            archive = try StateArchive(contentsOf: file)
        } catch {
            throw ArchiveFigureError(description: "\(file.path) is not a readable archive: \(error.description)")
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? nil
        var out = #"<div class="archive"><p class="figure-title">"# + caption.html
        out += #" <a class="download" href=""# + link.html + #"" download="data.data">download data.data"#
        if let size { out += " (\(size) bytes)" }
        out += "</a></p>"
        out += #"<pre class="archive-dump"><code>"#
        for line in ArchiveDump(archive).text.components(separatedBy: "\n") {
            out += dumpLine(line)
        }
        return out + "</code></pre></div>"
    }

    /// A line of the dump, its text unchanged (it copies as the tool printed it), in parts a
    /// narrow screen can lay out on their own: an object's heading wraps between words, its
    /// dashed rule is cut at the figure's edge, an entry's value goes under its key, and the
    /// deep indentation shrinks (style.css, `.archive-*`). A wide screen shows the lines whole.
    /// Each line is a span holding its line break, so a narrow screen can make it a block.
    static func dumpLine(_ line: String) -> String {
        if line.hasPrefix("[") || line == "Top Level" || line == "Restoration class map is {" {
            return #"<span class="archive-object">"# + line.html + "\n</span>"
        }
        if !line.isEmpty, line.allSatisfy({ $0 == "-" }) {
            return #"<span class="archive-rule">"# + line + "\n</span>"
        }
        let indentation = line.prefix { $0 == " " }
        guard !indentation.isEmpty, indentation.count < line.count else { return #"<span class="archive-line">"# + line.html + "\n</span>" }
        let rest = line.dropFirst(indentation.count)
        var out = #"<span class="archive-line"><span class="archive-indent">"# + indentation + "</span>"
        // `key.........value`: the dots lead from the key to its value.
        if let dots = rest.range(of: "..."), dots.lowerBound > rest.startIndex {
            let valueStart = rest[dots.lowerBound...].firstIndex { $0 != "." } ?? rest.endIndex
            out += #"<span class="archive-key">"# + String(rest[..<dots.lowerBound]).html + "</span>"
            // The dots go with the value: on a phone, a value that does not fit beside its key
            // moves under it, led by its dots.
            out += #"<span class="archive-value"><span class="archive-dots">"# + String(rest[dots.lowerBound..<valueStart]) + "</span>"
            out += String(rest[valueStart...]).html + "</span>"
        } else {
            out += String(rest).html
        }
        return out + "\n</span>"
    }
}

extension ArchiveFigure {
    /// What changed from one archive to another, a line per change as `workbook archive diff`
    /// prints it, added lines green and removed ones red.
    static func difference(from old: URL, to new: URL, caption: String) throws -> String {
        func read(_ file: URL) throws -> StateArchive {
            do { return try StateArchive(contentsOf: file) } catch {
                throw ArchiveFigureError(description: "\(file.path) is not a readable archive: \(error.description)")
            }
        }
        let difference = ArchiveDifference(from: try read(old), to: try read(new))
        var out = #"<div class="archive"><p class="figure-title">"# + caption.html + "</p>"
        guard !difference.isEmpty else { return out + "<p>The archives hold the same state.</p></div>" }
        out += #"<pre class="archive-diff"><code>"#
        for change in difference.changes {
            let kind = switch change.sign {
            case .added: "added"
            case .removed: "removed"
            case .changed: "changed"
            }
            out += #"<span class="\#(kind)">"# + change.description.html + "\n</span>"
        }
        return out + "</code></pre></div>"
    }
}

struct ArchiveFigureError: Error, CustomStringConvertible {
    var description: String
}
