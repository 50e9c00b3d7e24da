import Foundation
import Testing
@testable import RestorationKit

/// A scroll view delegate that counts what it is told.
final class ScrollRecorder: UIScrollViewDelegate {
    let log = CallLog()
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView) { log.record("willBeginDragging") }
    func scrollViewDidScroll(_ scrollView: UIScrollView) { log.record("didScroll \(ScreenElement.format(scrollView.contentOffset))") }
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) { log.record("didEndDragging") }
}

extension RuleBook.ViewTests {
    @Suite struct ImagesAndScrolling {
        @Test("An image view made with an image is the image's size and shows its name")
        func imageView() {
            let view = UIImageView(image: UIImage(named: "hypno"))
            #expect(view.frame == CGRect(x: 0, y: 0, width: 100, height: 100))
            #expect(view.screenElement() == ScreenElement(role: .imageView, properties: [
                .init("image", "hypno"), .init("frame", "(0, 0) 100×100"),
            ]))
            view.transform = CGAffineTransform(scaleX: 2, y: 2)
            #expect(view.screenElement()?[property: ScreenProperty.transform] == "[2, 0, 0, 2, 0, 0]")
        }

        @Test("A drag past the end of the content comes back to the edge, and the delegate hears of it")
        func scrollClamps() throws {
            let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 375, height: 500))
            scroll.contentSize = CGSize(width: 375, height: 1_000)
            let recorder = ScrollRecorder()
            scroll.delegate = recorder

            #expect(try scroll.simulateScroll(to: CGPoint(x: 0, y: 2_000)) == CGPoint(x: 0, y: 500))
            #expect(recorder.log.calls == ["willBeginDragging", "didScroll (0, 500)", "didEndDragging"])
            #expect(try scroll.simulateScroll(to: CGPoint(x: 40, y: -80)) == .zero)
            #expect(scroll.screenElement()?[property: ScreenProperty.offset] == nil)
        }

        @Test("A scroll view that does not scroll refuses a drag")
        func scrollingDisabled() {
            let scroll = UIScrollView()
            scroll.isScrollEnabled = false
            #expect(throws: UserActionError("the scroll view does not scroll (isScrollEnabled is false)")) {
                try scroll.simulateScroll(to: CGPoint(x: 0, y: 10))
            }
        }
    }
}
