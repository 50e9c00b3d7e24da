/// The difference between two lists of lines, as the lines of a unified diff: each line of the
/// old or the new text, kept, removed or added, in reading order. Longest common subsequence,
/// fine for source files of a few hundred lines.
enum LineDiff {
    enum Change: Equatable {
        /// Indices into the old and the new lines.
        case same(Int, Int)
        case removed(Int)
        case added(Int)
    }

    static func changes(from old: [String], to new: [String]) -> [Change] {
        // Trim the common start and end first: listings mostly change in a few places.
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        let a = Array(old[prefix..<(old.count - suffix)]), b = Array(new[prefix..<(new.count - suffix)])

        // lengths[i][j]: the longest common subsequence of a[i...] and b[j...].
        var lengths = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        if !a.isEmpty, !b.isEmpty {
            for i in stride(from: a.count - 1, through: 0, by: -1) {
                for j in stride(from: b.count - 1, through: 0, by: -1) {
                    lengths[i][j] = a[i] == b[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
                }
            }
        }
        var out: [Change] = (0..<prefix).map { .same($0, $0) }
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] {
                out.append(.same(prefix + i, prefix + j)); i += 1; j += 1
            } else if i < a.count, j == b.count || lengths[i + 1][j] >= lengths[i][j + 1] {
                out.append(.removed(prefix + i)); i += 1
            } else {
                out.append(.added(prefix + j)); j += 1
            }
        }
        for k in 0..<suffix { out.append(.same(old.count - suffix + k, new.count - suffix + k)) }
        return out
    }
}
