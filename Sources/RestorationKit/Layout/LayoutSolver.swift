import Foundation
import RestorationModel

/// Places the views of one hierarchy from their active constraints, as Auto Layout would for
/// the systems real screens are built from: edges, centres and sizes pinned to a superview, a
/// sibling, a layout guide or a constant, sizes from content, stack views.
///
/// It is not a Cassowary solver. Each view has, along each axis, four values (start, end, centre,
/// length), any two of which place it; constraints are equations between such values, and the
/// solver propagates what is known until nothing more follows, in UIKit's order of strength:
/// required equalities, then optional ones stronger than a view's hold on its content size, then
/// intrinsic content sizes (held within the required inequalities), then weaker equalities, then
/// inequalities at their bound. A view it cannot place along an axis keeps its frame there; a
/// constraint that contradicts what is already known is left out, as UIKit breaks one. Nothing
/// it is given can make it fail.
@preconcurrency @MainActor struct LayoutSolver {
    private typealias Axis = NSLayoutConstraint.Axis

    private let root: UIView
    /// The root's safe area: the part of it no bar covers, in its own coordinates.
    private let safeRect: CGRect
    /// Every view of the hierarchy, parents before children.
    private var views: [UIView] = []
    private var inHierarchy = Set<ObjectIdentifier>()
    private var constraints: [NSLayoutConstraint] = []
    private var facts: [ObjectIdentifier: [Axis: AxisFacts]] = [:]
    private var arrangedStacks = Set<ObjectIdentifier>()

    init(root: UIView, safeAreaInsets: UIEdgeInsets) {
        self.root = root
        safeRect = root.bounds.inset(by: safeAreaInsets)
        views = [root]
        var next = 0
        while next < views.count {
            let view = views[next]
            next += 1
            inHierarchy.insert(ObjectIdentifier(view))
            views += view.subviews
        }
        constraints = views.flatMap { $0.layoutState.constraints }.filter { constraint in
            [constraint.firstItem, constraint.secondItem].allSatisfy { item in
                item == nil || NSLayoutConstraint.view(of: item).map { inHierarchy.contains(ObjectIdentifier($0)) } == true
            }
        }
    }

    /// Solves, then moves the views it placed.
    mutating func solve() {
        var rounds = 0
        // Every round learns at least one value, and there are four per axis per item.
        let limit = 8 * (views.count + constraints.count) + 16
        while rounds < limit {
            rounds += 1
            if propagate() { continue }
            if applyEqualities(where: { $0 < .required && $0 > .defaultHigh }, once: false) { continue }
            if applyContentSizes() { continue }
            if applyEqualities(where: { $0 < .required && $0 <= .defaultHigh }, once: true) { continue }
            if applyInequalitiesAtTheirBound() { continue }
            break
        }
        writeFrames()
    }

    // MARK: What is known

    /// Learns, until nothing more follows, what frames, guides, stack views and required
    /// equalities give. `true` when anything was learnt.
    private mutating func propagate() -> Bool {
        var learnt = false
        var progress = true
        while progress {
            progress = placeFixedItems()
            progress = applyEqualities(where: { $0 >= .required }, once: false) || progress
            learnt = learnt || progress
        }
        return learnt
    }

    /// The root, views placed by their frames, the system guides of placed views, and what
    /// placed stack views arrange.
    private mutating func placeFixedItems() -> Bool {
        var learnt = false
        for view in views {
            if view === root {
                learnt = place(view, .horizontal, 0, Double(root.bounds.width)) || learnt
                learnt = place(view, .vertical, 0, Double(root.bounds.height)) || learnt
            } else if isPlacedByFrame(view), let superview = view.superview {
                for axis in [Axis.horizontal, .vertical] {
                    guard let start = facts(superview, axis).minimum else { continue }
                    learnt = place(view, axis, start + Double(axis == .horizontal ? view.frame.minX : view.frame.minY),
                                   Double(axis == .horizontal ? view.frame.width : view.frame.height)) || learnt
                }
            }
            if let stack = view as? UIStackView, !arrangedStacks.contains(ObjectIdentifier(stack)),
               facts(stack, .horizontal).isSolved, facts(stack, .vertical).isSolved {
                arrangedStacks.insert(ObjectIdentifier(stack))
                learnt = arrange(stack) || learnt
            }
        }
        for guide in referencedSystemGuides() {
            guard let owner = guide.owningView else { continue }
            for axis in [Axis.horizontal, .vertical] {
                let box = facts(owner, axis)
                guard let start = box.minimum, let end = box.maximum else { continue }
                var (low, high) = axis == .horizontal ? (Double(safeRect.minX), Double(safeRect.maxX)) : (Double(safeRect.minY), Double(safeRect.maxY))
                low = max(start, low)
                high = max(low, min(end, high))
                if guide.kind == .layoutMargins {
                    let margins = owner.layoutMargins
                    if !owner.insetsLayoutMarginsFromSafeArea { (low, high) = (start, end) }
                    low += Double(axis == .horizontal ? margins.left : margins.top)
                    high = max(low, high - Double(axis == .horizontal ? margins.right : margins.bottom))
                }
                learnt = place(guide, axis, low, high - low) || learnt
            }
        }
        return learnt
    }

