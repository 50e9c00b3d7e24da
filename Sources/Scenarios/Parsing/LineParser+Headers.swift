/// The lines above the steps: `scenario`, `app`, `tags`, `points`, `hidden`, `developer mode`.
extension LineParser {

    mutating func header(_ key: String) throws(LineFailure) -> HeaderLine {
        switch key {
        case "scenario":
            guard let token = current, token.kind == .string else {
                throw failure(expected: "the scenario's name in quotes after 'scenario'", hint: current.map { _ in "write scenario \"Edit an item and come back\"" })
            }
            let name = try nonEmptyString(token)
            guard name.count <= 200 else {
                throw LineFailure(column: token.column, length: token.length, message: "the scenario's name has \(name.count) characters; 200 at most", expected: "a short name")
            }
            return .name(name)
        case "app":
            guard let token = current else { throw failure(expected: "the app's name after 'app', like homepwner-step5") }
            if token.kind == .string { return .app(try nonEmptyString(token)) }
            guard token.kind == .word, Self.isName(token.text) else {
                throw failure(expected: "the app's name after 'app': letters, digits, '-', '_' and '.', or a name in quotes")
            }
            advance()
            return .app(token.text)
        case "tags":
            var tags: [String] = []
            while let token = current {
                if token.kind == .punctuation, token.text == ",", !tags.isEmpty {
                    advance()
                    continue
                }
                guard token.kind == .word, Self.isName(token.text) else {
                    throw failure(expected: "a tag: letters, digits, '-' and '_', tags separated by commas")
                }
                if !tags.contains(token.text) { tags.append(token.text) }
                advance()
            }
            guard !tags.isEmpty else { throw failure(expected: "at least one tag after 'tags', like 'tags editing, text-field'") }
            return .tags(tags)
        case "points":
            return .points(try integer(after: "'points'", what: "how many points the scenario is worth", range: 0 ... 1000))
        case "developer":
            try keyword("mode", after: "'developer'")
            return .developerMode
        default:
            return .hidden
        }
    }

    static func isName(_ text: String) -> Bool {
        !text.isEmpty && text.count <= 100 && text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." }
    }
}
