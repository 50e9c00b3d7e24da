import Foundation
import RestorationModel

/// What a user's touches do to a table, with what UIKit tells the delegate and data source,
/// in UIKit's order. A user can touch only rows on screen: a row that does not exist or is
/// scrolled away throws a `UserActionError` saying so.
extension UITableView {
    /// What a user's tap on a row does: `willSelectRowAt` (which may redirect or cancel), the
    /// previous row deselected (`willDeselectRowAt`, `didDeselectRowAt`) unless several rows
    /// can be selected, the row selected, then `didSelectRowAt`. In a table that selects
    /// several rows, tapping a selected row deselects it instead. Returns the row selected,
    /// `nil` when none was.
    @discardableResult
    public func simulateSelectRow(at indexPath: IndexPath) throws -> IndexPath? {
        try ensureTouchable(userFacingName("table", nil))
        try ensureRowOnScreen(indexPath)
        if isEditing {
            guard allowsSelectionDuringEditing else { throw UserActionError("rows cannot be selected while the table is editing (allowsSelectionDuringEditing is false)") }
        } else {
            guard allowsSelection else { throw UserActionError("the rows of this table cannot be selected (allowsSelection is false)") }
        }

        if selectsMultipleRows, let id = rowID(at: indexPath), selectedRowIDs.contains(id) {
            let answer: IndexPath? = tableDelegate.map { $0.tableView(self, willDeselectRowAt: indexPath) } ?? indexPath
            guard let target = answer else { return nil }
            deselectRow(at: target, animated: true)
            tableDelegate?.tableView(self, didDeselectRowAt: target)
            return nil
        }

        let answer: IndexPath? = tableDelegate.map { $0.tableView(self, willSelectRowAt: indexPath) } ?? indexPath
        guard let target = answer else { return nil }
        try ensureRowExists(target)
        if !selectsMultipleRows, let targetID = rowID(at: target) {
            for id in selectedRowIDs where id != targetID {
                guard let previous = self.indexPath(ofRow: id) else { continue }
                let answer: IndexPath? = tableDelegate.map { $0.tableView(self, willDeselectRowAt: previous) } ?? previous
                guard let deselected = answer else { continue }
                deselectRow(at: deselected, animated: true)
                tableDelegate?.tableView(self, didDeselectRowAt: deselected)
            }
        }
        selectRow(at: target, animated: true, scrollPosition: .none)
        // A segue drawn from the cells goes first: prepare(for:sender:) comes before didSelectRowAt.
        StoryboardSegues.selectedRow(at: target, in: self)
        tableDelegate?.tableView(self, didSelectRowAt: target)
        return target
    }

    /// What a user's delete does, by swipe or by the delete control in editing mode: the
    /// delete is confirmed, then the data source's `tableView(_:commit:forRowAt:)` is called
    /// with `.delete`. The app removes the item and calls `deleteRows(at:with:)`; until it does,
    /// the row stays on screen. Throws when the row cannot be deleted (`canEditRowAt` false,
    /// an editing style other than delete, or a data source without `commit`). Returns the
    /// title of the confirmation button the user tapped ("Delete" unless the delegate renames it).
    @discardableResult
    public func simulateDeleteRow(at indexPath: IndexPath) throws -> String {
        try ensureTouchable(userFacingName("table", nil))
        try ensureRowOnScreen(indexPath)
        guard let dataSource else { throw UserActionError("the table has no data source") }
        let row = describeRow(indexPath)
        guard dataSource.tableView(self, canEditRowAt: indexPath) else {
            throw UserActionError("\(row) cannot be deleted: the data source's tableView(_:canEditRowAt:) returned false")
        }
        let style = tableDelegate?.tableView(self, editingStyleForRowAt: indexPath) ?? .delete
        guard style == .delete else { throw UserActionError("\(row) shows no delete button: its editing style is \(style)") }
        let title = tableDelegate?.tableView(self, titleForDeleteConfirmationButtonForRowAt: indexPath) ?? "Delete"
        let handled = callDataSourceMethodItMayLack {
            dataSource.tableView(self, commit: .delete, forRowAt: indexPath)
        }
        guard handled else {
            throw UserActionError("the rows of this table cannot be deleted: its data source does not implement tableView(_:commit:forRowAt:)")
        }
        return title
    }

