import Foundation
import Testing
@testable import CoreData

/// Store UUIDs and temporary IDs: random on a device, and drawn from the launch's seed when the
/// runner fixed one, so that runs repeat to the byte.
struct IdentifierRandomnessTests {
    static func uuids(seed: String?, count: Int = 3) -> [UUID]? {
        guard var generator = IdentifierRandomness.generator(environment: seed.map { ["WORKBOOK_SEED": $0] } ?? [:]) else { return nil }
        return (0..<count).map { _ in IdentifierRandomness.uuid(drawingFrom: &generator) }
    }

    @Test("One seed gives the same UUIDs, another seed others, and no seed leaves them to the system")
    func seededUUIDs() throws {
        let first = try #require(Self.uuids(seed: "42"))
        #expect(first == Self.uuids(seed: "42"))
        #expect(Set(first).count == first.count)
        #expect(Set(first).isDisjoint(with: try #require(Self.uuids(seed: "43"))))
        #expect(Self.uuids(seed: nil) == nil)
        #expect(Self.uuids(seed: "not a number") == nil)
    }

    @Test("A seeded UUID is a well-formed random (version 4, RFC 4122) UUID")
    func wellFormed() throws {
        for uuid in try #require(Self.uuids(seed: "7", count: 50)) {
            let text = uuid.uuidString
            #expect(Array(text)[14] == "4", "\(text)")
            #expect("89AB".contains(Array(text)[19]), "\(text)")
        }
    }
}