    /// Places a stack view's arranged subviews inside it.
    private mutating func arrange(_ stack: UIStackView) -> Bool {
        guard let x = facts(stack, .horizontal).minimum, let y = facts(stack, .vertical).minimum,
              let width = facts(stack, .horizontal).size, let height = facts(stack, .vertical).size else { return false }
        var learnt = false
        for (view, frame) in stack.arrangedFrames(in: CGSize(width: width, height: height), wanted: wantedSize) {
            learnt = place(view, .horizontal, x + Double(frame.minX), Double(frame.width)) || learnt
            learnt = place(view, .vertical, y + Double(frame.minY), Double(frame.height)) || learnt
        }
        return learnt
    }

    // MARK: Constraints

    /// Applies the equalities of the priorities chosen, each as far as it goes; with `once`,
    /// stops after the first that teaches anything (so stronger ones get another go first).
    private mutating func applyEqualities(where priority: (UILayoutPriority) -> Bool, once: Bool) -> Bool {
        var learnt = false
        for constraint in constraints where constraint.relation == .equal && priority(constraint.priority) {
            guard let equation = Equation(constraint, solver: self) else { continue }
            if var right = rightSide(of: equation) {
                // An optional size gives way to the required inequalities on it.
                if constraint.priority < .required, equation.firstPart == .size, let view = equation.first as? UIView {
                    right = bounded(right, view, equation.axis)
                }
                learnt = learn(equation.first, equation.axis, equation.firstPart, right) || learnt
            } else if let second = equation.second, equation.multiplier != 0,
                      let left = facts(equation.first, equation.axis).value(of: equation.firstPart) {
                learnt = learn(second.item, equation.axis, second.part, (left - equation.constant) / equation.multiplier) || learnt
            }
            if learnt, once { return true }
        }
        return learnt
    }

    /// A view that wants a size (its intrinsic content size, a stack view's arranged views) and
    /// has none yet along an axis gets it, kept within the required inequalities that bound it.
    private mutating func applyContentSizes() -> Bool {
        var learnt = false
        for view in views where isPlacedByConstraints(view) {
            let wanted = contentSize(of: view)
            for axis in [Axis.horizontal, .vertical] {
                guard facts(view, axis).size == nil, let length = axis == .horizontal ? wanted.width : wanted.height else { continue }
                learnt = learn(view, axis, .size, bounded(length, view, axis)) || learnt
            }
        }
        return learnt
    }

    /// An inequality whose first side is still unknown is taken at its bound: with nothing else
    /// to go by, that is where the view lands (the engine's reading of an underdetermined layout).
    private mutating func applyInequalitiesAtTheirBound() -> Bool {
        for constraint in constraints.sorted(by: { $0.priority > $1.priority }) where constraint.relation != .equal {
            guard let equation = Equation(constraint, solver: self),
                  facts(equation.first, equation.axis).value(of: equation.firstPart) == nil,
                  let right = rightSide(of: equation) else { continue }
            if learn(equation.first, equation.axis, equation.firstPart, right) { return true }
        }
        return false
    }