    /// What a user's drag of a reorder control does, in editing mode: the delegate may
    /// redirect the drop (`targetIndexPathForMoveFromRowAt`), the data source's
    /// `tableView(_:moveRowAt:to:)` is called, and the table moves the row in its own order.
    /// Throws when not editing, when `canMoveRowAt` is false or the data source cannot move rows.
    public func simulateMoveRow(from source: IndexPath, to destination: IndexPath) throws {
        try ensureTouchable(userFacingName("table", nil))
        guard isEditing else { throw UserActionError("rows can be moved only while the table is editing: tap Edit first") }
        try ensureRowOnScreen(source)
        guard let dataSource else { throw UserActionError("the table has no data source") }
        try ensureDropTarget(destination, movingFrom: source)
        guard dataSource.tableView(self, canMoveRowAt: source) else {
            throw UserActionError("\(describeRow(source)) cannot be moved: the data source's tableView(_:canMoveRowAt:) returned false")
        }
        let target = tableDelegate?.tableView(self, targetIndexPathForMoveFromRowAt: source, toProposedIndexPath: destination) ?? destination
        try ensureDropTarget(target, movingFrom: source)
        guard target != source else { return }
        let handled = callDataSourceMethodItMayLack {
            dataSource.tableView(self, moveRowAt: source, to: target)
        }
        guard handled else {
            throw UserActionError("the rows of this table cannot be moved: its data source does not implement tableView(_:moveRowAt:to:)")
        }
        moveRowWithoutChecking(from: source, to: target)
    }

    // MARK: Checks

    /// "the row 7", or "the row 7 of section 1" in a table of several sections.
    func describeRow(_ indexPath: IndexPath) -> String {
        guard indexPath.count == 2 else { return "the index path \(indexPath)" }
        return sections.count > 1 || indexPath.section != 0
            ? "the row \(indexPath.row) of section \(indexPath.section)"
            : "the row \(indexPath.row)"
    }

    func ensureRowExists(_ indexPath: IndexPath) throws {
        guard indexPath.count == 2 else {
            throw UserActionError("\(indexPath) does not name a row: a row's index path holds a section and a row")
        }
        let sections = self.sections
        if sections.count <= 1, indexPath.section == 0 {
            let rows = sections.first?.count ?? 0
            guard (0..<rows).contains(indexPath.row) else {
                throw UserActionError("the row \(indexPath.row) does not exist; the table has \(Self.count(rows, "row"))")
            }
            return
        }
        guard sections.indices.contains(indexPath.section) else {
            throw UserActionError("the section \(indexPath.section) does not exist; the table has \(Self.count(sections.count, "section"))")
        }
        let rows = sections[indexPath.section].count
        guard (0..<rows).contains(indexPath.row) else {
            throw UserActionError("the row \(indexPath.row) of section \(indexPath.section) does not exist; section \(indexPath.section) has \(Self.count(rows, "row"))")
        }
    }

    func ensureRowOnScreen(_ indexPath: IndexPath) throws {
        try ensureRowExists(indexPath)
        guard visibleIndexPaths().contains(indexPath) else {
            throw UserActionError("\(describeRow(indexPath)) is off screen; scroll to it first")
        }
    }

    /// A row can be dropped at any row of its own section, or anywhere up to the end of another.
    private func ensureDropTarget(_ destination: IndexPath, movingFrom source: IndexPath) throws {
        guard destination.count == 2, sections.indices.contains(destination.section) else {
            throw UserActionError("\(describeRow(destination)) is not a place a row can be moved to; the table has \(Self.count(sections.count, "section"))")
        }
        let rows = sections[destination.section].count
        let last = destination.section == source.section ? rows - 1 : rows
        guard (0...max(last, 0)).contains(destination.row) else {
            throw UserActionError("\(describeRow(destination)) is not a place a row can be moved to; the rows go from 0 to \(last)")
        }
    }

    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
