import Foundation
import Testing
@testable import RestorationKit

/// A column of three labels in a stack view pinned below the navigation bar, as real screens
/// build a form.
final class StackedViewController: UIViewController {
    let stack = UIStackView()
    let labels = ["One", "Two", "Three"].map { text -> UILabel in
        let label = UILabel()
        label.text = text
        return label
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Stacked"
        stack.axis = .vertical
        stack.spacing = 8
        labels.forEach(stack.addArrangedSubview)
        stack.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(stack)
        NSLayoutConstraint.activate([
            stack.leadingAnchor.constraint(equalTo: view.safeAreaLayoutGuide.leadingAnchor, constant: 20),
            stack.trailingAnchor.constraint(equalTo: view.safeAreaLayoutGuide.trailingAnchor, constant: -20),
            stack.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 10),
        ])
    }
}

extension RuleBook.ViewTests {
    @Suite struct StackViews {
        init() { Fixture.reset() }

        private func labels(_ texts: String...) -> [UILabel] {
            texts.map { text in
                let label = UILabel()
                label.text = text
                return label
            }
        }

        @Test("A stack view's arranged subviews are placed along its axis with its spacing, and drawn on screen in their order")
        func placedAndDrawn() throws {
            let phone = Phone()
            let host = phone.launch(NotesAppDelegate.self)
            let stacked = StackedViewController()
            try #require((host.delegate as? NotesAppDelegate)?.navigation).pushViewController(stacked, animated: false)

            let drawing = host.screen.drawing(width: 60)
            #expect(stacked.stack.frame == CGRect(x: 20, y: 74, width: 335, height: 76), "as tall as its labels and the spacing between them")
            #expect(stacked.labels.map(\.frame) == [
                CGRect(x: 0, y: 0, width: 335, height: 20), CGRect(x: 0, y: 28, width: 335, height: 20), CGRect(x: 0, y: 56, width: 335, height: 20),
            ])
            let rows = drawing.components(separatedBy: "\n")
            let one = try #require(rows.firstIndex { $0.contains("One  @(20, 74) 335×20") })
            let two = try #require(rows.firstIndex { $0.contains("Two  @(20, 102) 335×20") })
            let three = try #require(rows.firstIndex { $0.contains("Three  @(20, 130) 335×20") })
            #expect(one < two && two < three)

            let zero = UILabel()
            zero.text = "Zero"
            stacked.stack.addSubview(zero)
            stacked.stack.insertArrangedSubview(zero, at: 0)
            let texts = host.screen.elements.compactMap { $0[property: ScreenProperty.text] }
            #expect(texts == ["Zero", "One", "Two", "Three"], "the order along the stack, not the order of the subviews")
            #expect(zero.frame.origin == .zero && stacked.labels[0].frame.minY == 28)
        }

        @Test("Equal widths across a row, centred in its height: fill equally with centre alignment, in a stack placed by its frame")
        func fillEquallyCentred() {
            let stack = UIStackView(frame: CGRect(x: 0, y: 0, width: 300, height: 50))
            stack.distribution = .fillEqually
            stack.alignment = .center
            stack.spacing = 10
            let buttons = ["A", "B", "C"].map { title -> UIButton in
                let button = UIButton(type: .system)
                button.setTitle(title, for: .normal)
                stack.addArrangedSubview(button)
                return button
            }
            stack.layoutIfNeeded()
            let third = 280.0 / 3
            #expect(zip(buttons.map { Double($0.frame.minX) }, [0, third + 10, 2 * third + 20]).allSatisfy { abs($0 - $1) < 0.001 })
            #expect(buttons.allSatisfy { abs(Double($0.frame.width) - third) < 0.001 && $0.frame.height == 34 && $0.frame.minY == 8 })
            #expect(buttons.allSatisfy { !$0.translatesAutoresizingMaskIntoConstraints }, "the stack places them, not their frames")
        }

        @Test("In a fill stack with room to spare, the view that hugs its content least grows; equal spacing spreads the gaps instead")
        func extraRoom() {
            let stack = UIStackView(frame: CGRect(x: 0, y: 0, width: 300, height: 20))
            let (short, long) = { let pair = labels("A", "BB"); return (pair[0], pair[1]) }()
            stack.addArrangedSubview(short)
            stack.addArrangedSubview(long)
            stack.layoutIfNeeded()
            #expect(short.frame.width == 8 && long.frame == CGRect(x: 8, y: 0, width: 292, height: 20), "among equals, the last grows")

            long.setContentHuggingPriority(.defaultHigh, for: .horizontal)
            stack.setNeedsLayout()
            stack.layoutIfNeeded()
            #expect(short.frame.width == 284 && long.frame == CGRect(x: 284, y: 0, width: 16, height: 20))

            stack.distribution = .equalSpacing
            stack.layoutIfNeeded()
            #expect(short.frame == CGRect(x: 0, y: 0, width: 8, height: 20) && long.frame.minX == 284)
        }

        @Test("A hidden arranged view takes no room; a view no longer arranged stays a subview, and the others close up")
        func hiddenAndRemoved() {
            let stack = UIStackView(frame: CGRect(x: 0, y: 0, width: 100, height: 200))
            stack.axis = .vertical
            stack.alignment = .leading
            stack.spacing = 5
            let views = labels("One", "Two", "Three")
            views.forEach(stack.addArrangedSubview)
            views[0].isHidden = true
            stack.layoutIfNeeded()
            #expect(views[1].frame.minY == 0 && views[2].frame.minY == 25)
            #expect(views[1].frame.width == 24, "leading alignment keeps each view's own width")

            views[0].isHidden = false
            stack.removeArrangedSubview(views[1])
            stack.setNeedsLayout()
            stack.layoutIfNeeded()
            #expect(stack.arrangedSubviews == [views[0], views[2]])
            #expect(views[1].superview === stack)
            #expect(views[2].frame.minY == 25)
            views[2].removeFromSuperview()
            #expect(stack.arrangedSubviews == [views[0]], "leaving the stack's subviews leaves its arrangement too")
        }
    }
}