    /// A length kept within the required inequalities on it (directly, or on an edge or centre
    /// of a view whose other edge or centre is known).
    private func bounded(_ length: Double, _ view: UIView, _ axis: Axis) -> Double {
        var result = length
        let known = facts(view, axis)
        for constraint in constraints where constraint.relation != .equal && constraint.priority >= .required {
            guard let equation = Equation(constraint, solver: self), equation.first === view, equation.axis == axis,
                  let right = rightSide(of: equation) else { continue }
            var bound: Double?
            var atMost = constraint.relation == .lessThanOrEqual
            switch equation.firstPart {
            case .size: bound = right
            case .maximum: bound = known.minimum.map { right - $0 } ?? known.center.map { 2 * (right - $0) }
            case .minimum:
                bound = known.maximum.map { $0 - right } ?? known.center.map { 2 * ($0 - right) }
                atMost.toggle()
            case .center:
                if let start = known.minimum { bound = 2 * (right - start) } else if let end = known.maximum {
                    bound = 2 * (end - right)
                    atMost.toggle()
                }
            }
            guard let bound else { continue }
            result = atMost ? min(result, bound) : max(result, bound)
        }
        return result
    }

    /// `multiplier × second + constant`, or the constant alone; `nil` while the second is unknown.
    private func rightSide(of equation: Equation) -> Double? {
        guard let second = equation.second else { return equation.constant }
        return facts(second.item, equation.axis).value(of: second.part).map { equation.multiplier * $0 + equation.constant }
    }

    /// One constraint as the solver reads it: which item and part on each side, on which axis.
    private struct Equation {
        let first: AnyObject
        let firstPart: AxisFacts.Part
        let second: (item: AnyObject, part: AxisFacts.Part)?
        let axis: Axis
        let multiplier: Double
        let constant: Double

        /// `nil` for what cannot be solved here: an item gone, two axes mixed, a position equal
        /// to a constant (which UIKit refuses too).
        @MainActor init?(_ constraint: NSLayoutConstraint, solver: LayoutSolver) {
            guard let firstItem = constraint.firstItem, let first = LayoutAttribute(constraint.firstAttribute) else { return nil }
            self.first = solver.item(firstItem, onMargins: first.onMargins)
            firstPart = first.part
            axis = first.axis
            multiplier = Double(constraint.multiplier)
            constant = Double(constraint.constant)
            guard multiplier.isFinite, constant.isFinite else { return nil }
            if let secondItem = constraint.secondItem {
                guard let second = LayoutAttribute(constraint.secondAttribute), second.axis == first.axis,
                      (second.part == .size) == (first.part == .size) else { return nil }
                self.second = (solver.item(secondItem, onMargins: second.onMargins), second.part)
            } else {
                guard first.part == .size else { return nil }
                second = nil
            }
        }
    }

    /// The item an attribute is measured on: a view's margins guide for a margin attribute.
    private func item(_ item: AnyObject, onMargins: Bool) -> AnyObject {
        guard onMargins, let view = item as? UIView else { return item }
        return view.layoutMarginsGuide
    }

    // MARK: Views

    private func isPlacedByFrame(_ view: UIView) -> Bool {
        view.translatesAutoresizingMaskIntoConstraints && view.layoutState.arrangingStack == nil
    }

    /// A view whose place constraints decide (not its frame, not a stack view).
    private func isPlacedByConstraints(_ view: UIView) -> Bool {
        view !== root && !view.translatesAutoresizingMaskIntoConstraints && !isArranged(view)
    }

    private func isArranged(_ view: UIView) -> Bool {
        guard let stack = view.layoutState.arrangingStack else { return false }
        return inHierarchy.contains(ObjectIdentifier(stack)) && view.superview === stack
    }

    /// The size a view asks for, per axis (`nil`: none): a stack view's arranged views', else
    /// its intrinsic content size.
    private func contentSize(of view: UIView) -> (width: Double?, height: Double?) {
        if let stack = view as? UIStackView {
            let size = stack.fittingSize(wanted: wantedSize)
            return (Double(size.width), Double(size.height))
        }
        let intrinsic = view.intrinsicContentSize
        return (intrinsic.width == UIView.noIntrinsicMetric ? nil : Double(intrinsic.width),
                intrinsic.height == UIView.noIntrinsicMetric ? nil : Double(intrinsic.height))
    }

