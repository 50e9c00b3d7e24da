/// What the layout solver knows of one view (or layout guide) along one axis: its start, end,
/// centre and length, in the laid-out hierarchy's coordinates. Any two of them fix the other
/// two; until then the view is not placed along that axis.
struct AxisFacts {
    enum Part { case minimum, maximum, center, size }

    private(set) var minimum: Double?
    private(set) var maximum: Double?
    private(set) var center: Double?
    private(set) var size: Double?

    var isSolved: Bool { minimum != nil && size != nil }
    var isEmpty: Bool { minimum == nil && maximum == nil && center == nil && size == nil }

    func value(of part: Part) -> Double? {
        switch part {
        case .minimum: minimum
        case .maximum: maximum
        case .center: center
        case .size: size
        }
    }

    /// Records a value; `false` when it adds nothing (already known, or not a finite number).
    /// A value that would contradict what is known is not recorded: the first constraint to
    /// place a view wins, as a conflicting one is broken on a device.
    mutating func learn(_ part: Part, _ value: Double) -> Bool {
        guard value.isFinite, !isSolved, self.value(of: part) == nil else { return false }
        switch part {
        case .minimum: minimum = value
        case .maximum: maximum = value
        case .center: center = value
        case .size: size = Swift.max(0, value)
        }
        complete()
        return true
    }

    /// Both ends at once: what a frame or a stack view gives.
    mutating func place(minimum start: Double, size length: Double) {
        guard !isSolved else { return }
        self = AxisFacts()
        _ = learn(.minimum, start)
        _ = learn(.size, length)
    }

    /// Fills in the other two parts once two are known.
    private mutating func complete() {
        if let minimum, let size {
            maximum = minimum + size
            center = minimum + size / 2
        } else if let minimum, let maximum {
            size = Swift.max(0, maximum - minimum)
            center = (minimum + maximum) / 2
        } else if let minimum, let center {
            size = Swift.max(0, 2 * (center - minimum))
            maximum = minimum + (size ?? 0)
        } else if let maximum, let size {
            minimum = maximum - size
            center = maximum - size / 2
        } else if let maximum, let center {
            size = Swift.max(0, 2 * (maximum - center))
            minimum = maximum - (size ?? 0)
        } else if let center, let size {
            minimum = center - size / 2
            maximum = center + size / 2
        }
    }
}
