/// Templates that include themselves, directly or through others (`{{>partial}}` or
/// `{{<parent}}`): rendering one never ends, and the build would die of a stack overflow
/// instead of saying which template is at fault.
enum TemplateCycles {
    /// A template's `{{>name}}` or `{{<name}}`, and the line it is on (from 1).
    struct Reference: Equatable {
        var name: String
        var line: Int
    }

    /// The names a template's text includes or extends, in order of appearance.
    static func references(in text: String) -> [Reference] {
        var references: [Reference] = []
        var rest = Substring(text)
        var line = 1
        while let open = rest.range(of: "{{") {
            line += rest[..<open.lowerBound].utf8.count { $0 == UInt8(ascii: "\n") }
            rest = rest[open.upperBound...]
            guard let close = rest.range(of: "}}") else { break }
            let tag = rest[..<close.lowerBound]
            let tagLine = line
            line += tag.utf8.count { $0 == UInt8(ascii: "\n") }
            rest = rest[close.upperBound...]
            guard let sigil = tag.first, sigil == ">" || sigil == "<" else { continue }
            let name = tag.dropFirst().trimmingCharacters(in: .whitespaces)
            if !name.isEmpty { references.append(Reference(name: name, line: tagLine)) }
        }
        return references
    }

    /// Each cycle once, as the path that closes it (`a → b → a`), starting from the first
    /// template by name that is on it.
    static func cycles(_ references: [String: [Reference]]) -> [[String]] {
        var found: [[String]] = []
        var done: Set<String> = []
        for start in references.keys.sorted() where !done.contains(start) {
            var path: [String] = []
            var onPath: Set<String> = []
            func visit(_ name: String) {
                if onPath.contains(name) {
                    // Told from its first template by name, whichever was met first.
                    let loop = Array(path[path.firstIndex(of: name)!...])
                    let first = loop.indices.min { loop[$0] < loop[$1] }!
                    let turned = Array(loop[first...] + loop[..<first])
                    found.append(turned + [turned[0]])
                    return
                }
                guard !done.contains(name), let next = references[name] else { return }
                path.append(name)
                onPath.insert(name)
                for target in next { visit(target.name) }
                onPath.remove(name)
                path.removeLast()
                done.insert(name)
            }
            visit(start)
        }
        return found
    }
}
