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
            if line.hasPrefix("[") || line == "Top Level" || line == "Restoration class map is {" {
                out += #"<span class="archive-object">"# + line.html + "</span>\n"
            } else {
                out += line.html + "\n"
            }
        }
        return out + "</code></pre></div>"
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
            out += #"<span class="\#(kind)">"# + change.description.html + "</span>\n"
        }
        return out + "</code></pre></div>"
    }
}

struct ArchiveFigureError: Error, CustomStringConvertible {
    var description: String
}
