import Foundation
import RestorationModel

/// Rows in sections, from a data source. As in UIKit, the table asks its data source for row
/// counts when it first needs them and keeps them until `reloadData()` or an update
/// (`insertRows`, `deleteRows`, `moveRow`...), and asks for cells only for the rows on screen;
/// a cell that scrolls away goes back to a reuse queue.
///
/// What it saves by itself: the content offset (as a scroll view) and, only when the data
/// source adopts `UIDataSourceModelAssociation`, the selected rows and the first visible row
/// as model identifiers (see `UITableView+Restoration.swift`).
@preconcurrency @MainActor open class UITableView: UIScrollView {
    nonisolated public enum Style: Int, Sendable { case plain, grouped, insetGrouped }
    nonisolated public enum ScrollPosition: Int, Sendable { case none, top, middle, bottom }
    nonisolated public enum RowAnimation: Int, Sendable { case fade, right, left, top, bottom, none, middle, automatic = 100 }

    /// A row height meaning "as tall as the content"; rows without real content are 44 points.
    nonisolated public static let automaticDimension: CGFloat = -1

    public let style: Style

    /// A new data source means new rows: they are asked for on next use.
    open weak var dataSource: UITableViewDataSource? {
        didSet { forgetRows() }
    }

    open var rowHeight: CGFloat = 44
    open var estimatedRowHeight: CGFloat = UITableView.automaticDimension

    /// A view above the rows that scrolls with them; its height is kept, its width follows the table.
    open var tableHeaderView: UIView? {
        didSet { replace(oldValue, with: tableHeaderView) }
    }

    /// A view below the rows that scrolls with them.
    open var tableFooterView: UIView? {
        didSet { replace(oldValue, with: tableFooterView) }
    }

    open var allowsSelection = true
    open var allowsMultipleSelection = false
    open var allowsSelectionDuringEditing = false
    open var allowsMultipleSelectionDuringEditing = false

    // MARK: Rows, as the table knows them

    /// A row's identity inside the table, so that cells and selection follow their row
    /// through insertions, deletions and moves.
    typealias RowID = Int

    /// The rows of each section, as last loaded from the data source; `nil` until needed.
    var loadedSections: [[RowID]]?
    private var lastRowID: RowID = 0
    /// The selected rows.
    var selectedRowIDs: Set<RowID> = []
    /// The cells of the rows on screen (after the last layout).
    var cells: [RowID: UITableViewCell] = [:]
    private var registeredCellClasses: [String: UITableViewCell.Type] = [:]
    private var reusableCells: [String: [UITableViewCell]] = [:]
    private var isLayingOutRows = false
    /// Set by the data source's default `commit` and `moveRowAt`: the app did not implement them.
    private(set) var missingDataSourceMethod = false
    /// The batch of updates in progress (`beginUpdates()` … `endUpdates()`).
    var pendingUpdate: PendingUpdate?
    var updateDepth = 0

    private var editing = false

    public init(frame: CGRect, style: Style) {
        self.style = style
        super.init(frame: frame)
    }

    public convenience override init(frame: CGRect) {
        self.init(frame: frame, style: .plain)
    }

    public required init?(coder: NSCoder) {
        self.style = .plain
        super.init(coder: coder)
    }

    /// The scroll view's delegate, seen as a table delegate.
    var tableDelegate: UITableViewDelegate? { delegate as? UITableViewDelegate }

    /// The rows of each section, loaded from the data source on first use.
    var sections: [[RowID]] {
        if let loadedSections { return loadedSections }
        // Loops, not map: a closure isolated to the main actor checks the executor at every one
        // of possibly a hundred thousand rows.
        var loaded: [[RowID]] = []
        for count in rowCountsFromDataSource() {
            var rows: [RowID] = []
            rows.reserveCapacity(count)
            for _ in 0..<count { rows.append(makeRowID()) }
            loaded.append(rows)
        }
        loadedSections = loaded
        return loaded
    }

    func makeRowID() -> RowID {
        lastRowID += 1
        return lastRowID
    }

    /// The row counts the data source reports now, section by section.
    func rowCountsFromDataSource() -> [Int] {
        guard let dataSource else { return [] }
        let sectionCount = max(0, dataSource.numberOfSections(in: self))
        return (0..<sectionCount).map { max(0, dataSource.tableView(self, numberOfRowsInSection: $0)) }
    }

