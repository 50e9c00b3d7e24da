import RestorationKit
import Testing
@testable import Site

/// A scrolled table is drawn with the rows the user saw at the top: the capture holds only the
/// rows on screen, so the drawing moves them up by no more than the part of the first one that
/// was scrolled out of sight.
struct WireframeScrollTests {
    static func table(offset: String, firstRow: Int) -> Screen {
        let rows = (firstRow..<(firstRow + 3)).map { row in
            var cell = ScreenElement(role: .cell, properties: [.init("text", "Row \(row)")])
            cell.indexPath = [0, row]
            return cell
        }
        return Screen(content: ScreenElement(role: .window, children: [ScreenElement(role: .table, properties: [.init("offset", offset)], children: rows)]))
    }

    @Test("Scrolled to row 12's top: the drawing starts at row 12, not 12 rows further down")
    func wholeRows() {
        let html = ScreenWireframe().draw(Self.table(offset: "(0, 528)", firstRow: 12))
        #expect(html.contains("Row 12"))
        #expect(!html.contains("margin-top"), "the first row on screen is drawn at the top: \(html)")
    }

    @Test("Scrolled half a row past row 12: the drawing moves up by half a drawn row")
    func partRow() {
        let html = ScreenWireframe().draw(Self.table(offset: "(0, 550)", firstRow: 12))
        #expect(html.contains("margin-top: -12px"), "\(html)")
    }
}
