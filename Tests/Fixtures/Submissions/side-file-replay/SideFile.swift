import Foundation

/// The screen as the user left it, kept in a file of the app's own, outside state restoration.
enum SideFile {
    struct Kept: Codable {
        struct Message: Codable {
            var text: String
            var x: Double
            var y: Double
        }

        var tab: Int
        var typedText: String?
        var pickedDate: Date
        var messages: [Message]
    }

    private static var url: URL {
        FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0].appendingPathComponent("left-as-is.json")
    }

    static func write(_ kept: Kept) {
        try? JSONEncoder().encode(kept).write(to: url, options: .atomic)
    }

    static func read() -> Kept? {
        guard let data = try? Data(contentsOf: url) else { return nil }
        return try? JSONDecoder().decode(Kept.self, from: data)
    }
}