    /// Drops what the table knew of its rows: the cells go back for reuse, the selection is
    /// cleared, and the counts are asked for again on next use.
    func forgetRows() {
        for cell in cells.values { enqueueForReuse(cell) }
        cells = [:]
        selectedRowIDs = []
        loadedSections = nil
    }

    func rowID(at indexPath: IndexPath) -> RowID? {
        guard indexPath.count == 2 else { return nil }
        let sections = self.sections
        guard sections.indices.contains(indexPath.section), sections[indexPath.section].indices.contains(indexPath.row) else { return nil }
        return sections[indexPath.section][indexPath.row]
    }

    func indexPath(ofRow id: RowID) -> IndexPath? {
        for (section, rows) in sections.enumerated() {
            if let row = rows.firstIndex(of: id) { return IndexPath(row: row, section: section) }
        }
        return nil
    }

    func noteMissingDataSourceMethod() {
        missingDataSourceMethod = true
    }

    /// Calls a data source method that a data source may lack; `false` when it lacked it.
    func callDataSourceMethodItMayLack(_ call: () -> Void) -> Bool {
        missingDataSourceMethod = false
        call()
        let implemented = !missingDataSourceMethod
        missingDataSourceMethod = false
        return implemented
    }

    // MARK: Rows and sections, as UIKit shows them

    /// Asks the data source again for everything. Clears the selection, as in UIKit.
    open func reloadData() {
        forgetRows()
    }

    open var numberOfSections: Int { sections.count }

    open func numberOfRows(inSection section: Int) -> Int {
        let sections = self.sections
        return sections.indices.contains(section) ? sections[section].count : 0
    }

    // MARK: Cells

    /// Registers the class of the cells made for an identifier (`.default` style).
    open func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {
        guard let cellClass else {
            registeredCellClasses[identifier] = nil
            return
        }
        guard let cellType = cellClass as? UITableViewCell.Type else {
            fatalError("\(cellClass) is not a subclass of UITableViewCell; a table can only make cells")
        }
        registeredCellClasses[identifier] = cellType
    }

    /// A cell that left the screen, prepared for reuse; else a new one of the registered class;
    /// else `nil` (the app then makes one itself).
    open func dequeueReusableCell(withIdentifier identifier: String) -> UITableViewCell? {
        if var queue = reusableCells[identifier], let cell = queue.popLast() {
            reusableCells[identifier] = queue
            cell.prepareForReuse()
            return cell
        }
        return registeredCellClasses[identifier].map { $0.init(style: .default, reuseIdentifier: identifier) }
    }

    /// Like `dequeueReusableCell(withIdentifier:)`, but the identifier must be registered:
    /// a programming error otherwise, which ends the app as it does on a device.
    open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell {
        guard let cell = dequeueReusableCell(withIdentifier: identifier) else {
            fatalError("unable to dequeue a cell with identifier \(identifier) - must register a nib or a class for the identifier or connect a prototype cell in a storyboard")
        }
        return cell
    }

    func enqueueForReuse(_ cell: UITableViewCell) {
        cell.removeFromSuperview()
        guard let identifier = cell.reuseIdentifier else { return }
        reusableCells[identifier, default: []].append(cell)
    }

    /// The cell of a row on screen; `nil` for a row off screen, as in UIKit.
    open func cellForRow(at indexPath: IndexPath) -> UITableViewCell? {
        layoutRows()
        return rowID(at: indexPath).flatMap { cells[$0] }
    }

    open func indexPath(for cell: UITableViewCell) -> IndexPath? {
        cells.first { $0.value === cell }.flatMap { indexPath(ofRow: $0.key) }
    }

    open var visibleCells: [UITableViewCell] {
        layoutRows()
        return visibleIndexPaths().compactMap { rowID(at: $0).flatMap { cells[$0] } }
    }

    open var indexPathsForVisibleRows: [IndexPath]? {
        visibleIndexPaths()
    }

    // MARK: Geometry

    private var headerHeight: CGFloat { tableHeaderView?.frame.height ?? 0 }
    private var footerHeight: CGFloat { tableFooterView?.frame.height ?? 0 }

    func heightOfRow(at indexPath: IndexPath) -> CGFloat {
        height(ofRowAt: indexPath, asking: tableDelegate)
    }

