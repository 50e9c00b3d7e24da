import Foundation

/// Stands in for the system's notification scheduler (`UNUserNotificationCenter` on iOS). The
/// system keeps a scheduled reminder whatever happens to the app, so this one is kept in a file
/// that outlives the app's process. It is not state for restoration to save.
enum ReminderSchedule {
    private struct Reminder: Codable {
        var date: Date
        var body: String
    }

    private static var fileURL: URL {
        FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
            .appendingPathComponent("scheduled-reminder.json")
    }

    /// When the scheduled reminder will go off, if one is scheduled.
    static var scheduledDate: Date? {
        guard let data = try? Data(contentsOf: fileURL) else { return nil }
        return try? JSONDecoder().decode(Reminder.self, from: data).date
    }

    /// Schedules the reminder; like a request with a fixed identifier, it replaces the last one.
    static func schedule(at date: Date) {
        let reminder = Reminder(date: date, body: "Hypnotize me!")
        try? JSONEncoder().encode(reminder).write(to: fileURL, options: .atomic)
    }

    /// A date as the reminder screen shows it: in UTC, like the device clock the runner sets.
    static func format(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: date)
    }
}
