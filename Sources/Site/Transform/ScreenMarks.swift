import RestorationKit

/// Where two screens differ, element by element, so a drawing can mark what the user lost.
///
/// Elements are paired the way `ScreenDifference.between` pairs them (by role and name, in
/// order), and the differences come in the same order, so difference `n` here is line `n` of
/// the run's lost state.
struct ScreenMarks {
    /// An element's place in its screen: child indices from the window down. The screen itself
    /// (a different controller came back) is `ScreenMarks.wholeScreen`.
    typealias Path = [Int]
    static let wholeScreen: Path = [-1]

    /// For each path of the screen the user left, the numbers (from 1) of its differences.
    var before: [Path: [Int]] = [:]
    /// The same for the screen that came back.
    var after: [Path: [Int]] = [:]
    var count = 0

    init(from old: Screen, to new: Screen) {
        if let left = old.controllers.last, let right = new.controllers.last, left != right {
            add(Self.wholeScreen, Self.wholeScreen)
        }
        compare(old.content, new.content, [], [])
    }

    private mutating func add(_ old: Path?, _ new: Path?) {
        count += 1
        if let old { before[old, default: []].append(count) }
        if let new { after[new, default: []].append(count) }
    }

    private mutating func compare(_ old: ScreenElement, _ new: ScreenElement, _ oldPath: Path, _ newPath: Path) {
        let names = old.properties.map(\.name) + new.properties.map(\.name).filter { name in !old.properties.contains { $0.name == name } }
        for name in names where old[property: name] != new[property: name] {
            add(oldPath, newPath)
        }
        var unmatched = Array(new.children.enumerated())
        for (index, child) in old.children.enumerated() {
            if let position = unmatched.firstIndex(where: { $0.element.role == child.role && $0.element.name == child.name }) {
                let partner = unmatched.remove(at: position)
                compare(child, partner.element, oldPath + [index], newPath + [partner.offset])
            } else {
                add(oldPath + [index], nil)
            }
        }
        for partner in unmatched {
            add(nil, newPath + [partner.offset])
        }
    }
}
