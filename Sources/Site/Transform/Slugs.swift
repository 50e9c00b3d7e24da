/// Anchors for a page's headings: lowercase words joined by hyphens (`Step 1: opting in` →
/// `step-1-opting-in`), as GitHub and mdBook make them, and unique within the page
/// (`-1`, `-2`… for a repeated heading).
struct Slugs {
    private var used: Set<String> = []
    /// The next number to try for each base slug: without it, the n-th repeat of a heading
    /// tries every number before it, and 8,000 identical headings take quadratic time.
    private var nextNumber: [String: Int] = [:]
    /// How many candidate slugs were looked up so far: the work, which a page's tests bound.
    private(set) var candidatesTried = 0

    static func slug(_ text: String) -> String {
        var out = ""
        var pendingHyphen = false
        for character in text.lowercased() {
            if character.isLetter || character.isNumber {
                if pendingHyphen, !out.isEmpty { out.append("-") }
                pendingHyphen = false
                out.append(character)
            } else if character == " " || character == "-" || character == "_" || character == "\t" {
                pendingHyphen = true
            }
        }
        return out.isEmpty ? "section" : out
    }

    /// A slug for this heading that no earlier heading of the page has.
    mutating func unique(for text: String) -> String {
        let base = Self.slug(text)
        var candidate = base
        var number = nextNumber[base] ?? 1
        candidatesTried += 1
        while used.contains(candidate) {
            candidate = "\(base)-\(number)"
            number += 1
            candidatesTried += 1
        }
        nextNumber[base] = number
        used.insert(candidate)
        return candidate
    }

    mutating func reserve(_ slug: String) { used.insert(slug) }
}
