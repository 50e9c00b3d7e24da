import UIKit

/// One thing the user owns: what it is called, its serial number, what it is worth, when it was
/// added, and a key that names it for ever, even when its name changes. State restoration uses
/// that key to find the item again after the app was killed.
public final class Item: Codable {
    public var name: String
    public var serialNumber: String?
    public var valueInDollars: Int
    public let dateCreated: Date
    public let itemKey: String

    public init(name: String, serialNumber: String?, valueInDollars: Int) {
        self.name = name
        self.serialNumber = serialNumber
        self.valueInDollars = valueInDollars
        dateCreated = Device.now
        // The device's random source: the runner fixes its seed, so every run makes the same keys.
        itemKey = String(Device.random.next(), radix: 36)
    }

    /// An item with a made-up name, serial number and value, so a new list has something in it.
    public static func random() -> Item {
        let adjectives = ["Fluffy", "Rusty", "Shiny", "Dusty", "Tiny"]
        let nouns = ["Bear", "Spork", "Mac", "Lamp", "Kettle"]
        let name = "\(adjectives.randomElement(using: &Device.random)!) \(nouns.randomElement(using: &Device.random)!)"
        let serial = String((0..<5).map { _ in "0123456789ABCDEFGHJKLMNPQRSTUVWXYZ".randomElement(using: &Device.random)! })
        return Item(name: name, serialNumber: serial, valueInDollars: Int.random(in: 0..<100, using: &Device.random))
    }
}