    /// The size an arranged view wants from its stack: a required constant width or height it
    /// was given, else its content size, else its frame's.
    private func wantedSize(_ view: UIView) -> CGSize {
        let content = contentSize(of: view)
        func constant(_ attribute: NSLayoutConstraint.Attribute) -> Double? {
            constraints.first { $0.firstItem === view && $0.firstAttribute == attribute && $0.secondItem == nil
                && $0.relation == .equal && $0.priority >= .required }.map { Double($0.constant) }
        }
        return CGSize(width: constant(.width) ?? content.width ?? Double(view.frame.width),
                      height: constant(.height) ?? content.height ?? Double(view.frame.height))
    }

    /// Only what constraints place can learn from them: a frame or a stack view places the rest.
    private func canLearn(_ item: AnyObject) -> Bool {
        switch item {
        case let view as UIView: isPlacedByConstraints(view)
        case let guide as UILayoutGuide: guide.kind == .custom
        default: false
        }
    }

    // MARK: Facts

    private func facts(_ item: AnyObject, _ axis: Axis) -> AxisFacts {
        facts[ObjectIdentifier(item)]?[axis] ?? AxisFacts()
    }

    private mutating func learn(_ item: AnyObject, _ axis: Axis, _ part: AxisFacts.Part, _ value: Double) -> Bool {
        guard canLearn(item) else { return false }
        var known = facts(item, axis)
        guard known.learn(part, value) else { return false }
        facts[ObjectIdentifier(item), default: [:]][axis] = known
        return true
    }

    private mutating func place(_ item: AnyObject, _ axis: Axis, _ start: Double, _ length: Double) -> Bool {
        var known = facts(item, axis)
        guard !known.isSolved else { return false }
        known.place(minimum: start, size: length)
        facts[ObjectIdentifier(item), default: [:]][axis] = known
        return true
    }

    private func referencedSystemGuides() -> [UILayoutGuide] {
        var guides: [UILayoutGuide] = []
        for view in views {
            if let guide = view.layoutState.safeAreaGuide { guides.append(guide) }
            if let guide = view.layoutState.marginsGuide { guides.append(guide) }
        }
        return guides
    }

    // MARK: Writing back

    /// Moves each view placed by constraints or a stack view along the axes it was placed on,
    /// sets the guides of the app's own, and records each view's safe area.
    private func writeFrames() {
        for view in views where view !== root {
            view.layoutState.safeAreaInsets = safeAreaInsets(of: view)
            guard !isPlacedByFrame(view), let superview = view.superview else { continue }
            var frame = view.frame
            let x = facts(view, .horizontal), y = facts(view, .vertical)
            if x.isSolved, let start = x.minimum, let size = x.size, let origin = facts(superview, .horizontal).minimum {
                frame.origin.x = CGFloat(start - origin)
                frame.size.width = CGFloat(size)
            }
            if y.isSolved, let start = y.minimum, let size = y.size, let origin = facts(superview, .vertical).minimum {
                frame.origin.y = CGFloat(start - origin)
                frame.size.height = CGFloat(size)
            }
            if frame != view.frame { view.frame = frame }
        }
        root.layoutState.safeAreaInsets = UIEdgeInsets(top: safeRect.minY, left: safeRect.minX,
                                                       bottom: root.bounds.height - safeRect.maxY, right: root.bounds.width - safeRect.maxX)
        for view in views {
            for guide in view.layoutState.guides {
                let x = facts(guide, .horizontal), y = facts(guide, .vertical)
                guard let left = x.minimum, let width = x.size, let top = y.minimum, let height = y.size,
                      let originX = facts(view, .horizontal).minimum, let originY = facts(view, .vertical).minimum else { continue }
                guide.placedFrame = CGRect(x: left - originX, y: top - originY, width: width, height: height)
            }
        }
    }

    /// How far the bars reach into a view: the part of it outside the root's safe area.
    private func safeAreaInsets(of view: UIView) -> UIEdgeInsets {
        let frame = view.convert(view.bounds, to: root)
        guard frame.width > 0 || frame.height > 0 else { return .zero }
        return UIEdgeInsets(top: max(0, min(frame.height, safeRect.minY - frame.minY)),
                            left: max(0, min(frame.width, safeRect.minX - frame.minX)),
                            bottom: max(0, min(frame.height, frame.maxY - safeRect.maxY)),
                            right: max(0, min(frame.width, frame.maxX - safeRect.maxX)))
    }
}
