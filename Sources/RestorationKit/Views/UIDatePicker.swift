import Foundation
import RestorationModel

/// Wheels (or a calendar) for a date. It saves nothing by itself: an app encodes `date`.
@preconcurrency @MainActor open class UIDatePicker: UIControl {
    nonisolated public enum Mode: Int, Sendable { case time, date, dateAndTime, countDownTimer }

    /// The device clock's time when the picker was made, as UIKit shows "now".
    open var date: Date = Device.now
    open var minimumDate: Date?
    open var maximumDate: Date?
    open var datePickerMode: Mode = .dateAndTime
    open var preferredDatePickerStyle: UIDatePickerStyle = .automatic
    open var minuteInterval = 1
    open var countDownDuration: TimeInterval = 0
    open var locale: Locale?
    open var timeZone: TimeZone?

    open func setDate(_ date: Date, animated: Bool) {
        self.date = date
    }

    /// The date moved within the minimum and maximum dates, as the wheels roll back.
    private func clamp(_ date: Date) -> Date {
        var date = date
        if let minimumDate, date < minimumDate { date = minimumDate }
        if let maximumDate, date > maximumDate { date = maximumDate }
        return date
    }

    // MARK: What a user does

    /// What a user's turn of the wheels does: the picker settles on `date`, or on the minimum
    /// or maximum date when `date` is beyond them, then `.valueChanged`. Returns the date picked.
    @discardableResult
    public func simulatePick(_ date: Date) throws -> Date {
        try ensureUsable(userFacingName("date picker", nil))
        setDate(clamp(date), animated: true)
        sendActions(for: .valueChanged)
        return self.date
    }

    // MARK: What the user sees

    /// The date shown. The limits only grey out dates on the wheels, and apps usually derive
    /// them from the clock ("from one minute from now"), so they are not state a user chose and
    /// would lose: leaving them out keeps screens taken at different times comparable.
    open override func screenElement() -> ScreenElement? {
        var element = ScreenElement(role: .datePicker, name: accessibilityLabel)
        element.set(ScreenProperty.value, ScreenElement.format(date))
        addEnabledState(to: &element)
        return element
    }
}

/// How a date picker presents itself; it changes nothing here, since nothing is drawn.
nonisolated public enum UIDatePickerStyle: Int, Sendable {
    case automatic, wheels, compact, inline
}
