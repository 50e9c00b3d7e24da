import Foundation
import RestorationModel

/// Selecting rows from code. Like UIKit, these tell no delegate: only a user's tap
/// (`simulateSelectRow(at:)`) does.
extension UITableView {
    /// The first selected row, top to bottom.
    public var indexPathForSelectedRow: IndexPath? {
        indexPathsForSelectedRows?.first
    }

    /// The selected rows, top to bottom; `nil` when none is, as in UIKit.
    public var indexPathsForSelectedRows: [IndexPath]? {
        guard !selectedRowIDs.isEmpty else { return nil }
        // One pass over the rows, in order: looking each selected row up would be quadratic
        // when many rows are selected.
        var paths: [IndexPath] = []
        for (section, rows) in sections.enumerated() {
            for (row, id) in rows.enumerated() where selectedRowIDs.contains(id) {
                paths.append(IndexPath(row: row, section: section))
            }
        }
        return paths.isEmpty ? nil : paths
    }

    /// Whether several rows can be selected at once in the current mode.
    var selectsMultipleRows: Bool {
        isEditing ? allowsMultipleSelectionDuringEditing : allowsMultipleSelection
    }

    /// Selects a row (and, unless several rows can be selected, only that one); `nil` clears
    /// the selection. Scrolls to it unless `scrollPosition` is `.none`.
    public func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        guard let indexPath, let id = rowID(at: indexPath) else {
            deselectAllRows()
            return
        }
        if !selectsMultipleRows {
            for other in selectedRowIDs where other != id { setRow(other, selected: false) }
        }
        setRow(id, selected: true)
        if scrollPosition != .none { scrollToRow(at: indexPath, at: scrollPosition, animated: animated) }
    }

    public func deselectRow(at indexPath: IndexPath, animated: Bool) {
        guard let id = rowID(at: indexPath) else { return }
        setRow(id, selected: false)
    }

    func deselectAllRows() {
        for id in selectedRowIDs { setRow(id, selected: false) }
    }

    func setRow(_ id: RowID, selected: Bool) {
        if selected { selectedRowIDs.insert(id) } else { selectedRowIDs.remove(id) }
        cells[id]?.setSelected(selected, animated: false)
    }
}
