import CoreData
import UIKit

/// The app's Core Data stack: one SQLite store in the app's container, and the context every
/// screen reads from. The store keeps a year of sightings; older ones go when it loads.
public enum SightingStore {
    public static let container = NSPersistentContainer(
        name: "Sightings", managedObjectModel: NSManagedObjectModel(entities: [Sighting.entityDescription]))

    public static var context: NSManagedObjectContext { container.viewContext }

    /// Whether `load()` has run in this launch.
    public private(set) static var isLoaded = false

    /// Opens the store, forgets sightings older than a year, and on the very first launch fills
    /// it with a year of made-up sightings, one every twelve days, so there is a list to scroll.
    public static func load() {
        container.loadPersistentStores { description, error in
            if let error { fatalError("The sightings store could not be opened: \(error)") }
        }
        isLoaded = true
        let yearAgo = Device.now.addingTimeInterval(-365 * day)
        let expired = NSFetchRequest<Sighting>(entityName: "Sighting")
        expired.predicate = NSPredicate(format: "seenOn < %@", yearAgo as NSDate)
        for sighting in (try? context.fetch(expired)) ?? [] { context.delete(sighting) }
        if (try? context.count(for: NSFetchRequest<Sighting>(entityName: "Sighting"))) == 0 {
            for (number, species) in sampleSpecies.enumerated() {
                let sighting = Sighting(context: context)
                sighting.species = species
                sighting.place = samplePlaces[number % samplePlaces.count]
                sighting.seenOn = Device.now.addingTimeInterval(-Double(sampleSpecies.count - 1 - number) * 12 * day)
            }
        }
        save()
    }

    /// Every sighting, in the order they were seen: the oldest first.
    public static func allSightings() -> [Sighting] {
        let request = NSFetchRequest<Sighting>(entityName: "Sighting")
        request.sortDescriptors = [NSSortDescriptor(key: "seenOn", ascending: true)]
        return (try? context.fetch(request)) ?? []
    }

    /// A new sighting, seen now, in the context only: it has a temporary ID until it is saved.
    public static func newSighting() -> Sighting {
        let sighting = Sighting(context: context)
        sighting.species = ""
        sighting.place = ""
        sighting.seenOn = Device.now
        return sighting
    }

    public static func save() {
        guard context.hasChanges else { return }
        do {
            try context.save()
        } catch {
            print("The sightings could not be saved: \(error)")
        }
    }

    private static let day: TimeInterval = 24 * 60 * 60

    private static let sampleSpecies = [
        "Barn owl", "Grey heron", "Kingfisher", "Hoopoe", "Red kite", "Avocet", "Bittern", "Dipper",
        "Goldcrest", "Wryneck", "Nightjar", "Osprey", "Spoonbill", "Little egret", "Bee-eater", "Golden oriole",
        "Firecrest", "Hawfinch", "Ring ouzel", "Snow bunting", "Waxwing", "Merlin", "Shorelark", "Twite",
        "Crossbill", "Dotterel", "Garganey", "Whimbrel", "Brambling", "Hobby",
    ]
    private static let samplePlaces = ["Marsh hide", "River path", "Old orchard", "Sea wall", "Heath", "Beech wood"]
}