    /// `delegate` is the table delegate, found once by whoever asks about many rows: finding it
    /// is a cast, which for every row of a long table was most of the work.
    private func height(ofRowAt indexPath: IndexPath, asking delegate: UITableViewDelegate?) -> CGFloat {
        let height = delegate?.tableView(self, heightForRowAt: indexPath) ?? rowHeight
        return height >= 0 ? height : 44
    }

    /// Goes through every row, section by section, with where it lies in the content: below the
    /// header view, one under another, as wide as the table. Returns the bottom of the last row
    /// (the header's when there are no rows).
    @discardableResult
    private func forEachRowRect(_ body: (_ indexPath: IndexPath, _ rect: CGRect) -> Void) -> CGFloat {
        var top = headerHeight
        let width = visibleSize.width
        let delegate = tableDelegate
        for (section, rows) in sections.enumerated() {
            for row in rows.indices {
                let indexPath = IndexPath(row: row, section: section)
                let height = height(ofRowAt: indexPath, asking: delegate)
                body(indexPath, CGRect(x: 0, y: top, width: width, height: height))
                top += height
            }
        }
        return top
    }

    /// Where every row lies in the content, section by section.
    func rowRects() -> [[CGRect]] {
        var rects: [[CGRect]] = sections.map { rows in
            var section: [CGRect] = []
            section.reserveCapacity(rows.count)
            return section
        }
        forEachRowRect { indexPath, rect in rects[indexPath.section].append(rect) }
        return rects
    }

    open func rectForRow(at indexPath: IndexPath) -> CGRect {
        let rects = rowRects()
        guard indexPath.count == 2, rects.indices.contains(indexPath.section), rects[indexPath.section].indices.contains(indexPath.row) else { return .zero }
        return rects[indexPath.section][indexPath.row]
    }

    /// Computed from the rows: setting it has no effect, as UIKit recomputes it.
    open override var contentSize: CGSize {
        get {
            let rowsBottom = forEachRowRect { _, _ in }
            return CGSize(width: visibleSize.width, height: rowsBottom + footerHeight)
        }
        set {}
    }

    /// Whether part of a rectangle of the content shows in the visible area.
    func isOnScreen(_ rect: CGRect) -> Bool {
        Self.isOnScreen(rect, within: visibleSpan)
    }

    /// The top and bottom of the visible area in the content, worked out once for many rows.
    private var visibleSpan: (top: CGFloat, bottom: CGFloat) {
        (contentOffset.y, contentOffset.y + visibleSize.height)
    }

    private static func isOnScreen(_ rect: CGRect, within span: (top: CGFloat, bottom: CGFloat)) -> Bool {
        rect.height > 0 && rect.maxY > span.top && rect.minY < span.bottom
    }

    /// The rows of which some part shows in the visible area, top to bottom.
    func visibleIndexPaths() -> [IndexPath] {
        visibleRows().rows.map(\.indexPath)
    }

    /// The first row on screen, where a row lies (`.zero` for a row the table does not have) and
    /// the content's size: what bringing back the first visible row asks, in one pass over the rows.
    func firstVisibleRow(andRectOf wanted: IndexPath) -> (first: IndexPath?, rect: CGRect, contentSize: CGSize) {
        var first: IndexPath?
        var rect = CGRect.zero
        let span = visibleSpan
        let rowsBottom = forEachRowRect { indexPath, rowRect in
            if first == nil, Self.isOnScreen(rowRect, within: span) { first = indexPath }
            if indexPath == wanted { rect = rowRect }
        }
        return (first, rect, CGSize(width: visibleSize.width, height: rowsBottom + footerHeight))
    }

    /// The rows on screen with where they lie, and the bottom of the last row, in one pass.
    private func visibleRows() -> (rows: [(indexPath: IndexPath, rect: CGRect)], bottom: CGFloat) {
        var visible: [(indexPath: IndexPath, rect: CGRect)] = []
        let span = visibleSpan
        let bottom = forEachRowRect { indexPath, rect in
            if Self.isOnScreen(rect, within: span) { visible.append((indexPath, rect)) }
        }
        return (visible, bottom)
    }

    /// Scrolls so that the row is at the given position (or just into view for `.none`).
    open func scrollToRow(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
        let rect = rectForRow(at: indexPath)
        let height = visibleSize.height
        var offset = contentOffset
        switch scrollPosition {
        case .top: offset.y = rect.minY
        case .middle: offset.y = rect.midY - height / 2
        case .bottom: offset.y = rect.maxY - height
        case .none:
            scrollRectToVisible(rect, animated: animated)
            return
        }
        setContentOffset(clampedOffset(offset), animated: animated)
    }

