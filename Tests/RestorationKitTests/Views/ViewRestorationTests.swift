import Foundation
import Testing
@testable import RestorationKit

/// What views save by themselves (RESTORATION.md, "What the base classes save by themselves"),
/// with each view's coder used directly. The end-to-end rules live in `Rules/`.
extension RuleBook.ViewTests {
    @Suite struct SavedByThemselves {
        @Test("A field saves its selected range, never its text")
        func fieldTextIsNotSaved() {
            let field = UITextField()
            field.text = "Secret"
            field.selectedRange = NSRange(location: 1, length: 2)
            let restored = UITextField()
            let coder = restore(field, into: restored)

            #expect(Set(coder.values.keys) == [ReservedKey.textSelectedRange])
            #expect(restored.text == "")
            restored.text = "Secret" // what the app's own restoration does
            #expect(restored.selectedRange == NSRange(location: 6, length: 0))
            _ = restore(field, into: restored)
            #expect(restored.selectedRange == NSRange(location: 1, length: 2))
        }

        @Test("A text view saves its selected range and whether it is editable, not its text")
        func textView() {
            let view = UITextView()
            view.text = "Dear diary"
            view.selectedRange = NSRange(location: 5, length: 5)
            view.isEditable = false
            let restored = UITextView()
            restored.text = "Dear diary"
            _ = restore(view, into: restored)
            #expect(restored.selectedRange == NSRange(location: 5, length: 5))
            #expect(!restored.isEditable)

            let empty = UITextView()
            _ = restore(view, into: empty)
            #expect(empty.text == "")
        }

        @Test("A scroll view saves its offset, and its inset and zoom when they are not the defaults")
        func scrollView() {
            let scroll = UIScrollView()
            scroll.contentOffset = CGPoint(x: 0, y: 120.5)
            let plain = restore(scroll, into: UIScrollView())
            #expect(Set(plain.values.keys) == [ReservedKey.scrollContentOffset])

            scroll.contentInset = UIEdgeInsets(top: 64, left: 0, bottom: 49, right: 0)
            scroll.maximumZoomScale = 3
            scroll.zoomScale = 2
            let restored = UIScrollView()
            restored.maximumZoomScale = 3
            _ = restore(scroll, into: restored)
            #expect(restored.contentOffset == CGPoint(x: 0, y: 120.5))
            #expect(restored.contentInset == scroll.contentInset)
            #expect(restored.zoomScale == 2)
        }

        @Test("An image view saves its bounds, center and transform")
        func imageView() {
            let view = UIImageView(image: UIImage(named: "logo"))
            view.center = CGPoint(x: 150, y: 200)
            view.transform = CGAffineTransform(rotationAngle: .pi / 2)
            let restored = UIImageView(image: UIImage(named: "logo"))
            _ = restore(view, into: restored)
            #expect(restored.frame == CGRect(x: 100, y: 150, width: 100, height: 100))
            #expect(abs(restored.transform.b - 1) < 1e-9)
        }

        @Test("Labels, buttons, sliders, switches, segmented controls and date pickers save nothing by themselves")
        func valueViewsSaveNothing() {
            let label = UILabel()
            label.text = "x"
            let slider = UISlider()
            slider.value = 0.8
            let toggle = UISwitch()
            toggle.isOn = true
            let segments = UISegmentedControl(items: ["A", "B"])
            segments.selectedSegmentIndex = 1
            let views: [UIView] = [label, UIButton(type: .system), slider, toggle, segments, UIDatePicker()]
            for view in views {
                let coder = RestorationCoder(log: nil, owner: "test")
                view.encodeRestorableState(with: coder)
                #expect(coder.values.isEmpty, "\(type(of: view)) saved \(coder.values.keys.sorted())")
            }
        }

        @Test("A table saves its selected and first visible rows as model identifiers, which survive a reorder")
        func tableRowsSurviveReorder() throws {
            let list = FruitList(count: 30)
            let table = makeTable(list)
            try table.simulateScroll(to: CGPoint(x: 0, y: 440)) // rows 10 to 14
            try table.simulateSelectRow(at: IndexPath(row: 12, section: 0))

            let reordered = FruitList(list.fruits.reversed()) // "Fruit 12" is now row 17, "Fruit 10" row 19
            let restored = makeTable(reordered)
            let coder = restore(table, into: restored)

            #expect(coder.decodeObject(of: [NSArray.self, NSString.self], forKey: ReservedKey.tableSelectedRows) as? [String] == ["Fruit 12"])
            #expect(coder.decodeObject(forKey: ReservedKey.tableVisibleRows) as? String == "Fruit 10")
            #expect(restored.indexPathForSelectedRow == IndexPath(row: 17, section: 0))
            #expect(restored.indexPathsForVisibleRows?.first == IndexPath(row: 19, section: 0))
            #expect(restored.contentOffset == CGPoint(x: 0, y: 836))
        }

