import Foundation
import RestorationModel
import Testing

/// The device clock the runner hands each launch, written and read by hand for its one usual
/// form: the same text and the same instants as Foundation's ISO 8601 formatter, which ICU backs.
@Suite struct DeviceClockTextTests {
    /// Instants across four centuries: leap days, ends of months and years, before 1970, and a
    /// spread of ordinary ones (a fixed generator, so that a failure names the same instants).
    static let instants: [TimeInterval] = {
        var generator = SeededRandomNumberGenerator(seed: 20_261_122)
        let edges: [TimeInterval] = [0, -1, 1, 59, 86_399, 86_400, -86_400, 951_782_400 /* 2000-02-29 */, 951_868_799,
                                     1_795_338_000 /* 2026-11-22 09:00 */, 1_795_338_000.999, -0.5, 4_107_542_399 /* 2100-02-28 23:59:59 */,
                                     4_107_542_400, -2_208_988_800 /* 1900-01-01 */, 253_402_300_799 /* 9999-12-31 23:59:59 */]
        return edges + (0 ..< 2_000).map { _ in TimeInterval(Int64(generator.next() % 12_623_040_000) - 2_208_988_800) }
    }()

    @Test("Each instant is written as Foundation's ISO 8601 formatter writes it, and read back to the second")
    func sameTextAsFoundation() throws {
        let foundation = ISO8601DateFormatter()
        for seconds in Self.instants {
            let date = Date(timeIntervalSince1970: seconds)
            let text = DeviceClockText.string(from: date)
            #expect(text == foundation.string(from: date), "\(seconds)")
            let read = try #require(DeviceClockText.date(from: text), "\(text)")
            #expect(read.timeIntervalSince1970 == seconds.rounded(.down), "\(text)")
            #expect(read == foundation.date(from: text), "\(text)")
        }
    }

    @Test("Other ISO 8601 forms are read as Foundation reads them; a day or time that does not exist, or what is no instant, is nil")
    func otherForms() {
        #expect(DeviceClockText.date(from: "2026-11-22T10:00:00+01:00") == Date(timeIntervalSince1970: 1_795_338_000))
        #expect(DeviceClockText.date(from: "2026-11-22T09:00:00z") == Date(timeIntervalSince1970: 1_795_338_000))
        #expect(DeviceClockText.date(from: "2024-02-29T00:00:00Z") == Date(timeIntervalSince1970: 1_709_164_800))
        for text in ["", "garbage", "2026-11-22", "2026-11-22T09:00:00", "2026-13-01T09:00:00Z", "2026-02-29T09:00:00Z",
                     "2026-11-31T09:00:00Z", "2026-11-22T24:00:00Z", "2026-11-22T09:60:00Z", "2026-11-22 09:00:00Z", "２026-11-22T09:00:00Z"] {
            #expect(DeviceClockText.date(from: text) == nil, "\(text)")
        }
    }

    @Test("A console line's stamp is the one NSLog's formatter gave, to the millisecond, in UTC and in zones with odd offsets and summer time")
    func consoleStamps() throws {
        for zone in ["UTC", "Asia/Kolkata", "America/St_Johns", "Australia/Lord_Howe", "Pacific/Chatham"] {
            let timeZone = try #require(TimeZone(identifier: zone))
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = timeZone
            formatter.dateFormat = "yyyy-MM-dd HH:mm:ss.SSS"
            for (index, seconds) in Self.instants.enumerated() {
                // Fractions of a second too, rounded to the nearest millisecond as ICU rounds them.
                let date = Date(timeIntervalSince1970: seconds + [0, 0.0004, 0.5, 0.9996, 0.123][index % 5])
                #expect(DeviceClockText.consoleTimestamp(date, secondsFromGMT: timeZone.secondsFromGMT(for: date)) == formatter.string(from: date),
                        "\(zone) \(date.timeIntervalSince1970)")
            }
        }
    }
}
