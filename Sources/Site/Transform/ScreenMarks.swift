import Captures
import RestorationModel

/// What a run figure marks on its drawings, read from the run's typed verdict (never by pairing
/// the screens again): each loss numbered as in the lost list, on the screen the user left and on
/// what came back in its place; what the app hid from the snapshot; a snapshot that flickered.
/// Each kind of mark has its own colour and outline style, and the legend under the drawings
/// says which is which.
struct ScreenMarks {
    /// An element's place in its screen: child indices from the window down. The screen itself
    /// is `ScreenMarks.wholeScreen`.
    typealias Path = [Int]
    static let wholeScreen: Path = [-1]

    enum Style: String, CaseIterable {
        /// State the user had, on the screen before Home: solid red outline, numbered.
        case lost = "wf-lost"
        /// What came back in its place, after the relaunch: dashed outline, the same number.
        case cameBack = "wf-came-back"
        /// What the app hid before the snapshot: dotted blue outline, marked ◌.
        case hidden = "wf-hidden"
        /// A snapshot that promised a screen the app did not come back to: double amber frame.
        case flicker = "wf-flicker"

        /// The badge of a mark without a number.
        var sign: String { self == .hidden ? "◌" : "!" }

        /// What a numbered badge shows before its number, so that lost and what came back differ
        /// by more than their colours (red and orange are alike to many eyes): ✕ lost, ↩ back.
        var symbol: String {
            switch self {
            case .lost: "✕"
            case .cameBack: "↩"
            case .hidden, .flicker: ""
            }
        }

        /// A mark in a few words, for the drawing's label a screen reader says.
        var spoken: String {
            switch self {
            case .lost: "lost"
            case .cameBack: "came back in place of what was lost"
            case .hidden: "hidden in the snapshot on purpose"
            case .flicker: "a snapshot that flickered"
            }
        }

        var meaning: String {
            switch self {
            case .lost: "lost: the user had this and it did not come back"
            case .cameBack: "what came back in its place"
            case .hidden: "hidden in the snapshot on purpose (not a flicker)"
            case .flicker: "flicker: the snapshot showed what the app did not come back to"
            }
        }
    }

    struct Mark: Equatable {
        var style: Style
        var numbers: [Int] = []
    }

    var before: [Path: Mark] = [:]
    var shown: [Path: Mark] = [:]
    var after: [Path: Mark] = [:]

    init(_ result: ScenarioResult) {
        for (index, loss) in result.lost.enumerated() {
            let number = index + 1
            if let place = loss.place?.before { add(number, .lost, at: place.isEmpty ? Self.wholeScreen : place, to: &before) }
            if let place = loss.place?.after { add(number, .cameBack, at: place.isEmpty ? Self.wholeScreen : place, to: &after) }
        }
        for hidden in result.snapshotHides {
            if let place = hidden.place, before[place] == nil { before[place.isEmpty ? Self.wholeScreen : place] = Mark(style: .hidden) }
        }
        if result.flicker == true { shown[Self.wholeScreen] = Mark(style: .flicker) }
    }

    /// The styles used on these drawings, for the legend.
    var styles: [Style] {
        Style.allCases.filter { style in [before, shown, after].contains { $0.values.contains { $0.style == style } } }
    }

    private func add(_ number: Int, _ style: Style, at path: Path, to marks: inout [Path: Mark]) {
        marks[path, default: Mark(style: style)].numbers.append(number)
    }
}
