/// The nearest word to a typo, by edit distance (a swap of two neighbours counts as one edit,
/// so `tpa` is one edit from `tap`).
enum Suggestions {
    /// The candidate nearest to `word`, when it is near enough to be what was meant.
    static func nearest(to word: String, in candidates: [String]) -> String? {
        let word = word.lowercased()
        guard !word.isEmpty, word.count <= 40 else { return nil }
        let allowed = word.count <= 4 ? 1 : word.count <= 8 ? 2 : 3
        var best: (candidate: String, distance: Int)?
        for candidate in candidates where candidate != word {
            let distance = distance(Array(word), Array(candidate), limit: allowed)
            if distance <= allowed, distance < (best?.distance ?? .max) {
                best = (candidate, distance)
            }
        }
        return best?.candidate
    }

    /// `did you mean 'tap'?`, or `nil` when nothing is near.
    static func didYouMean(_ word: String, in candidates: [String]) -> String? {
        nearest(to: word, in: candidates).map { "did you mean '\($0)'?" }
    }

    /// Optimal string alignment distance; gives up (returns `limit + 1`) once it cannot come
    /// within `limit`, so long words cost little.
    static func distance(_ a: [Character], _ b: [Character], limit: Int) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0 ... b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1 ... a.count {
            current[0] = i
            var rowMinimum = current[0]
            for j in 1 ... b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previous2[j - 2] + 1)
                }
                current[j] = value
                rowMinimum = min(rowMinimum, value)
            }
            if rowMinimum > limit { return limit + 1 }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
