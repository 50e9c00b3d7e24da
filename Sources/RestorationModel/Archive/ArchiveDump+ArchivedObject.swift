import BinaryPropertyList

/// An archived `NSCoding` object in the dump: `Archived Object (Class: Homepwner.Item) {`, then
/// each key it encoded as a dictionary's entry (`"name" = "Lamp";`), then the closing brace
/// under the value's start. What it holds nests as the dump's own arrays and dictionaries do.
extension ArchiveDump {
    package static func lines(_ contents: ArchivedObjectContents, column: Int) -> [String] {
        let inner = column + elementIndent
        switch contents {
        case .value(let value):
            // One line, never another archive opened inside this one: nesting stays bounded.
            return [ArchiveValueText.scalar(value, key: "", contained: true) ?? ArchiveValueText.line(value)]
        case .null:
            return ["nil"]
        case .notShown(let why):
            return ["… (\(why))"]
        case .array(let items):
            guard !items.isEmpty else { return ["()"] }
            var out = ["("]
            for (index, item) in items.enumerated() {
                var element = lines(item, column: inner)
                element[0] = spaces(inner) + element[0]
                if index < items.count - 1 { element[element.count - 1] += "," }
                out += element
            }
            return out + [spaces(column) + ")"]
        case .dictionary(let entries):
            guard !entries.isEmpty else { return ["{}"] }
            let keyed = entries.map { (lines($0.key, column: inner).joined(separator: " "), $0.value) }
            return ["{"] + entryLines(keyed, inner: inner) + [spaces(column) + "}"]
        case .object(let className, let fields):
            let heading = "Archived Object (Class: \(className))"
            guard !fields.isEmpty else { return [heading] }
            let keyed = fields.map { (ArchiveValueText.quoted($0.key), $0.value) }
            return [heading + " {"] + entryLines(keyed, inner: inner) + [spaces(column) + "}"]
        }
    }

    /// `key = value;` a line, each value starting after its key.
    private static func entryLines(_ entries: [(key: String, value: ArchivedObjectContents)], inner: Int) -> [String] {
        var out: [String] = []
        for (key, value) in entries {
            let lead = key + " = "
            var entry = lines(value, column: inner + lead.count)
            entry[0] = spaces(inner) + lead + entry[0]
            entry[entry.count - 1] += ";"
            out += entry
        }
        return out
    }
}
