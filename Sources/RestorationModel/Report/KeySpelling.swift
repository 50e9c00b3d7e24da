import Foundation

/// The saved key a misspelt one most likely meant: the fewest letters to change, ignoring case
/// (Levenshtein distance). The runner suggests the chapter or scenario a person meant with it too.
public enum KeySpelling {
    public static func closest(to key: String, among keys: [String]) -> String? {
        keys.min { distance(key, $0) < distance(key, $1) }
    }

    public static func distance(_ first: String, _ second: String) -> Int {
        let a = Array(first.lowercased()), b = Array(second.lowercased())
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
