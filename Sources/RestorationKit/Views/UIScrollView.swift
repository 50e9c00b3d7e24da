import Foundation
import RestorationModel

/// A view whose content is larger than itself. It saves its content offset by itself (and its
/// inset and zoom scale when they are not the defaults).
@preconcurrency @MainActor open class UIScrollView: UIView {
    /// Where the visible area starts in the content. Every change tells the delegate.
    open var contentOffset: CGPoint = .zero {
        didSet {
            if contentOffset != oldValue { delegate?.scrollViewDidScroll(self) }
        }
    }

    open var contentSize: CGSize = .zero
    open var contentInset: UIEdgeInsets = .zero
    open var minimumZoomScale: CGFloat = 1
    open var maximumZoomScale: CGFloat = 1
    open var isScrollEnabled = true
    open var isPagingEnabled = false
    open var bounces = true
    open var alwaysBounceVertical = false
    open var alwaysBounceHorizontal = false
    open var showsVerticalScrollIndicator = true
    open var showsHorizontalScrollIndicator = true

    open weak var delegate: UIScrollViewDelegate?

    private var storedZoomScale: CGFloat = 1
    /// Kept between the minimum and maximum zoom scales (both 1 unless the app sets them).
    open var zoomScale: CGFloat {
        get { storedZoomScale }
        set {
            let clamped = min(max(newValue, minimumZoomScale), maximumZoomScale)
            guard clamped != storedZoomScale else { return }
            storedZoomScale = clamped
            delegate?.scrollViewDidZoom(self)
        }
    }

    /// The size of the visible area: the view's own size, or, for a view not sized yet, the
    /// screen below a navigation bar (the screen's height minus 64 points).
    public var visibleSize: CGSize {
        let screen = UIScreen.main.bounds.size
        return CGSize(width: frame.width > 0 ? frame.width : screen.width,
                      height: frame.height > 0 ? frame.height : screen.height - 64)
    }

    open func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
        self.contentOffset = contentOffset
        if animated { delegate?.scrollViewDidEndScrollingAnimation(self) }
    }

    open func setZoomScale(_ scale: CGFloat, animated: Bool) {
        zoomScale = scale
    }

    /// Scrolls as little as possible to show the rectangle (in content coordinates).
    open func scrollRectToVisible(_ rect: CGRect, animated: Bool) {
        var offset = contentOffset
        let size = visibleSize
        if rect.minY < offset.y { offset.y = rect.minY } else if rect.maxY > offset.y + size.height { offset.y = rect.maxY - size.height }
        if rect.minX < offset.x { offset.x = rect.minX } else if rect.maxX > offset.x + size.width { offset.x = rect.maxX - size.width }
        setContentOffset(clampedOffset(offset), animated: animated)
    }

    /// The offset moved back within the content, where a scroll view comes to rest after a
    /// drag past the edge.
    func clampedOffset(_ offset: CGPoint) -> CGPoint {
        clampedOffset(offset, contentSize: contentSize) // a table works it out from every row: once is enough
    }

    /// `clampedOffset(_:)` with the content's size already at hand.
    func clampedOffset(_ offset: CGPoint, contentSize content: CGSize) -> CGPoint {
        let size = visibleSize
        let lowest = CGPoint(x: -contentInset.left, y: -contentInset.top)
        let highest = CGPoint(x: max(lowest.x, content.width + contentInset.right - size.width),
                              y: max(lowest.y, content.height + contentInset.bottom - size.height))
        return CGPoint(x: min(max(offset.x, lowest.x), highest.x), y: min(max(offset.y, lowest.y), highest.y))
    }

    // MARK: State restoration

    open override func encodeRestorableState(with coder: NSCoder) {
        super.encodeRestorableState(with: coder)
        guard let coder = coder as? RestorationCoder else { return }
        coder.encodeReserved(contentOffset, forKey: ReservedKey.scrollContentOffset)
        if contentInset != .zero { coder.encodeReserved(contentInset, forKey: ReservedKey.scrollContentInset) }
        if zoomScale != 1 { coder.encodeReserved(Double(zoomScale), forKey: ReservedKey.scrollZoomScale) }
    }

    /// Restores inset, zoom and offset, in that order. The offset is not fitted to the content:
    /// the content may not be there yet (a table fits it once it knows its rows).
    open override func decodeRestorableState(with coder: NSCoder) {
        super.decodeRestorableState(with: coder)
        guard let coder = coder as? RestorationCoder else { return }
        if coder.containsValue(forKey: ReservedKey.scrollContentInset) {
            contentInset = coder.decodeUIEdgeInsets(forKey: ReservedKey.scrollContentInset)
        }
        if let zoom = coder.decodeReserved(forKey: ReservedKey.scrollZoomScale) as? Double {
            zoomScale = CGFloat(zoom)
        }
        if coder.containsValue(forKey: ReservedKey.scrollContentOffset) {
            contentOffset = coder.decodeCGPoint(forKey: ReservedKey.scrollContentOffset)
        }
    }

    // MARK: What a user does

    /// What a user's drag does: tells the delegate the drag begins, moves the content so the
    /// offset is `offset` (a drag past the edge comes back to the edge), tells it the drag
    /// ended. Returns where the content came to rest.
    @discardableResult
    public func simulateScroll(to offset: CGPoint) throws -> CGPoint {
        let name = userFacingName(self is UITableView ? "table" : self is UITextView ? "text view" : "scroll view", nil)
        try ensureTouchable(name)
        guard isScrollEnabled else { throw UserActionError("\(name) does not scroll (isScrollEnabled is false)") }
        delegate?.scrollViewWillBeginDragging(self)
        contentOffset = clampedOffset(offset)
        delegate?.scrollViewDidEndDragging(self, willDecelerate: false)
        return contentOffset
    }

    // MARK: What the user sees

    open override func screenElement() -> ScreenElement? {
        var element = ScreenElement(role: .scrollView, name: accessibilityLabel)
        if contentOffset != .zero { element.set(ScreenProperty.offset, ScreenElement.format(contentOffset)) }
        return element
    }
}
