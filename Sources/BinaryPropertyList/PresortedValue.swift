/// A value to write in which dictionaries may come as their entries in key order: ascending by
/// `String`'s `<`, no two keys equal. A writer that has thousands of keys in hand (an archive's
/// objects, by path) need then neither build a `Dictionary` nor have it sorted again; the bytes
/// are those of the same value with `PropertyListValue` dictionaries.
package enum PresortedValue {
    case value(PropertyListValue)
    case dictionary([(key: String, value: PresortedValue)])

    /// Whether `keys` are in the order a dictionary's keys are written in, none equal to another.
    package static func isKeyOrder(_ keys: some Sequence<String>) -> Bool {
        var previous: String?
        for key in keys {
            if let previous, !(previous < key) { return false }
            previous = key
        }
        return true
    }
}
