import Foundation

/// The device's clock as text, by hand: the instant the runner hands each launch
/// (`WORKBOOK_CLOCK`, ISO 8601 in UTC to the second, `2026-11-22T09:00:00Z`) and the stamp of each
/// console line. Foundation's formatters go through ICU, whose set-up took a few milliseconds of
/// every app's launch, and as much of the runner's for each launch it prepared. Any other ISO 8601
/// form (an offset, fractions of a second) is read by Foundation's ISO 8601 format style.
package enum DeviceClockText {
    /// `2026-11-22T09:00:00Z`: the instant's whole second, in UTC.
    package static func string(from date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let (days, secondOfDay) = seconds.floorDivided(by: 86_400)
        let (year, month, day) = civilDate(fromDaysSince1970: days)
        guard (0...9_999).contains(year) else { return date.formatted(.iso8601) }
        return "\(digits(year, 4))-\(digits(month, 2))-\(digits(day, 2))T"
            + "\(digits(secondOfDay / 3_600, 2)):\(digits(secondOfDay / 60 % 60, 2)):\(digits(secondOfDay % 60, 2))Z"
    }

    /// NSLog's date and time, `2026-11-22 09:00:00.000`, to the nearest millisecond as ICU rounds
    /// it, `secondsFromGMT` ahead of UTC: the console's stamp (a DateFormatter set up ICU in every
    /// launch that logged).
    package static func consoleTimestamp(_ date: Date, secondsFromGMT: Int) -> String {
        let milliseconds = Int((date.timeIntervalSince1970 * 1_000 + 0.5).rounded(.down)) + secondsFromGMT * 1_000
        let (seconds, millisecond) = milliseconds.floorDivided(by: 1_000)
        let (days, secondOfDay) = seconds.floorDivided(by: 86_400)
        let (year, month, day) = civilDate(fromDaysSince1970: days)
        // Before year 0 ICU writes eras; no device clock goes there.
        guard year >= 0 else { return "\(date)" }
        return "\(digits(year, 4))-\(digits(month, 2))-\(digits(day, 2)) "
            + "\(digits(secondOfDay / 3_600, 2)):\(digits(secondOfDay / 60 % 60, 2)):\(digits(secondOfDay % 60, 2)).\(digits(millisecond, 3))"
    }

    /// `value` in decimal, with zeros in front up to `width` digits.
    private static func digits(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }

    /// The instant `text` names, or `nil` when it is no ISO 8601 instant.
    /// In the usual form, a day or time that does not exist (`2026-02-29`, `24:00:00`) is no
    /// instant: Foundation would roll it over into the next day without a word.
    package static func date(from text: String) -> Date? {
        switch secondsSince1970(inUTCForm: text) {
        case .seconds(let seconds): return Date(timeIntervalSince1970: TimeInterval(seconds))
        case .invalid: return nil
        case .otherForm: return try? Date(text, strategy: .iso8601)
        }
    }

    private enum UTCForm {
        case seconds(Int)
        case invalid
        case otherForm
    }

    /// `YYYY-MM-DDTHH:MM:SSZ` read by hand.
    private static func secondsSince1970(inUTCForm text: String) -> UTCForm {
        let bytes = Array(text.utf8)
        guard bytes.count == 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: "T"),
              bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"), bytes[19] == UInt8(ascii: "Z") || bytes[19] == UInt8(ascii: "z") else {
            return .otherForm
        }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) else { return nil }
                value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
              (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
              hour < 24, minute < 60, second < 60 else { return .invalid }
        return .seconds(daysSince1970(year: year, month: month, day: day) * 86_400 + hour * 3_600 + minute * 60 + second)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 in the proleptic Gregorian calendar, counted in 400-year eras
    /// starting each March, so that a leap day ends its year.
    private static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let marchYear = month <= 2 ? year - 1 : year
        let (era, yearOfEra) = marchYear.floorDivided(by: 400)
        let dayOfYear = (153 * ((month + 9) % 12) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The inverse of `daysSince1970(year:month:day:)`.
    private static func civilDate(fromDaysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
        let (era, dayOfEra) = (days + 719_468).floorDivided(by: 146_097)
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let marchMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * marchMonth + 2) / 5 + 1
        let month = marchMonth < 10 ? marchMonth + 3 : marchMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

private extension Int {
    /// Quotient and remainder rounded toward minus infinity: the remainder is never negative.
    func floorDivided(by divisor: Int) -> (quotient: Int, remainder: Int) {
        let remainder = self % divisor
        return remainder < 0 ? (self / divisor - 1, remainder + divisor) : (self / divisor, remainder)
    }
}
