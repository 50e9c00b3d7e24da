import Foundation
import HerbariumModel

/// The herbarium's record of one sheet: its number and how the plant is mounted.
struct SpecimenRecord {
    let sheet: Int
    let mounting: String
}

/// The records, fetched from the herbarium's server: an answer arrives a moment later, on the
/// main queue. Version 2 of the app moved to the new catalogue, which numbers every sheet afresh.
enum SpecimenRecords {
    private static var firstSheet: Int {
        (Bundle.main.object(forInfoDictionaryKey: "CFBundleVersion") as? String ?? "1") == "1" ? 101 : 2001
    }

    private static let mountings = ["glued to card", "strapped with linen tape", "in a packet", "sewn to card", "glued to card"]

    /// The number of the sheet the plant is mounted on, in this version's catalogue.
    static func sheet(of plant: Plant) -> Int {
        firstSheet + (Collection.plants.firstIndex(of: plant) ?? 0)
    }

    /// Fetches a sheet's record; `nil` when the catalogue has no such sheet.
    static func fetch(sheet: Int, completion: @escaping (SpecimenRecord?) -> Void) {
        let index = sheet - firstSheet
        let record = mountings.indices.contains(index) ? SpecimenRecord(sheet: sheet, mounting: mountings[index]) : nil
        DispatchQueue.main.async { completion(record) }
    }
}
