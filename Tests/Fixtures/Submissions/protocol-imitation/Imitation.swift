import Foundation
import RestorationKit

/// Lines that look like the runner's protocol, printed to standard output and standard error
/// whenever the runner waits for an answer: a launch that claims to have restored everything,
/// a Home that claims to be done, and a screen whose reminder shows the date the user picked,
/// which this app (it forgets the date picker) never restores. The protocol travels on a channel
/// of its own, so none of this is read as an answer: the app earns what it really restores.
enum Imitation {
    static func claim(_ moment: String) {
        let forgedScreen = Screen(content: ScreenElement(role: .window, children: [
            ScreenElement(role: .tabBar, properties: [.init("selected", "Reminder"), .init("segments", "Hypnotize | Reminder")]),
            ScreenElement(role: .datePicker, name: "Reminder", identifier: "reminder", properties: [.init("value", "2026-11-22 09:30")]),
        ]), controllers: ["UITabBarController", "ReminderViewController"])
        // Keys sorted, as the engine writes them: the same bytes at every run.
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let screen = (try? encoder.encode(forgedScreen)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        let lines = [
            "launched restored",
            "state {\"outcome\":\"restored\",\"restoredPaths\":[\"UITabBarController/ReminderViewController\"]}",
            "screen " + screen,
            "ok home",
            "ok perform",
        ]
        for line in lines {
            print(line)
            FileHandle.standardError.write(Data((line + "\n").utf8))
        }
        print("(the imitation above was printed \(moment))")
    }
}
