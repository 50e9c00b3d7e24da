/// An island the guide describes: its name, and one thing to know before going.
struct Island: Equatable, Sendable {
    let name: String
    let note: String

    /// The two islands the guide has, in the order the segmented control shows them.
    static let all = [
        Island(name: "Skye", note: "Ferry from Mallaig, or the bridge at Kyle"),
        Island(name: "Mull", note: "Ferry from Oban, 46 minutes"),
    ]

    /// The island with this name, if the guide has it.
    static func named(_ name: String) -> Island? {
        all.first { $0.name == name }
    }
}
