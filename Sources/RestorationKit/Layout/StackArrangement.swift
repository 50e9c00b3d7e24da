/// The arithmetic of a stack view: where each arranged view goes along the stack's axis
/// (its distribution) and across it (its alignment), from the sizes the views want.
struct StackArrangement {
    /// What one arranged view wants: its length along the axis and across it, and how much it
    /// holds to its length along the axis.
    struct Item {
        var length: Double
        var thickness: Double
        var hugging: Float
        var compressionResistance: Float
    }

    /// Where one arranged view goes: start and length along the axis, then across it.
    struct Placement: Equatable {
        var start: Double
        var length: Double
        var crossStart: Double
        var thickness: Double
    }

    let distribution: UIStackView.Distribution
    let alignment: UIStackView.Alignment
    /// The gap after each item but the last.
    let gaps: [Double]

    /// The length and thickness the stack needs to show every item at the size it wants.
    func fittingSize(of items: [Item]) -> (length: Double, thickness: Double) {
        let lengths = distribution == .fillEqually ? Array(repeating: items.map(\.length).max() ?? 0, count: items.count) : items.map(\.length)
        return (lengths.reduce(0, +) + gaps.reduce(0, +), items.map(\.thickness).max() ?? 0)
    }

    func placements(of items: [Item], length: Double, thickness: Double) -> [Placement] {
        guard !items.isEmpty else { return [] }
        let lengths = self.lengths(of: items, in: length)
        var starts: [Double] = []
        switch distribution {
        case .equalSpacing:
            starts = spread(lengths, in: length)
        case .equalCentering:
            starts = centered(lengths, in: length) ?? spread(lengths, in: length)
        case .fill, .fillEqually, .fillProportionally:
            var position = 0.0
            for (index, itemLength) in lengths.enumerated() {
                starts.append(position)
                position += itemLength + (index < gaps.count ? gaps[index] : 0)
            }
        }
        return items.indices.map { index in
            let (crossStart, itemThickness) = across(items[index].thickness, in: thickness)
            return Placement(start: starts[index], length: lengths[index], crossStart: crossStart, thickness: itemThickness)
        }
    }

    // MARK: Along the axis

    private func lengths(of items: [Item], in length: Double) -> [Double] {
        let room = max(0, length - gaps.reduce(0, +))
        switch distribution {
        case .fillEqually:
            return Array(repeating: room / Double(items.count), count: items.count)
        case .fillProportionally:
            let total = items.map(\.length).reduce(0, +)
            guard total > 0 else { return Array(repeating: room / Double(items.count), count: items.count) }
            return items.map { $0.length / total * room }
        case .fill:
            return fitted(items, in: room, stretching: true)
        case .equalSpacing, .equalCentering:
            return fitted(items, in: room, stretching: false)
        }
    }

    /// The wanted lengths, stretched or squeezed to fill the room as `.fill` does: the view
    /// that hugs its content least grows, the one that resists compression least shrinks.
    /// Among equals, the last one takes it (UIKit says ties are settled by the order of the
    /// arranged views; which end gives way is the engine's reading).
    private func fitted(_ items: [Item], in room: Double, stretching: Bool) -> [Double] {
        var lengths = items.map(\.length)
        let extra = room - lengths.reduce(0, +)
        if extra > 0, stretching {
            let loosest = items.indices.min { (items[$0].hugging, -$0) < (items[$1].hugging, -$1) } ?? 0
            lengths[loosest] += extra
        } else if extra < 0 {
            var missing = -extra
            let order = items.indices.sorted { (items[$0].compressionResistance, -$0) < (items[$1].compressionResistance, -$1) }
            for index in order where missing > 0 {
                let taken = min(lengths[index], missing)
                lengths[index] -= taken
                missing -= taken
            }
        }
        return lengths
    }

    /// Equal gaps, each at least the spacing.
    private func spread(_ lengths: [Double], in length: Double) -> [Double] {
        let free = length - lengths.reduce(0, +)
        let minimumGaps = gaps.reduce(0, +)
        let even = lengths.count > 1 ? max(free, minimumGaps) / Double(lengths.count - 1) : 0
        var position = 0.0
        var starts: [Double] = []
        for (index, itemLength) in lengths.enumerated() {
            starts.append(position)
            let minimum = index < gaps.count ? gaps[index] : 0
            position += itemLength + (free >= minimumGaps ? max(even, minimum) : minimum)
        }
        return starts
    }

    /// Centres equally far apart, the first and last views touching the ends; `nil` when that
    /// would bring two views closer than the spacing (UIKit then spaces them as equal spacing).
    private func centered(_ lengths: [Double], in length: Double) -> [Double]? {
        guard lengths.count > 1, let first = lengths.first, let last = lengths.last else { return [0] }
        let step = (length - first / 2 - last / 2) / Double(lengths.count - 1)
        let starts = lengths.indices.map { first / 2 + Double($0) * step - lengths[$0] / 2 }
        for index in gaps.indices where index + 1 < starts.count {
            if starts[index + 1] - (starts[index] + lengths[index]) < gaps[index] { return nil }
        }
        return starts
    }

    // MARK: Across the axis

    private func across(_ wanted: Double, in thickness: Double) -> (start: Double, thickness: Double) {
        switch alignment {
        case .fill: return (0, thickness)
        case .leading, .firstBaseline: return (0, wanted)
        case .center: return ((thickness - wanted) / 2, wanted)
        case .trailing, .lastBaseline: return (thickness - wanted, wanted)
        }
    }
}
