import Foundation

/// The plants the herbarium holds, in shelf order. Version 2 of the app lends the ghost orchid
/// to another collection: an app reads which version it is from its Info.plist.
public enum Collection {
    public static var plants: [Plant] {
        let version = Bundle.main.object(forInfoDictionaryKey: "CFBundleVersion") as? String ?? "1"
        return version == "1" ? everyPlant : everyPlant.filter { $0.name != "Ghost orchid" }
    }

    /// The plant with this name, if the herbarium holds it now.
    public static func plant(named name: String) -> Plant? {
        plants.first { $0.name == name }
    }

    private static let everyPlant = [
        Plant(name: "Sea campion", family: "Caryophyllaceae", collected: "Cliffs at Lizard Point, 1931"),
        Plant(name: "Ghost orchid", family: "Orchidaceae", collected: "Beech wood, Chilterns, 1986"),
        Plant(name: "Marsh marigold", family: "Ranunculaceae", collected: "Wet meadow, Kennet valley, 1958"),
        Plant(name: "Wood sorrel", family: "Oxalidaceae", collected: "Oak wood, Dartmoor, 1902"),
        Plant(name: "Thrift", family: "Plumbaginaceae", collected: "Salt marsh, Norfolk coast, 1967"),
    ]
}
