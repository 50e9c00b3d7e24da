import Foundation
import Testing
@testable import RestorationKit

extension RuleBook.ViewTests {
    @Suite struct ValueControls {
        @Test("A slide stops at the ends of the track and sends value-changed")
        func sliderClamps() throws {
            let log = CallLog()
            let slider = UISlider()
            slider.minimumValue = 0
            slider.maximumValue = 10
            slider.record(.valueChanged, as: "valueChanged", in: log)

            #expect(try slider.simulateSlide(to: 12) == 10)
            #expect(try slider.simulateSlide(to: -3) == 0)
            try slider.simulateSlide(to: 2.5)
            #expect(log.calls == ["valueChanged", "valueChanged", "valueChanged"])
            #expect(slider.screenElement() == ScreenElement(role: .slider, properties: [
                .init("value", "2.5"), .init("minimum", "0"), .init("maximum", "10"),
            ]))
        }

        @Test("A slider's value stays within its range when the app sets it")
        func sliderValueClampsInCode() {
            let slider = UISlider()
            slider.value = 5
            #expect(slider.value == 1)
            slider.maximumValue = 0.5
            #expect(slider.value == 0.5)
        }

        @Test("A tap flips a switch and sends value-changed")
        func switchToggles() throws {
            let log = CallLog()
            let toggle = UISwitch()
            toggle.record(.valueChanged, as: "valueChanged", in: log)
            #expect(try toggle.simulateToggle())
            #expect(log.calls == ["valueChanged"])
            #expect(toggle.screenElement()?[property: ScreenProperty.value] == "on")
        }

        @Test("Selecting a segment sends value-changed; tapping the selected one sends nothing")
        func segmentSelection() throws {
            let log = CallLog()
            let cities = UISegmentedControl(items: ["Paris", "Rome"])
            cities.record(.valueChanged, as: "valueChanged", in: log)
            #expect(cities.selectedSegmentIndex == UISegmentedControl.noSegment)

            try cities.simulateSelectSegment(at: 1)
            try cities.simulateSelectSegment(at: 1)
            #expect(log.calls == ["valueChanged"])
            #expect(cities.selectedSegmentIndex == 1)
            #expect(cities.screenElement() == ScreenElement(role: .segmentedControl, properties: [
                .init("segments", "Paris | Rome"), .init("selected", "Rome"),
            ]))
            #expect(throws: UserActionError("the segment 2 does not exist; the segmented control has 2 segments")) {
                try cities.simulateSelectSegment(at: 2)
            }
        }

        @Test("Inserting and removing segments keeps the selection on its segment")
        func segmentsChange() {
            let control = UISegmentedControl(items: ["A", "B"])
            control.selectedSegmentIndex = 1
            control.insertSegment(withTitle: "Z", at: 0, animated: false)
            #expect(control.numberOfSegments == 3)
            #expect(control.titleForSegment(at: control.selectedSegmentIndex) == "B")
            control.removeSegment(at: 2, animated: false)
            #expect(control.selectedSegmentIndex == UISegmentedControl.noSegment)
            control.selectedSegmentIndex = 7
            #expect(control.selectedSegmentIndex == UISegmentedControl.noSegment)
        }

        @Test("A date picker's wheels roll back to the minimum and maximum dates")
        func datePickerClamps() throws {
            let log = CallLog()
            let start = Date(timeIntervalSince1970: 1_795_338_000) // 2026-11-22 09:00 UTC
            let picker = UIDatePicker()
            picker.minimumDate = start.addingTimeInterval(60)
            picker.maximumDate = start.addingTimeInterval(86_400)
            picker.record(.valueChanged, as: "valueChanged", in: log)

            #expect(try picker.simulatePick(start) == start.addingTimeInterval(60))
            #expect(try picker.simulatePick(start.addingTimeInterval(200_000)) == start.addingTimeInterval(86_400))
            try picker.simulatePick(start.addingTimeInterval(3_600))
            #expect(log.calls.count == 3)
            #expect(picker.screenElement() == ScreenElement(role: .datePicker, properties: [
                .init("value", "2026-11-22 10:00"),
            ]))
        }

        @Test("A disabled slider cannot be moved")
        func disabledSlider() {
            let slider = UISlider()
            slider.accessibilityLabel = "Volume"
            slider.isEnabled = false
            #expect(throws: UserActionError("the slider “Volume” is disabled")) { try slider.simulateSlide(to: 1) }
            #expect(slider.value == 0)
        }
    }
}
