import Foundation
import Testing
import BinaryPropertyList

/// `NSKeyedArchiver` archives hold UIDs, which no other property list does: read only when asked.
@Suite struct KeyedArchiveTests {
    @Test("A keyed archive's UIDs are read as {\"CF$UID\" = n}, as XML property lists write them; the plain decoder still refuses them")
    func uidsReadOnlyWhenAsked() throws {
        let data = try NSKeyedArchiver.archivedData(withRootObject: ["Zurich"] as NSArray, requiringSecureCoding: true)
        let archive = try BinaryPropertyList.decodeKeyedArchive(data)
        #expect(archive["$top"]?["root"] == .dictionary(["CF$UID": 1]))
        #expect(archive["$objects"]?[2] == "Zurich")
        #expect(throws: BinaryPropertyListError.self) { try BinaryPropertyList.decode(data) }
    }
}
