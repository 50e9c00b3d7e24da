import BinaryPropertyList
import Foundation
import Testing
@testable import RestorationKit

/// What the talk's screenshot does not show, printed as the tool would: an empty class map or
/// block, nested arrays and dictionaries, data, archived objects, awkward text, and key order.
extension RuleBook {
    @Suite struct ArchiveDumpLayout {
        static let table = RestorationPath(root: "Nav").appending("Table")

        /// The lines of one object's block holding `state`, below its heading, dashes and blank line.
        func keyLines(_ state: [String: PropertyListValue]) -> [String] {
            let archive = StateArchive(topLevel: [:], entries: [.init(path: Self.table, kind: .view, className: "RestorationKit.UITableView", state: state)])
            let lines = ArchiveDump(archive).text.components(separatedBy: "\n")
            let heading = lines.firstIndex(of: "[View] Nav/Table (Class: UITableView)")!
            return Array(lines[(heading + 3)...])
        }

        @Test("An archive with nothing preserved: an empty class map, and a top level holding only the version")
        func empty() {
            #expect(ArchiveDump(StateArchive()).text == """
                Restoration class map is {
                }

                Top Level
                ---------

                                kUIStateRestorationArchiveMajorVersionKey...2
                                kUIStateRestorationArchiveMinorVersionKey...1
                """)
        }

        @Test("An object that saved no keys still has its heading, underlined, and nothing under it")
        func emptyBlock() {
            let text = ArchiveDump(StateArchive(topLevel: [:], entries: [.init(path: Self.table, kind: .view, className: "RestorationKit.UITableView", state: [:])])).text
            #expect(text.hasSuffix("""
                kUIStateRestorationArchiveMinorVersionKey...1


                [View] Nav/Table (Class: UITableView)
                -------------------------------------

                """))
        }

        @Test("Dictionaries open like arrays, one quoted key a line, and nest; empty ones stay on the line")
        func nested() {
            #expect(keyLines([
                "favourites": ["cities": ["Zurich", "Bern"], "count": 2],
                "none": .dictionary([:]),
                "empty": .array([]),
            ]) == [
                "                empty........()",
                "                favourites...{",
                #"                               "cities" = ("#,
                #"                                            "Zurich","#,
                #"                                            "Bern""#,
                "                                          );",
                #"                               "count" = 2;"#,
                "                             }",
                "                none.........{}",
            ])
        }

        @Test("Text stands bare unless it would not read back from one line; inside an array it is quoted")
        func text() {
            #expect(keyLines([
                "city": "Zurich",
                "empty": "",
                "quote": #"He said "hi""#,
                "lines": "one\ntwo\tthree",
                "padded": " x",
                "site": .dictionary([RestorationCoder.Marker.url: "https://example.com/a b"]),
                "list": ["Zurich", "one\ntwo"],
            ]) == [
                "                city.....Zurich",
                #"                empty...."""#,
                #"                lines...."one\ntwo\tthree""#,
                "                list.....(",
                #"                           "Zurich","#,
                #"                           "one\ntwo""#,
                "                         )",
                #"                padded..." x""#,
                #"                quote...."He said \"hi\"""#,
                "                site.....https://example.com/a b",
            ])
        }

        @Test("Numbers: a Float as Apple prints one, a whole real without fraction, other reals in full, Yes and No")
        func numbers() {
            #expect(keyLines([
                "slider": .real(Double(Float(0.8926057))),
                "whole": .real(2),
                "precise": .real(1234.5678901234567),
                "count": 1,
                "on": true,
                "off": false,
            ]) == [
                "                count.....1",
                "                off.......No",
                "                on........Yes",
                "                precise...1234.5678901234567",
                "                slider....0.8926057",
                "                whole.....2",
            ])
        }

        @Test("Data in hex, four bytes a group; a long run shows its length, start and end")
        func data() {
            #expect(keyLines([
                "short": .data(Data([0xDE, 0xAD, 0xBE, 0xEF, 0x01])),
                "long": .data(Data(0..<40)),
            ]) == [
                "                long....{length = 40, bytes = 0x00010203 04050607 08090a0b 0c0d0e0f ... 20212223 24252627}",
                "                short...<deadbeef 01>",
            ])
        }

        @Test("An archived NSCoding object shows its class and the keys it encoded, or its size when it is no keyed archive")
        func archivedObject() throws {
            let pin = try NSKeyedArchiver.archivedData(withRootObject: ArchivedPin(), requiringSecureCoding: false)
            #expect(keyLines([
                "pin": .dictionary([RestorationCoder.Marker.archivedObject: .data(pin)]),
                "broken": .dictionary([RestorationCoder.Marker.archivedObject: .data(Data([1, 2, 3]))]),
            ]) == [
                "                broken...Archived Object (3 bytes)",
                "                pin......Archived Object (Class: RestorationKitTests.ArchivedPin) {",
                #"                           "city" = "Zurich";"#,
                "                         }",
            ])
        }

        @Test("What an archived object holds nests as the dump's values do: arrays, dictionaries, dates, nil, and objects it encoded")
        func archivedObjectContents() throws {
            let trip = ArchivedTrip(stops: ["Bern", "Basel"], pin: ArchivedPin(), leaves: Date(timeIntervalSinceReferenceDate: 0), seats: ["window": 2])
            let data = try NSKeyedArchiver.archivedData(withRootObject: trip, requiringSecureCoding: false)
            #expect(keyLines(["trip": .dictionary([RestorationCoder.Marker.archivedObject: .data(data)])]) == [
                "                trip...Archived Object (Class: RestorationKitTests.ArchivedTrip) {",
                #"                         "leaves" = 2001-01-01 00:00:00 +0000;"#,
                #"                         "nothing" = nil;"#,
                #"                         "pin" = Archived Object (Class: RestorationKitTests.ArchivedPin) {"#,
                #"                                   "city" = "Zurich";"#,
                "                                 };",
                #"                         "seats" = {"#,
                #"                                     "window" = 2;"#,
                "                                   };",
                #"                         "stops" = ("#,
                #"                                     "Bern","#,
                #"                                     "Basel""#,
                "                                   );",
                #"                         "up" = Yes;"#,
                "                       }",
            ])
        }

        @Test("A hostile archived object cannot make the dump loop or nest without end: a cycle and deep nesting are cut short")
        func archivedObjectBounded() throws {
            let loop = ArchivedLink()
            loop.next = loop
            let looped = try NSKeyedArchiver.archivedData(withRootObject: loop, requiringSecureCoding: false)
            #expect(keyLines(["loop": .dictionary([RestorationCoder.Marker.archivedObject: .data(looped)])]) == [
                "                loop...Archived Object (Class: RestorationKitTests.ArchivedLink) {",
                #"                         "next" = … (a reference back to an object that holds it);"#,
                "                       }",
            ])

            let head = ArchivedLink()
            var tail = head
            for _ in 0..<100 {
                let link = ArchivedLink()
                tail.next = link
                tail = link
            }
            let deep = try NSKeyedArchiver.archivedData(withRootObject: head, requiringSecureCoding: false)
            let lines = keyLines(["deep": .dictionary([RestorationCoder.Marker.archivedObject: .data(deep)])])
            #expect(lines.filter { $0.contains("Archived Object (Class: RestorationKitTests.ArchivedLink)") }.count == ArchivedObjectContents.maxDepth)
            #expect(lines.contains { $0.contains("… (nested deeper than \(ArchivedObjectContents.maxDepth))") })
        }

        @Test("Keys are alphabetical whatever their case, as the tool lists kUI… before UIApplication…")
        func keyOrder() {
            #expect(keyLines(["Zoom": 1, "alpha": 2, "Beta": 3, "kTab": 4]).map { $0.trimmingCharacters(in: .whitespaces) } == [
                "alpha...2", "Beta....3", "kTab....4", "Zoom....1",
            ])
        }

        @Test("A class map entry is quoted and escaped like any text; classes are named as the runtime names them")
        func classMap() {
            let detail = RestorationPath(root: "Nav").appending("Detail \"new\"", atIndex: 1)
            let text = ArchiveDump(StateArchive(topLevel: [:], restorationClassMap: [detail: "Homepwner.DetailViewController"], entries: [])).text
            #expect(text.hasPrefix("""
                Restoration class map is {
                    "Nav/:[1]:/Detail \\"new\\"" = "Homepwner.DetailViewController";
                }

                """))
        }
    }
}

/// An app's own `NSCoding` object, encoded whole into a coder.
final class ArchivedPin: NSObject, NSCoding {
    override init() {}
    init?(coder: NSCoder) {}
    func encode(with coder: NSCoder) {
        coder.encode("Zurich", forKey: "city")
    }
}

/// An archived object that encodes others: a string array, an object, a date, a dictionary, nil, a flag.
final class ArchivedTrip: NSObject, NSCoding {
    let stops: [String]
    let pin: ArchivedPin
    let leaves: Date
    let seats: [String: Int]
    init(stops: [String], pin: ArchivedPin, leaves: Date, seats: [String: Int]) {
        self.stops = stops
        self.pin = pin
        self.leaves = leaves
        self.seats = seats
    }
    init?(coder: NSCoder) { nil }
    func encode(with coder: NSCoder) {
        coder.encode(stops, forKey: "stops")
        coder.encode(pin, forKey: "pin")
        coder.encode(leaves, forKey: "leaves")
        coder.encode(seats, forKey: "seats")
        coder.encode(nil as Any?, forKey: "nothing")
        coder.encode(true, forKey: "up")
    }
}

/// A link of a chain, which may point back at itself.
final class ArchivedLink: NSObject, NSCoding {
    var next: ArchivedLink?
    override init() {}
    init?(coder: NSCoder) { nil }
    func encode(with coder: NSCoder) {
        if let next { coder.encode(next, forKey: "next") }
    }
}
