import BinaryPropertyList
import Foundation

/// Prints an archive the way Apple's `restorationArchiveTool` does: the restoration class map,
/// the "Top Level" block (the archive version among its keys), then one block per object,
/// parents first, each under a heading underlined with dashes as long as it.
///
/// In a block, keys are indented 16 columns and padded with dots to the longest key plus three,
/// so that values line up; an array or a dictionary opens after the dots, lists one element a
/// line two columns further in, and closes under its opening bracket. An archived `NSCoding`
/// object shows its class, then the keys it encoded laid out as a dictionary's.
public struct ArchiveDump {
    public let archive: StateArchive

    /// Where a block's keys start.
    package static let keyIndent = 16
    /// How far an array's or a dictionary's elements sit in from its opening bracket.
    package static let elementIndent = 2

    public init(_ archive: StateArchive) {
        self.archive = archive
    }

    public var text: String {
        var lines = classMap
        lines += [""] + block("Top Level", archive.storedTopLevel)
        for entry in archive.entries {
            let heading = "[\(entry.kind.rawValue)] \(ArchiveValueText.name(entry.path.description)) "
                + "(Class: \(ArchiveValueText.name(RuntimeClassName.display(entry.className))))"
            lines += ["", ""] + block(heading, entry.state)
        }
        return lines.joined(separator: "\n")
    }

    /// The paths whose controllers have a restoration class, as the tool prints the dictionary
    /// (an empty map is an empty pair of braces).
    private var classMap: [String] {
        let entries = archive.restorationClassMap.sorted { $0.key < $1.key }.map { path, className in
            "    \(ArchiveValueText.quoted(path.description)) = \(ArchiveValueText.quoted(RuntimeClassName.display(className)));"
        }
        return ["Restoration class map is {"] + entries + ["}"]
    }

    private func block(_ heading: String, _ state: [String: PropertyListValue]) -> [String] {
        let width = (state.keys.map { ArchiveValueText.name($0).count }.max() ?? 0) + 3
        var lines = [heading, String(repeating: "-", count: heading.count), ""]
        for key in ArchiveValueText.sortedKeys(state) {
            let shown = ArchiveValueText.name(key)
            let lead = String(repeating: " ", count: Self.keyIndent) + shown + String(repeating: ".", count: width - shown.count)
            var value = Self.lines(state[key]!, key: key, column: Self.keyIndent + width, contained: false)
            value[0] = lead + value[0]
            lines += value
        }
        return lines
    }

    /// A value starting at `column`: its first line without indentation (it follows the dots or
    /// an element's start), every further line indented in full.
    package static func lines(_ value: PropertyListValue, key: String, column: Int, contained: Bool) -> [String] {
        if case .archivedObject(let data)? = MarkedArchiveValue(value), let contents = ArchivedObjectContents(archive: data) {
            return lines(contents, column: column)
        }
        if let scalar = ArchiveValueText.scalar(value, key: key, contained: contained) { return [scalar] }
        let inner = column + elementIndent
        switch value {
        case .array(let items) where !items.isEmpty:
            var lines = ["("]
            for (index, item) in items.enumerated() {
                var element = Self.lines(item, key: "", column: inner, contained: true)
                element[0] = spaces(inner) + element[0]
                if index < items.count - 1 { element[element.count - 1] += "," }
                lines += element
            }
            return lines + [spaces(column) + ")"]
        case .dictionary(let entries) where !entries.isEmpty:
            var lines = ["{"]
            for entryKey in ArchiveValueText.sortedKeys(entries) {
                let lead = ArchiveValueText.quoted(entryKey) + " = "
                var entry = Self.lines(entries[entryKey]!, key: "", column: inner + lead.count, contained: true)
                entry[0] = spaces(inner) + lead + entry[0]
                entry[entry.count - 1] += ";"
                lines += entry
            }
            return lines + [spaces(column) + "}"]
        case .array: return ["()"]
        default: return ["{}"]
        }
    }

    package static func spaces(_ count: Int) -> String {
        String(repeating: " ", count: count)
    }
}
