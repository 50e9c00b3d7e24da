import BinaryPropertyList
import Foundation

/// Prints an archive the way Apple's `restorationArchiveTool` does: the class map, a "Top Level"
/// block, then one block per object, each key padded with dots so the values line up.
public struct ArchiveDump {
    public let archive: StateArchive

    public init(_ archive: StateArchive) {
        self.archive = archive
    }

    public var text: String {
        var out: [String] = []
        out.append("Restoration Class map:")
        if archive.restorationClassMap.isEmpty { out.append("    (none)") }
        for (path, className) in archive.restorationClassMap.sorted(by: { $0.key < $1.key }) {
            out.append("    \(path) = \(StateRestorer.shortName(className))")
        }
        out.append("")
        out.append("Top Level")
        out += block(archive.topLevel)
        for entry in archive.entries {
            out.append("")
            out.append("[\(entry.kind.rawValue)] \(entry.path) (Class: \(StateRestorer.shortName(entry.className)))")
            out += block(entry.state)
        }
        return out.joined(separator: "\n")
    }

    /// The keys of one object, sorted, dotted out to a common column.
    private func block(_ state: [String: PropertyListValue]) -> [String] {
        guard !state.isEmpty else { return ["    (no keys)"] }
        let width = (state.keys.map(\.count).max() ?? 0) + 3
        return state.keys.sorted().map { key in
            "    " + key + String(repeating: ".", count: width - key.count) + Self.describe(state[key]!, key: key)
        }
    }

    /// A value as the archive tool shows it.
    public static func describe(_ value: PropertyListValue, key: String = "") -> String {
        switch value {
        case .string(let text): return text
        case .integer(let number):
            if key == ReservedKey.userInterfaceIdiom { return idiomName(number) }
            return String(number)
        case .real(let number): return number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(Float(number))
        case .boolean(let flag): return flag ? "Yes" : "No"
        case .date(let date): return timestampFormatter.string(from: date)
        case .data(let data): return "<\(data.count) bytes>"
        case .array(let items): return "(" + items.map { describe($0) }.joined(separator: ", ") + ")"
        case .dictionary(let entries):
            if entries.count == 1 {
                if case .string(let path)? = entries[RestorationCoder.Marker.proxy] { return "Object Identifier Proxy: \(path)" }
                if case .string(let url)? = entries[RestorationCoder.Marker.url] { return url }
                if case .data(let data)? = entries[RestorationCoder.Marker.archivedObject] { return "<archived object, \(data.count) bytes>" }
            }
            return "{" + entries.keys.sorted().map { "\($0) = \(describe(entries[$0]!))" }.joined(separator: "; ") + "}"
        }
    }

    private static func idiomName(_ idiom: Int64) -> String {
        switch idiom {
        case 0: "iPhone"
        case 1: "iPad"
        default: String(idiom)
        }
    }

    private static let timestampFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss +0000"
        return formatter
    }()
}
