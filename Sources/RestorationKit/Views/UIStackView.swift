import Foundation
import RestorationModel

/// Lays out its arranged subviews in a row or a column, each at the size it wants (its
/// constraints, else its intrinsic content size), with spacing between them. It saves nothing by
/// itself and shows nothing of its own: what a user sees is its arranged subviews, in order.
@preconcurrency @MainActor open class UIStackView: UIView {
    nonisolated public enum Distribution: Int, Sendable {
        case fill, fillEqually, fillProportionally, equalSpacing, equalCentering
    }

    nonisolated public enum Alignment: Int, Sendable {
        case fill, leading, firstBaseline, center, trailing, lastBaseline
        public static let top = Alignment.leading
        public static let bottom = Alignment.trailing
    }

    /// `setCustomSpacing(_:after:)`'s way back to the stack's own spacing.
    nonisolated public static let spacingUseDefault = CGFloat.greatestFiniteMagnitude
    /// The system's spacing between two views (8 points here).
    nonisolated public static let spacingUseSystem = CGFloat.leastNonzeroMagnitude

    public private(set) var arrangedSubviews: [UIView] = []
    open var axis: NSLayoutConstraint.Axis = .horizontal { didSet { setNeedsLayout() } }
    open var distribution: Distribution = .fill { didSet { setNeedsLayout() } }
    open var alignment: Alignment = .fill { didSet { setNeedsLayout() } }
    open var spacing: CGFloat = 0 { didSet { setNeedsLayout() } }
    /// Whether the arranged subviews go inside the stack's layout margins rather than its edges.
    open var isLayoutMarginsRelativeArrangement = false { didSet { setNeedsLayout() } }
    open var isBaselineRelativeArrangement = false
    private var customSpacings: [ObjectIdentifier: CGFloat] = [:]

    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    public convenience init(arrangedSubviews views: [UIView]) {
        self.init(frame: .zero)
        views.forEach(addArrangedSubview)
    }

    // MARK: Arranged subviews

    /// Arranges a view last, adding it as a subview too. The stack places it with Auto Layout,
    /// so its frame no longer does (`translatesAutoresizingMaskIntoConstraints` becomes `false`).
    open func addArrangedSubview(_ view: UIView) {
        insertArrangedSubview(view, at: arrangedSubviews.count)
    }

    open func insertArrangedSubview(_ view: UIView, at stackIndex: Int) {
        if view.superview !== self { addSubview(view) }
        arrangedSubviews.removeAll { $0 === view }
        arrangedSubviews.insert(view, at: max(0, min(stackIndex, arrangedSubviews.count)))
        view.translatesAutoresizingMaskIntoConstraints = false
        view.layoutState.arrangingStack = self
        setNeedsLayout()
    }

    /// Stops arranging a view. As in UIKit it stays a subview, where it was last placed: remove
    /// it from its superview too to take it off the screen.
    open func removeArrangedSubview(_ view: UIView) {
        guard arrangedSubviews.contains(where: { $0 === view }) else { return }
        arrangedSubviews.removeAll { $0 === view }
        customSpacings[ObjectIdentifier(view)] = nil
        view.layoutState.arrangingStack = nil
        setNeedsLayout()
    }

    open func setCustomSpacing(_ spacing: CGFloat, after arrangedSubview: UIView) {
        customSpacings[ObjectIdentifier(arrangedSubview)] = spacing == Self.spacingUseDefault ? nil : spacing
        setNeedsLayout()
    }

    open func customSpacing(after arrangedSubview: UIView) -> CGFloat {
        customSpacings[ObjectIdentifier(arrangedSubview)] ?? Self.spacingUseDefault
    }

    // MARK: Layout

    /// Hidden arranged subviews take no room and no spacing, as in UIKit.
    var shownArrangedSubviews: [UIView] { arrangedSubviews.filter { !$0.isHidden } }

    /// The sizes the stack needs for its arranged subviews, given each one's wanted size.
    func fittingSize(wanted: (UIView) -> CGSize) -> CGSize {
        let shown = shownArrangedSubviews
        let (length, thickness) = arrangement(for: shown).fittingSize(of: items(shown, wanted))
        let margins = isLayoutMarginsRelativeArrangement ? layoutMargins : .zero
        return axis == .horizontal
            ? CGSize(width: length + margins.left + margins.right, height: thickness + margins.top + margins.bottom)
            : CGSize(width: thickness + margins.left + margins.right, height: length + margins.top + margins.bottom)
    }

    /// Each shown arranged subview's frame in the stack's coordinates, for a stack of `size`.
    func arrangedFrames(in size: CGSize, wanted: (UIView) -> CGSize) -> [(view: UIView, frame: CGRect)] {
        let shown = shownArrangedSubviews
        let area = isLayoutMarginsRelativeArrangement ? CGRect(origin: .zero, size: size).inset(by: layoutMargins) : CGRect(origin: .zero, size: size)
        let horizontal = axis == .horizontal
        let placements = arrangement(for: shown).placements(of: items(shown, wanted),
                                                            length: Double(horizontal ? area.width : area.height),
                                                            thickness: Double(horizontal ? area.height : area.width))
        return zip(shown, placements).map { view, placed in
            let frame = horizontal
                ? CGRect(x: area.minX + placed.start, y: area.minY + placed.crossStart, width: placed.length, height: placed.thickness)
                : CGRect(x: area.minX + placed.crossStart, y: area.minY + placed.start, width: placed.thickness, height: placed.length)
            return (view, frame)
        }
    }

    // MARK: What the user sees

    /// Its arranged subviews in their order along the stack (which need not be their order as
    /// subviews), then any other subviews; a stack view draws nothing of its own.
    open override func screenElements() -> [ScreenElement] {
        guard !isHidden, alpha > 0.01 else { return [] }
        let others = subviews.filter { view in !arrangedSubviews.contains { $0 === view } }
        return (arrangedSubviews.filter { $0.superview === self } + others).flatMap { $0.screenElements() }
    }

    private func arrangement(for shown: [UIView]) -> StackArrangement {
        let gaps = shown.dropLast().map { view -> Double in
            let custom = customSpacings[ObjectIdentifier(view)] ?? spacing
            return Double(custom == Self.spacingUseSystem ? 8 : custom)
        }
        return StackArrangement(distribution: distribution, alignment: alignment, gaps: gaps)
    }

    private func items(_ shown: [UIView], _ wanted: (UIView) -> CGSize) -> [StackArrangement.Item] {
        shown.map { view in
            let size = wanted(view)
            let horizontal = axis == .horizontal
            return StackArrangement.Item(length: Double(horizontal ? size.width : size.height),
                                         thickness: Double(horizontal ? size.height : size.width),
                                         hugging: view.contentHuggingPriority(for: axis).rawValue,
                                         compressionResistance: view.contentCompressionResistancePriority(for: axis).rawValue)
        }
    }
}
