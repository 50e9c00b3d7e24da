import Foundation
import Testing
@testable import RestorationKit

extension RuleBook.ViewTests {
    @Suite struct Tables {
        @Test("A table shows only the rows on screen, and scrolling changes which")
        func onlyVisibleRows() throws {
            let list = FruitList(count: 30)
            let table = makeTable(list) // 220 points high: five rows of 44

            #expect(table.indexPathsForVisibleRows == (0...4).map { IndexPath(row: $0, section: 0) })
            #expect(table.screenElement()?.childTexts == (0...4).map { "Fruit \($0)" })

            try table.simulateScroll(to: CGPoint(x: 0, y: 440))
            #expect(table.screenElement()?.childTexts == (10...14).map { "Fruit \($0)" })
            #expect(table.screenElement()?[property: ScreenProperty.offset] == "(0, 440)")
            #expect(table.visibleCells.count == 5)
            #expect(table.cellForRow(at: IndexPath(row: 0, section: 0)) == nil)
        }

        @Test("Cells are asked for only as rows come on screen, and reused")
        func cellsAreReused() throws {
            let list = FruitList(count: 30)
            let table = makeTable(list)
            _ = table.visibleCells
            let first = table.cellForRow(at: IndexPath(row: 0, section: 0))
            #expect(list.log.calls == (0...4).map { "cell \($0)" })

            list.log.clear()
            try table.simulateScroll(to: CGPoint(x: 0, y: 484))
            _ = table.visibleCells
            #expect(list.log.calls == (11...15).map { "cell \($0)" })
            #expect(table.visibleCells.contains { $0 === first })

            list.log.clear()
            try table.simulateScroll(to: CGPoint(x: 0, y: 528))
            _ = table.visibleCells
            #expect(list.log.calls == ["cell 16"])
        }

        @Test("A table not sized yet shows the screen below a navigation bar")
        func defaultViewport() {
            let list = FruitList(count: 30)
            let table = makeTable(list, height: 0)
            #expect(table.indexPathsForVisibleRows?.count == 14) // (667 - 64) / 44, rounded up
        }

