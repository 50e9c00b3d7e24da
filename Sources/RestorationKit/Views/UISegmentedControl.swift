import Foundation
import RestorationModel

/// A row of segments, one of them selected (or none). It saves nothing by itself: an app
/// encodes `selectedSegmentIndex` (the textbook's `encodingKeySegmentIndex`).
@preconcurrency @MainActor open class UISegmentedControl: UIControl {
    /// The index meaning "no segment selected".
    nonisolated public static let noSegment = -1

    private struct Segment {
        var title: String?
        var image: UIImage?
        var isEnabled = true
        /// What a user reads on the segment.
        var shown: String { title ?? image?.name ?? "" }
    }

    private var segments: [Segment] = []

    /// `noSegment`, or an index of a segment; other values are ignored, as UIKit refuses them.
    open var selectedSegmentIndex: Int = UISegmentedControl.noSegment {
        didSet {
            if selectedSegmentIndex != Self.noSegment, !segments.indices.contains(selectedSegmentIndex) {
                selectedSegmentIndex = oldValue
            }
        }
    }

    /// A momentary control shows no lasting selection: it goes back to `noSegment` after a tap.
    open var isMomentary = false
    open var selectedSegmentTintColor: UIColor?

    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// Segments from titles (`String`) or images (`UIImage`); anything else becomes an empty segment.
    public convenience init(items: [Any]?) {
        self.init(frame: .zero)
        segments = (items ?? []).map { item in
            Segment(title: item as? String, image: item as? UIImage)
        }
    }

    open var numberOfSegments: Int { segments.count }

    open func titleForSegment(at segment: Int) -> String? {
        segments.indices.contains(segment) ? segments[segment].title : nil
    }

    open func setTitle(_ title: String?, forSegmentAt segment: Int) {
        guard segments.indices.contains(segment) else { return }
        segments[segment].title = title
    }

    open func imageForSegment(at segment: Int) -> UIImage? {
        segments.indices.contains(segment) ? segments[segment].image : nil
    }

    open func setImage(_ image: UIImage?, forSegmentAt segment: Int) {
        guard segments.indices.contains(segment) else { return }
        segments[segment].image = image
    }

    /// Inserts a segment; an index past the end appends. The selection follows its segment.
    open func insertSegment(withTitle title: String?, at segment: Int, animated: Bool) {
        insert(Segment(title: title), at: segment)
    }

    open func insertSegment(with image: UIImage?, at segment: Int, animated: Bool) {
        insert(Segment(image: image), at: segment)
    }

    private func insert(_ new: Segment, at segment: Int) {
        let index = min(max(segment, 0), segments.count)
        segments.insert(new, at: index)
        if selectedSegmentIndex != Self.noSegment, selectedSegmentIndex >= index { selectedSegmentIndex += 1 }
    }

    /// Removes a segment; removing the selected one leaves nothing selected.
    open func removeSegment(at segment: Int, animated: Bool) {
        guard segments.indices.contains(segment) else { return }
        let selected = selectedSegmentIndex
        segments.remove(at: segment)
        if selected == segment {
            selectedSegmentIndex = Self.noSegment
        } else if selected > segment {
            selectedSegmentIndex = selected - 1
        }
    }

    open func removeAllSegments() {
        segments.removeAll()
        selectedSegmentIndex = Self.noSegment
    }

    open func setEnabled(_ enabled: Bool, forSegmentAt segment: Int) {
        guard segments.indices.contains(segment) else { return }
        segments[segment].isEnabled = enabled
    }

    open func isEnabledForSegment(at segment: Int) -> Bool {
        segments.indices.contains(segment) && segments[segment].isEnabled
    }

    // MARK: What a user does

    /// What a user's tap on a segment does: selects it, then `.valueChanged`. Tapping the
    /// segment already selected changes nothing and sends nothing, as in UIKit.
    public func simulateSelectSegment(at index: Int) throws {
        let name = userFacingName("segmented control", nil)
        try ensureUsable(name)
        guard segments.indices.contains(index) else {
            throw UserActionError("the segment \(index) does not exist; \(name) has \(segments.count) segment\(segments.count == 1 ? "" : "s")")
        }
        guard segments[index].isEnabled else { throw UserActionError("the segment “\(segments[index].shown)” of \(name) is disabled") }
        guard isMomentary || index != selectedSegmentIndex else { return }
        selectedSegmentIndex = index
        sendActions(for: .valueChanged)
        if isMomentary { selectedSegmentIndex = Self.noSegment }
    }

    // MARK: What the user sees

    /// Room for its widest title on every segment (8 points a character, a margin each), at
    /// iOS's 32-point height.
    open override var intrinsicContentSize: CGSize {
        let widest = (0..<numberOfSegments).compactMap { titleForSegment(at: $0)?.count }.max() ?? 0
        return CGSize(width: CGFloat(numberOfSegments * (widest * 8 + 16)), height: 32)
    }

    open override func screenElement() -> ScreenElement? {
        var element = ScreenElement(role: .segmentedControl, name: accessibilityLabel)
        element.set(ScreenProperty.segments, segments.map(\.shown).joined(separator: " | "))
        if segments.indices.contains(selectedSegmentIndex) {
            element.set(ScreenProperty.selected, segments[selectedSegmentIndex].shown)
        }
        addEnabledState(to: &element)
        return element
    }
}
