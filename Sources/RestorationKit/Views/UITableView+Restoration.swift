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
        let selected = (indexPathsForSelectedRows ?? []).compactMap { association.modelIdentifierForElement(at: $0, in: self) }
        if !selected.isEmpty { coder.encodeReserved(strings: selected, forKey: ReservedKey.tableSelectedRows) }
        if let first = visibleIndexPaths().first, let identifier = association.modelIdentifierForElement(at: first, in: self) {
            coder.encodeReserved(identifier, forKey: ReservedKey.tableVisibleRows)
        }
    }

    func decodeRows(with coder: NSCoder) {
        catchUpWithDataSource()
        defer { contentOffset = clampedOffset(contentOffset) }
        guard let coder = coder as? RestorationCoder, let association = dataSource as? UIDataSourceModelAssociation else { return }

        func row(for identifier: String) -> IndexPath? {
            guard let indexPath = association.indexPathForElement(withModelIdentifier: identifier, in: self),
                  rowID(at: indexPath) != nil else { return nil }
            return indexPath
        }

        if let identifiers = coder.decodeReservedStrings(forKey: ReservedKey.tableSelectedRows) {
            // A loop, not compactMap: handing this main-actor function to a generic algorithm
            // checks the executor at every one of possibly a hundred thousand calls.
            var rows: [IndexPath] = []
            for identifier in identifiers {
                if let row = row(for: identifier) { rows.append(row) }
            }
            for indexPath in selectsMultipleRows ? rows : Array(rows.prefix(1)) {
                selectRow(at: indexPath, animated: false, scrollPosition: .none)
            }
        }
        if let identifier = coder.decodeReserved(forKey: ReservedKey.tableVisibleRows) as? String, let first = row(for: identifier),
           visibleIndexPaths().first != first {
            contentOffset = CGPoint(x: contentOffset.x, y: rectForRow(at: first).minY)
        }
    }

    /// Makes the rows match the data source before identifiers are mapped to them: a table
    /// that loaded its counts before the data was there reloads.
    private func catchUpWithDataSource() {
        guard let loadedSections else { return }
        if loadedSections.map(\.count) != rowCountsFromDataSource() { reloadData() }
    }
}
