import RestorationModel

/// A name a person typed that names nothing: a chapter, a step, a scenario, an exercise, or a
/// file that is not there. Said with the closest name that does exist and the full list, and
/// told apart from a run that went wrong, so that a command line can call it a usage error.
public struct UnknownName: Error, CustomStringConvertible, Equatable, Sendable {
    /// What kind of thing was asked for ("chapter", "step", "scenario"), and where it was looked
    /// for, if that is not the whole workbook ("tour").
    public let kind: String
    public let place: String?
    public let name: String
    /// What does exist, in the order a person would read it.
    public let known: [String]
    /// Where to look for the list, if it is long or elsewhere (`see workbook exercise list`).
    public let hint: String?

    public init(_ kind: String, _ name: String, in place: String? = nil, known: [String], hint: String? = nil) {
        self.kind = kind
        self.place = place
        self.name = name
        self.known = known
        self.hint = hint
    }

    /// The known name closest in spelling, when it is close enough to be what was meant.
    public var suggestion: String? {
        let scored = known.map { ($0, KeySpelling.distance($0, name)) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        return best.1 <= max(2, name.count / 3) ? best.0 : nil
    }

    public var description: String {
        var sentence = "there is no \(kind) \"\(name)\"\(place.map { " in \($0)" } ?? "")."
        if let suggestion { sentence += " Did you mean \(suggestion)?" }
        sentence += " \(kind.prefix(1).uppercased() + kind.dropFirst())s: \(known.isEmpty ? "none" : known.joined(separator: ", "))"
        return sentence + (hint.map { " (\($0))." } ?? ".")
    }
}

/// A file a person named that cannot be read: a usage error too, not a failed run.
public struct MissingInput: Error, CustomStringConvertible, Equatable, Sendable {
    public let description: String
    public init(_ description: String) { self.description = description }
}