        @Test("A tap on a row asks and tells the delegate, deselecting the previous row")
        func selectingRows() throws {
            let list = FruitList(count: 3)
            let table = makeTable(list)
            try table.simulateSelectRow(at: IndexPath(row: 0, section: 0))
            try table.simulateSelectRow(at: IndexPath(row: 1, section: 0))
            #expect(list.log.calls.filter { !$0.hasPrefix("cell") } == [
                "willSelect 0", "didSelect 0",
                "willSelect 1", "willDeselect 0", "didDeselect 0", "didSelect 1",
            ])
            #expect(table.indexPathForSelectedRow == IndexPath(row: 1, section: 0))
            let rows = try #require(table.screenElement()?.children)
            #expect(rows.map { $0[property: ScreenProperty.selected] } == [nil, "yes", nil])
            #expect(rows[0][property: ScreenProperty.accessory] == "disclosureIndicator")
        }

        @Test("The delegate can refuse or redirect a selection")
        func redirectedSelection() throws {
            let list = FruitList(count: 3)
            let table = makeTable(list)
            list.redirectSelection = [0: nil, 1: IndexPath(row: 2, section: 0)]
            #expect(try table.simulateSelectRow(at: IndexPath(row: 0, section: 0)) == nil)
            #expect(table.indexPathsForSelectedRows == nil)
            #expect(try table.simulateSelectRow(at: IndexPath(row: 1, section: 0)) == IndexPath(row: 2, section: 0))
            #expect(list.log.calls.last == "didSelect 2")
        }

        @Test("A user cannot tap a row that does not exist or is off screen")
        func impossibleRows() {
            let short = FruitList(count: 3), long = FruitList(count: 30)
            let table = makeTable(short)
            #expect(throws: UserActionError("the row 7 does not exist; the table has 3 rows")) {
                try table.simulateSelectRow(at: IndexPath(row: 7, section: 0))
            }
            let longTable = makeTable(long)
            #expect(throws: UserActionError("the row 10 is off screen; scroll to it first")) {
                try longTable.simulateSelectRow(at: IndexPath(row: 10, section: 0))
            }
        }

        @Test("Deleting a row asks the data source to commit the delete; the row goes when it calls deleteRows")
        func deletingRows() throws {
            let list = FruitList(["Apple", "Banana", "Cherry"])
            let table = makeTable(list)
            try table.simulateSelectRow(at: IndexPath(row: 1, section: 0))
            #expect(try table.simulateDeleteRow(at: IndexPath(row: 1, section: 0)) == "Delete")
            #expect(list.log.calls.last == "commit delete 1")
            #expect(table.numberOfRows(inSection: 0) == 2)
            #expect(table.screenElement()?.childTexts == ["Apple", "Cherry"])
            #expect(table.indexPathsForSelectedRows == nil)
        }

        @Test("A table whose data source cannot commit deletes offers no delete")
        func noDeleteWithoutCommit() {
            let list = PlainList(["Apple"])
            let table = UITableView(frame: CGRect(x: 0, y: 0, width: 375, height: 220), style: .plain)
            table.register(UITableViewCell.self, forCellReuseIdentifier: "Plain")
            table.dataSource = list
            #expect(throws: UserActionError("the rows of this table cannot be deleted: its data source does not implement tableView(_:commit:forRowAt:)")) {
                try table.simulateDeleteRow(at: IndexPath(row: 0, section: 0))
            }
            #expect(table.numberOfRows(inSection: 0) == 1)
        }

        @Test("Moving a row needs editing mode, tells the data source, and the row's cell and selection follow")
        func movingRows() throws {
            let list = FruitList(["Apple", "Banana", "Cherry"])
            let table = makeTable(list)
            #expect(throws: UserActionError("rows can be moved only while the table is editing: tap Edit first")) {
                try table.simulateMoveRow(from: IndexPath(row: 0, section: 0), to: IndexPath(row: 2, section: 0))
            }
            table.allowsSelectionDuringEditing = true
            table.setEditing(true, animated: false)
            try table.simulateSelectRow(at: IndexPath(row: 0, section: 0))
            try table.simulateMoveRow(from: IndexPath(row: 0, section: 0), to: IndexPath(row: 2, section: 0))

            #expect(list.log.calls.last == "move 0 to 2")
            #expect(list.fruits == ["Banana", "Cherry", "Apple"])
            #expect(table.screenElement()?.childTexts == ["Banana", "Cherry", "Apple"])
            #expect(table.indexPathForSelectedRow == IndexPath(row: 2, section: 0))
            #expect(table.screenElement()?[property: ScreenProperty.editing] == "yes")
            #expect(throws: UserActionError("the row 3 is not a place a row can be moved to; the rows go from 0 to 2")) {
                try table.simulateMoveRow(from: IndexPath(row: 0, section: 0), to: IndexPath(row: 3, section: 0))
            }
        }

        @Test("Entering editing mode clears the selection")
        func editingClearsSelection() throws {
            let list = FruitList(count: 3)
            let table = makeTable(list)
            try table.simulateSelectRow(at: IndexPath(row: 1, section: 0))
            table.isEditing = true
            #expect(table.indexPathForSelectedRow == nil)
            #expect(throws: UserActionError("rows cannot be selected while the table is editing (allowsSelectionDuringEditing is false)")) {
                try table.simulateSelectRow(at: IndexPath(row: 1, section: 0))
            }
        }

        @Test("Rows inserted after the model grew appear; reloadData clears the selection")
        func insertingAndReloading() throws {
            let list = FruitList(["Apple"])
            let table = makeTable(list)
            #expect(table.numberOfRows(inSection: 0) == 1)
            list.fruits.append("Banana")
            table.insertRows(at: [IndexPath(row: 1, section: 0)], with: .automatic)
            #expect(table.screenElement()?.childTexts == ["Apple", "Banana"])

            table.selectRow(at: IndexPath(row: 0, section: 0), animated: false, scrollPosition: .none)
            table.reloadData()
            #expect(table.indexPathForSelectedRow == nil)
        }

        @Test("A model change without reloadData leaves the old rows on screen, as on a device")
        func staleRowsWithoutReload() {
            let list = FruitList(["Apple"])
            let table = makeTable(list)
            _ = table.screenElement()
            list.fruits = ["Kiwi", "Lime"]
            #expect(table.screenElement()?.childTexts == ["Apple"])
            table.reloadData()
            #expect(table.screenElement()?.childTexts == ["Kiwi", "Lime"])
        }

        @Test("Cells of a registered class have the default style: no detail label")
        func registeredCells() {
            let table = UITableView(frame: .zero, style: .grouped)
            table.register(UITableViewCell.self, forCellReuseIdentifier: "Cell")
            let cell = table.dequeueReusableCell(withIdentifier: "Cell", for: IndexPath(row: 0, section: 0))
            #expect(cell.reuseIdentifier == "Cell")
            #expect(cell.detailTextLabel == nil)
            #expect(UITableViewCell(style: .subtitle, reuseIdentifier: nil).detailTextLabel != nil)
            #expect(table.dequeueReusableCell(withIdentifier: "Unknown") == nil)
        }

        @Test("A registered cell subclass is made from its class, and its own labels show inside the row")
        func customCells() {
            final class ItemCell: UITableViewCell {
                let nameLabel = UILabel()
                required init(style: CellStyle, reuseIdentifier: String?) {
                    super.init(style: style, reuseIdentifier: reuseIdentifier)
                    contentView.addSubview(nameLabel)
                }
                required init?(coder: NSCoder) { fatalError("not used") }
            }
            let table = UITableView(frame: .zero, style: .plain)
            table.register(ItemCell.self, forCellReuseIdentifier: "Item")
            let cell = table.dequeueReusableCell(withIdentifier: "Item", for: IndexPath(row: 0, section: 0)) as? ItemCell
            cell?.nameLabel.text = "Laptop"
            #expect(cell?.screenElements() == [ScreenElement(role: .cell, children: [
                ScreenElement(role: .label, properties: [.init("text", "Laptop")]),
            ])])
        }

        @Test("The header view shows above the rows while it is on screen")
        func headerView() throws {
            let list = FruitList(count: 10)
            let table = makeTable(list)
            let header = UIView(frame: CGRect(x: 0, y: 0, width: 0, height: 44))
            let edit = UIButton(type: .system)
            edit.setTitle("Edit", for: .normal)
            header.addSubview(edit)
            table.tableHeaderView = header

            let children = try #require(table.screenElement()?.children)
            #expect(children.first?.role == .button)
            #expect(children.dropFirst().map { $0[property: ScreenProperty.text] } == (0...3).map { "Fruit \($0)" })

            try table.simulateScroll(to: CGPoint(x: 0, y: 44))
            #expect(table.screenElement()?.children.first?.role == .cell)
        }

        @Test("Tables that look the same compare equal, whatever their identifiers")
        func equalLookingTables() {
            let lists = (FruitList(count: 4), FruitList(count: 4))
            let first = makeTable(lists.0), second = makeTable(lists.1)
            first.restorationIdentifier = "Left"
            second.accessibilityIdentifier = "Right"
            #expect(first.screenElements() == second.screenElements())
            #expect(first.screenElements().first?.children.count == 4)
            #expect(first.screenElements().first?.identifier == "Left")
        }

        @Test("IndexPath has UIKit's row and section")
        func indexPathRows() {
            var path = IndexPath(row: 3, section: 1)
            #expect(path.section == 1 && path.row == 3)
            path.row = 4
            #expect(path == IndexPath(indexes: [1, 4]))
        }
    }
}
