import BinaryPropertyList

/// Core Data object IDs a controller saved before their objects were ever saved: their URIs have
/// no store in them (`x-coredata:///Note/t…`). Such an ID is made up by one process's context
/// and names nothing after a relaunch, which is the likeliest reason a controller that saved one
/// was not recreated; the causes say so.
package enum TemporaryObjectIDs {
    /// The saved keys holding a temporary object ID's URI, with the URI, sorted by key.
    package static func saved(in state: [String: PropertyListValue]) -> [(key: String, uri: String)] {
        state.compactMap { key, value in
            firstTemporary(in: value).map { (key, $0) }
        }.sorted { $0.key < $1.key }
    }

    /// What a cause adds when there are some: which key held which URI, and what that means.
    package static func sentence(for saved: [(key: String, uri: String)]) -> String? {
        guard let first = saved.first else { return nil }
        return "It had saved \"\(first.key)\" = \(first.uri), a temporary object ID: that object was not saved to its store before Home, so the ID names nothing after a relaunch. Save the context before the app's state is preserved."
    }

    private static func firstTemporary(in value: PropertyListValue) -> String? {
        switch value {
        case .string(let text): return text.hasPrefix("x-coredata:///") ? text : nil
        case .array(let items): return items.lazy.compactMap(firstTemporary).first
        case .dictionary(let entries): return entries.keys.sorted().lazy.compactMap { entries[$0].flatMap(firstTemporary) }.first
        default: return nil
        }
    }
}