    // MARK: Layout

    /// Gives every row on screen a cell, asking the data source for those it has not got, and
    /// sends the cells of rows that left the screen back for reuse: what UIKit does on each
    /// layout pass. Run before anything reads cells.
    func layoutRows() {
        guard !isLayingOutRows else { return }
        isLayingOutRows = true
        defer { isLayingOutRows = false }

        let (visible, rowsBottom) = visibleRows()
        let visibleIDs = Set(visible.compactMap { rowID(at: $0.indexPath) })
        for (id, cell) in cells where !visibleIDs.contains(id) {
            enqueueForReuse(cell)
            cells[id] = nil
        }
        tableHeaderView?.frame = CGRect(x: 0, y: 0, width: visibleSize.width, height: headerHeight)
        tableFooterView?.frame = CGRect(x: 0, y: rowsBottom, width: visibleSize.width, height: footerHeight)

        guard let dataSource else { return }
        for (indexPath, rect) in visible {
            guard let id = rowID(at: indexPath) else { continue }
            if cells[id] == nil {
                let cell = dataSource.tableView(self, cellForRowAt: indexPath)
                cells[id] = cell
                cell.setSelected(selectedRowIDs.contains(id), animated: false)
                cell.setEditing(editing, animated: false)
                if cell.superview !== self { addSubview(cell) }
                tableDelegate?.tableView(self, willDisplay: cell, forRowAt: indexPath)
            }
            cells[id]?.frame = rect
        }
    }

    private func replace(_ old: UIView?, with new: UIView?) {
        if old !== new { old?.removeFromSuperview() }
        if let new, new.superview !== self { addSubview(new) }
    }

    // MARK: Editing

    open var isEditing: Bool {
        get { editing }
        set { setEditing(newValue, animated: false) }
    }

    /// Enters or leaves editing mode (delete and reorder controls). Entering it clears the
    /// selection unless rows can be selected while editing, as in UIKit.
    open func setEditing(_ editing: Bool, animated: Bool) {
        guard editing != self.editing else { return }
        self.editing = editing
        if editing, !allowsSelectionDuringEditing { deselectAllRows() }
        for cell in cells.values { cell.setEditing(editing, animated: animated) }
    }

    // MARK: State restoration

    open override func encodeRestorableState(with coder: NSCoder) {
        super.encodeRestorableState(with: coder)
        encodeRows(with: coder)
    }

    open override func decodeRestorableState(with coder: NSCoder) {
        super.decodeRestorableState(with: coder)
        decodeRows(with: coder)
    }

    // MARK: What the user sees

    /// The table with what shows inside it: the header view when on screen, the cells of the
    /// rows on screen, the footer view when on screen, and any other view the app put in it.
    open override func screenElement() -> ScreenElement? {
        var element = ScreenElement(role: .table, name: accessibilityLabel)
        if contentOffset != .zero { element.set(ScreenProperty.offset, ScreenElement.format(contentOffset)) }
        if editing { element.set(ScreenProperty.editing, "yes") }
        layoutRows()
        var shown: [UIView] = []
        if let header = tableHeaderView, isOnScreen(header.frame) { shown.append(header) }
        var children = shown.flatMap { $0.screenElements() }
        for indexPath in visibleIndexPaths() {
            guard let cell = rowID(at: indexPath).flatMap({ cells[$0] }) else { continue }
            children += cell.screenElements().map { row in
                var row = row
                if row.role == .cell { row.indexPath = [indexPath.section, indexPath.row] }
                return row
            }
        }
        shown = []
        if let footer = tableFooterView, isOnScreen(footer.frame) { shown.append(footer) }
        let placed: [UIView] = [tableHeaderView, tableFooterView].compactMap { $0 } + Array(cells.values)
        shown += subviews.filter { view in !placed.contains { $0 === view } }
        element.children = children + shown.flatMap { $0.screenElements() }
        return element
    }

    /// The element above, already holding its children: the subviews are not added again.
    open override func screenElements() -> [ScreenElement] {
        guard !isHidden, alpha > 0.01, var element = screenElement() else { return [] }
        if element.identifier == nil { element.identifier = accessibilityIdentifier ?? restorationIdentifier }
        return [element]
    }
}
