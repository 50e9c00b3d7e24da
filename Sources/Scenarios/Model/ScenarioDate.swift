import Foundation

/// A moment on a date picker, always in UTC so a run means the same on every machine:
/// `2026-11-22 09:30` (seconds are optional: `2026-11-22 09:30:15`).
public struct ScenarioDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int
    public var hour: Int
    public var minute: Int
    public var second: Int

    /// Returns `nil` unless every part is in range and the day exists in that month
    /// (`2026-02-30` does not; `2028-02-29` does).
    public init?(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        guard Self.years.contains(year), (1 ... 12).contains(month),
              (1 ... Self.daysIn(month: month, year: year)).contains(day),
              (0 ... 23).contains(hour), (0 ... 59).contains(minute), (0 ... 59).contains(second)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// The years a scenario may name: four digits.
    public static let years = 1 ... 9999

    /// How many days a month has in a year of the Gregorian calendar.
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    public static func isLeap(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    /// Seconds since 1970-01-01 00:00 UTC (negative before it).
    public var secondsSince1970: Int64 {
        // Days from the civil date (Howard Hinnant's algorithm), exact for every Gregorian date.
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let m = Int64(month)
        let dayOfYear = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return days * 86_400 + Int64(hour) * 3_600 + Int64(minute) * 60 + Int64(second)
    }

    /// The moment as a Foundation date.
    public var date: Date { Date(timeIntervalSince1970: TimeInterval(secondsSince1970)) }

    public static func < (lhs: ScenarioDate, rhs: ScenarioDate) -> Bool {
        lhs.secondsSince1970 < rhs.secondsSince1970
    }

    /// `2026-11-22 09:30`, with `:ss` only when the seconds are not zero: the way a screen shows
    /// a date picker's value, so `expect Due is 2026-11-22 09:30` reads like the screen.
    public var description: String {
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        var year = String(self.year)
        while year.count < 4 { year = "0" + year }
        var text = "\(year)-\(two(month))-\(two(day)) \(two(hour)):\(two(minute))"
        if second != 0 { text += ":\(two(second))" }
        return text
    }
}
