import BinaryPropertyList

/// How many values `value` holds as a tree, dictionary keys included, counting a shared value
/// once per reference; stops counting once past `limit`, so a huge tree cannot hang the test.
func expandedValueCount(_ value: PropertyListValue, limit: Int) -> Int {
    var count = 0
    var pending = [value]
    while let next = pending.popLast(), count <= limit {
        count += 1
        switch next {
        case .array(let items): pending += items
        case .dictionary(let entries):
            count += entries.count
            pending += entries.values
        default: break
        }
    }
    return count
}
