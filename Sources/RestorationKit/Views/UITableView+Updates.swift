import Foundation
import RestorationModel

/// Telling the table what changed in the model. The app changes its model first, then calls
/// these; the table then checks its row counts against the data source's, and a mismatch ends
/// the app with UIKit's "Invalid update" message, as on a device.
extension UITableView {
    /// What a batch of updates did to each section, to check it against the data source.
    struct PendingUpdate {
        var countsBefore: [Int]
        var inserted: [Int: Int] = [:]
        var deleted: [Int: Int] = [:]
        var movedIn: [Int: Int] = [:]
        var movedOut: [Int: Int] = [:]
    }

    /// Starts a batch: the counts are checked once, at the matching `endUpdates()`.
    public func beginUpdates() {
        if updateDepth == 0 { pendingUpdate = PendingUpdate(countsBefore: sections.map(\.count)) }
        updateDepth += 1
    }

    public func endUpdates() {
        guard updateDepth > 0 else { return }
        updateDepth -= 1
        guard updateDepth == 0, let update = pendingUpdate else { return }
        pendingUpdate = nil
        check(update)
    }

    public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        beginUpdates()
        updates?()
        endUpdates()
        completion?(true)
    }

    /// Adds rows at the index paths (counted after the insertion). A table that has not loaded
    /// its rows yet simply loads them: the data source already counts the new ones.
    public func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        guard loadedSections != nil else { _ = sections; return }
        beginUpdates()
        for indexPath in indexPaths.sorted() {
            guard loadedSections!.indices.contains(indexPath.section) else {
                fatalError("attempt to insert row \(indexPath.row) into section \(indexPath.section), but there are only \(loadedSections!.count) sections after the update")
            }
            let count = loadedSections![indexPath.section].count
            guard indexPath.row <= count else {
                fatalError("attempt to insert row \(indexPath.row) into section \(indexPath.section), but there are only \(count) rows in section \(indexPath.section) after the update")
            }
            loadedSections![indexPath.section].insert(makeRowID(), at: indexPath.row)
            pendingUpdate?.inserted[indexPath.section, default: 0] += 1
        }
        endUpdates()
    }

    /// Removes the rows at the index paths (counted before the deletion), with their cells and
    /// their selection.
    public func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        guard loadedSections != nil else { _ = sections; return }
        beginUpdates()
        for indexPath in indexPaths.sorted().reversed() {
            guard let id = rowID(at: indexPath) else {
                let count = numberOfRows(inSection: indexPath.section)
                fatalError("attempt to delete row \(indexPath.row) from section \(indexPath.section) which only contains \(count) rows before the update")
            }
            loadedSections![indexPath.section].remove(at: indexPath.row)
            forget(id)
            pendingUpdate?.deleted[indexPath.section, default: 0] += 1
        }
        endUpdates()
    }

    /// Moves a row; its cell and selection go with it.
    public func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        guard loadedSections != nil else { _ = sections; return }
        beginUpdates()
        moveRowWithoutChecking(from: indexPath, to: newIndexPath)
        if indexPath.section != newIndexPath.section {
            pendingUpdate?.movedOut[indexPath.section, default: 0] += 1
            pendingUpdate?.movedIn[newIndexPath.section, default: 0] += 1
        }
        endUpdates()
    }

    /// Asks the data source again for these rows' cells; they lose their selection, as in UIKit.
    public func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        for indexPath in indexPaths {
            guard let id = rowID(at: indexPath) else { continue }
            forget(id)
            loadedSections![indexPath.section][indexPath.row] = makeRowID()
        }
    }

    /// Asks the data source again for the sections' rows.
    public func reloadSections(_ sectionIndexes: IndexSet, with animation: RowAnimation) {
        guard loadedSections != nil else { _ = sections; return }
        let counts = rowCountsFromDataSource()
        for section in sectionIndexes where loadedSections!.indices.contains(section) && counts.indices.contains(section) {
            loadedSections![section].forEach(forget)
            loadedSections![section] = (0..<counts[section]).map { _ in makeRowID() }
        }
    }

    /// Moves a row in the table's own order, as a user's drag does (no count check).
    func moveRowWithoutChecking(from source: IndexPath, to destination: IndexPath) {
        guard let id = rowID(at: source), loadedSections!.indices.contains(destination.section) else { return }
        loadedSections![source.section].remove(at: source.row)
        let row = min(max(destination.row, 0), loadedSections![destination.section].count)
        loadedSections![destination.section].insert(id, at: row)
    }

    /// Drops a row's cell (back to reuse) and selection.
    private func forget(_ id: RowID) {
        selectedRowIDs.remove(id)
        if let cell = cells.removeValue(forKey: id) { enqueueForReuse(cell) }
    }

    /// Compares the table's counts after a batch with what the data source now reports.
    private func check(_ update: PendingUpdate) {
        let after = sections.map(\.count)
        let reported = rowCountsFromDataSource()
        guard reported.count == after.count else {
            fatalError("Invalid update: invalid number of sections. The number of sections contained in the table view after the update (\(reported.count)) must be equal to the number of sections contained in the table view before the update (\(update.countsBefore.count)), plus or minus the number of sections inserted or deleted (0 inserted, 0 deleted).")
        }
        for section in after.indices where after[section] != reported[section] {
            let before = update.countsBefore.indices.contains(section) ? update.countsBefore[section] : 0
            fatalError("""
                Invalid update: invalid number of rows in section \(section). The number of rows contained in an existing section after the update (\(reported[section])) must be equal to the number of rows contained in that section before the update (\(before)), plus or minus the number of rows inserted or deleted from that section (\(update.inserted[section] ?? 0) inserted, \(update.deleted[section] ?? 0) deleted) and plus or minus the number of rows moved into or out of that section (\(update.movedIn[section] ?? 0) moved in, \(update.movedOut[section] ?? 0) moved out).
                """)
        }
    }
}
