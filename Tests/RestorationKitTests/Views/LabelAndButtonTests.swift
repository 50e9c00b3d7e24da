import Foundation
import Testing
@testable import RestorationKit

extension RuleBook.ViewTests {
    @Suite struct LabelsAndButtons {
        @Test("A label sizes to 8 points a character and 20 points a line")
        func labelSizeToFit() {
            let label = UILabel()
            label.text = "Hypnotize me"
            label.sizeToFit()
            #expect(label.frame.size == CGSize(width: 96, height: 20))

            label.numberOfLines = 0
            label.text = "two\nlines"
            label.sizeToFit()
            #expect(label.frame.size == CGSize(width: 40, height: 40))
        }

        @Test("A label shows its text, and its frame only once it was placed")
        func labelScreenElement() {
            let label = UILabel()
            label.text = "Hello"
            #expect(label.screenElement() == ScreenElement(role: .label, properties: [.init("text", "Hello")]))

            label.frame = CGRect(x: 10, y: 20, width: 40, height: 20)
            #expect(label.screenElement()?[property: ScreenProperty.frame] == "(10, 20) 40×20")
        }

        @Test("Labels that look the same compare equal, whatever their identifiers")
        func equalLookingLabels() {
            let first = UILabel(), second = UILabel()
            first.text = "Same"
            second.text = "Same"
            first.accessibilityIdentifier = "one"
            second.restorationIdentifier = "two"
            #expect(first.screenElements() == second.screenElements())
            #expect(first.screenElements().first?.identifier == "one")
        }

        @Test("A tap sends touch-up-inside, then the primary action")
        func tapSendsEventsInOrder() throws {
            let log = CallLog()
            let button = UIButton(type: .system)
            button.setTitle("Schedule", for: .normal)
            button.record(.touchUpInside, as: "touchUpInside", in: log)
            button.record(.primaryActionTriggered, as: "primaryAction", in: log)
            try button.simulateTap()
            #expect(log.calls == ["touchUpInside", "primaryAction"])
        }

        @Test("A button made with a primary action shows its title and runs it once per tap")
        func primaryActionButton() throws {
            var taps = 0
            let button = UIButton(primaryAction: UIAction(title: "Push") { _ in taps += 1 })
            #expect(button.buttonType == .system)
            #expect(button.currentTitle == "Push")
            try button.simulateTap()
            #expect(taps == 1)
            #expect(button.screenElement()?.identifier == "Push")
        }

        @Test("A disabled button cannot be tapped: nothing runs, and the screen shows it disabled")
        func disabledButton() {
            var taps = 0
            let button = UIButton(frame: .zero, primaryAction: UIAction(title: "Save") { _ in taps += 1 })
            button.isEnabled = false
            #expect(throws: UserActionError("the button “Save” is disabled")) { try button.simulateTap() }
            #expect(taps == 0)
            #expect(button.screenElement()?[property: ScreenProperty.enabled] == "no")
        }

        @Test("A button inside a hidden view cannot be tapped")
        func hiddenButton() {
            let container = UIView()
            let button = UIButton(type: .system)
            button.setTitle("Go", for: .normal)
            container.addSubview(button)
            container.isHidden = true
            #expect(throws: UserActionError("the button “Go” is hidden")) { try button.simulateTap() }
        }

        @Test("A state without its own title shows the normal title")
        func titleFallsBackToNormal() {
            let button = UIButton(type: .custom)
            button.setTitle("Normal", for: .normal)
            button.setTitle("Chosen", for: .selected)
            #expect(button.title(for: .disabled) == "Normal")
            button.isSelected = true
            #expect(button.currentTitle == "Chosen")
            #expect(button.titleLabel?.text == "Chosen")
        }
    }
}
