import CoreData

/// One bird the user saw: what, where and when. A record of the store, not a value: it lives in
/// a context, and only its object ID can leave the process.
public final class Sighting: NSManagedObject {
    @Managed("species") public var species: String
    @Managed("place") public var place: String
    @Managed("seenOn") public var seenOn: Date

    /// The entity as the model describes it: Core Data's model editor, written in code.
    static let entityDescription = NSEntityDescription(name: "Sighting", managedObjectClass: Sighting.self, properties: [
        NSAttributeDescription(name: "species", type: .stringAttributeType),
        NSAttributeDescription(name: "place", type: .stringAttributeType),
        NSAttributeDescription(name: "seenOn", type: .dateAttributeType),
    ])
}