        @Test("A table in the same order keeps its saved offset, part of a row included")
        func tableSameOrderKeepsOffset() throws {
            let lists = (FruitList(count: 30), FruitList(count: 30))
            let table = makeTable(lists.0)
            try table.simulateScroll(to: CGPoint(x: 0, y: 450))
            let restored = makeTable(lists.1)
            _ = restore(table, into: restored)
            #expect(restored.contentOffset == CGPoint(x: 0, y: 450))
        }

        @Test("Saved rows that no longer exist are skipped, and the offset stays within the rows")
        func tableSkipsMissingRows() throws {
            let lists = (FruitList(count: 30), FruitList(count: 10))
            let table = makeTable(lists.0)
            try table.simulateScroll(to: CGPoint(x: 0, y: 1_000))
            try table.simulateSelectRow(at: IndexPath(row: 25, section: 0))
            let restored = makeTable(lists.1) // 440 points of rows in 220 of screen
            _ = restore(table, into: restored)
            #expect(restored.indexPathsForSelectedRows == nil)
            #expect(restored.contentOffset == CGPoint(x: 0, y: 220))
        }

        @Test("A table restores rows even when it counted them before the data was there")
        func tableCatchesUpWithDataSource() throws {
            let list = FruitList(count: 5)
            let table = makeTable(list)
            try table.simulateSelectRow(at: IndexPath(row: 3, section: 0))
            let late = FruitList([])
            let restored = makeTable(late)
            #expect(restored.numberOfRows(inSection: 0) == 0)
            late.fruits = FruitList(count: 5).fruits
            _ = restore(table, into: restored)
            #expect(restored.indexPathForSelectedRow == IndexPath(row: 3, section: 0))
        }

        @Test("Without model identifiers a table saves nothing about rows, only its offset")
        func tableWithoutAssociation() throws {
            let table = UITableView(frame: CGRect(x: 0, y: 0, width: 375, height: 220), style: .plain)
            table.register(UITableViewCell.self, forCellReuseIdentifier: "Plain")
            let list = PlainList((0..<20).map { "Row \($0)" })
            table.dataSource = list
            try table.simulateScroll(to: CGPoint(x: 0, y: 100))
            try table.simulateSelectRow(at: IndexPath(row: 3, section: 0))
            let coder = RestorationCoder(log: nil, owner: "test")
            table.encodeRestorableState(with: coder)
            #expect(Set(coder.values.keys) == [ReservedKey.scrollContentOffset])
        }

        @Test("Geometry saved under reserved keys reads back through NSCoder's public geometry methods")
        func geometryStringsAgree() {
            // Foundation on Linux has its own encode(_: CGPoint/CGSize/CGRect, forKey:), which
            // writes "{1.5, -2.0}"; RestorationKit's transform and insets are its own. Both
            // spellings read back with the decode methods, so compare the values read back,
            // and the text where RestorationKit alone writes it.
            let coder = RestorationCoder(log: nil, owner: "test")
            let point = CGPoint(x: 1.5, y: -2)
            let rect = CGRect(x: 1, y: 2, width: 3.25, height: 4)
            let transform = CGAffineTransform(a: 1, b: 0.5, c: 0, d: 1, tx: 7, ty: 8)
            let insets = UIEdgeInsets(top: 64, left: 0, bottom: 49.5, right: 0)
            coder.encodeReserved(point, forKey: ReservedKey.imageViewCenter)
            coder.encodeReserved(rect, forKey: ReservedKey.imageViewBounds)
            coder.encodeReserved(transform, forKey: ReservedKey.imageViewTransform)
            coder.encodeReserved(insets, forKey: ReservedKey.scrollContentInset)
            #expect(coder.decodeCGPoint(forKey: ReservedKey.imageViewCenter) == point)
            #expect(coder.decodeCGRect(forKey: ReservedKey.imageViewBounds) == rect)
            #expect(coder.decodeCGAffineTransform(forKey: ReservedKey.imageViewTransform) == transform)
            #expect(coder.decodeUIEdgeInsets(forKey: ReservedKey.scrollContentInset) == insets)

            coder.encode(transform, forKey: "transform")
            coder.encode(insets, forKey: "insets")
            #expect(coder.decodeObject(forKey: "transform") as? String == GeometryText.transform(transform))
            #expect(coder.decodeObject(forKey: "insets") as? String == GeometryText.insets(insets))
        }
    }
}
