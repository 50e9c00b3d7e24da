import Foundation
import RestorationModel

/// What a table saves beyond its content offset. Rows are saved only as model identifiers,
/// and only when the data source adopts `UIDataSourceModelAssociation`: a position would point
/// at the wrong item once the data changed order. Without it, nothing about rows is saved.
///
/// On restore, the identifiers are mapped back to rows (rows that no longer exist are
/// skipped), those rows are selected, and the first visible row is brought back to the top,
/// unless the restored content offset already shows it first (then that offset, which may
/// show part of the row, is kept). The offset is then kept within the content.
extension UITableView {
    func encodeRows(with coder: NSCoder) {
        guard let coder = coder as? RestorationCoder, let association = dataSource as? UIDataSourceModelAssociation else { return }
        // A loop, not compactMap: a main-actor closure handed to a generic algorithm checks the
        // executor at every one of possibly a hundred thousand rows.
        var selected: [String] = []
        for indexPath in indexPathsForSelectedRows ?? [] {
            if let identifier = association.modelIdentifierForElement(at: indexPath, in: self) { selected.append(identifier) }
        }
        if !selected.isEmpty { coder.encodeReserved(strings: selected, forKey: ReservedKey.tableSelectedRows) }
        if let first = visibleIndexPaths().first, let identifier = association.modelIdentifierForElement(at: first, in: self) {
            coder.encodeReserved(identifier, forKey: ReservedKey.tableVisibleRows)
        }
    }

    func decodeRows(with coder: NSCoder) {
        catchUpWithDataSource()
        // The content's size, when the pass that finds the first visible row worked it out too.
        var knownContentSize: CGSize?
        defer { contentOffset = clampedOffset(contentOffset, contentSize: knownContentSize ?? contentSize) }
        guard let coder = coder as? RestorationCoder, let association = dataSource as? UIDataSourceModelAssociation else { return }

        func row(for identifier: String) -> (indexPath: IndexPath, id: RowID)? {
            guard let indexPath = association.indexPathForElement(withModelIdentifier: identifier, in: self),
                  let id = rowID(at: indexPath) else { return nil }
            return (indexPath, id)
        }

        if let identifiers = coder.decodeReservedStrings(forKey: ReservedKey.tableSelectedRows) {
            // A loop, not compactMap: handing this main-actor function to a generic algorithm
            // checks the executor at every one of possibly a hundred thousand calls.
            var rows: [(indexPath: IndexPath, id: RowID)] = []
            rows.reserveCapacity(identifiers.count)
            for identifier in identifiers {
                if let row = row(for: identifier) { rows.append(row) }
            }
            if selectsMultipleRows {
                // What selectRow(at:animated:scrollPosition: .none) does for each row, with the
                // room made once: a table may bring back a hundred thousand selected rows.
                selectedRowIDs.reserveCapacity(selectedRowIDs.count + rows.count)
                for row in rows { setRow(row.id, selected: true) }
            } else if let first = rows.first {
                selectRow(at: first.indexPath, animated: false, scrollPosition: .none)
            }
        }
        if let identifier = coder.decodeReserved(forKey: ReservedKey.tableVisibleRows) as? String, let first = row(for: identifier) {
            let (firstVisible, rect, contentSize) = firstVisibleRow(andRectOf: first.indexPath)
            knownContentSize = contentSize
            if firstVisible != first.indexPath { contentOffset = CGPoint(x: contentOffset.x, y: rect.minY) }
        }
    }

    /// Makes the rows match the data source before identifiers are mapped to them: a table
    /// that loaded its counts before the data was there reloads.
    private func catchUpWithDataSource() {
        guard let loadedSections else { return }
        if loadedSections.map(\.count) != rowCountsFromDataSource() { reloadData() }
    }
}
