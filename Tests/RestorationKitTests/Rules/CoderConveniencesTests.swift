import Foundation
import Testing
@testable import RestorationKit

/// The Swift conveniences Apple's Foundation gives coders and iOS code uses around restoration:
/// the typed decoding of arrays and dictionaries on `NSCoder`, and `Codable` values on the keyed
/// coders. Foundation on Linux lacks them; RestorationKit declares them as Apple does.
extension RuleBook {
    @Suite struct CoderConveniences {
        init() {
            Fixture.reset()
            BookmarkViewController.reset()
        }

        /// Saves what `encode` writes, kills the app while suspended, relaunches it, and runs
        /// `decode` on the restored screen's coder.
        private func cycle(encode: @escaping (NSCoder) -> Void, decode: @escaping (NSCoder) -> Void) throws {
            BookmarkViewController.encode = encode
            BookmarkViewController.decode = decode
            let phone = Phone()
            let first = phone.launch(NotesAppDelegate.self)
            let navigation = try #require(first.application.keyWindow?.rootViewController as? UINavigationController)
            navigation.pushViewController(BookmarkViewController(), animated: false)
            phone.homeAndKill()
            phone.launch(NotesAppDelegate.self)
            #expect(BookmarkViewController.requiredSecureCoding == [true, true], "the secure pair's coders, which check class lists")
        }

        @Test("decodeArrayOfObjects(ofClass:forKey:) and (ofClasses:forKey:) give the saved array back after a kill, and nil when a string or number in it is of a class not asked for")
        func arrays() throws {
            try cycle(encode: { coder in
                coder.encode(["Bern", "Basel"], forKey: "cities")
                coder.encode([SecureBookmark(title: "Zurich"), SecureBookmark(title: "Chur")], forKey: "bookmarks")
            }, decode: { coder in
                BookmarkViewController.decoded = [
                    "cities": coder.decodeArrayOfObjects(ofClass: NSString.self, forKey: "cities"),
                    "cities by list": coder.decodeArrayOfObjects(ofClasses: [NSString.self], forKey: "cities"),
                    "cities as numbers": coder.decodeArrayOfObjects(ofClass: NSNumber.self, forKey: "cities"),
                    "bookmarks": coder.decodeArrayOfObjects(ofClass: SecureBookmark.self, forKey: "bookmarks"),
                    "nothing saved": coder.decodeArrayOfObjects(ofClass: NSString.self, forKey: "absent"),
                ]
            })
            let decoded = BookmarkViewController.decoded
            #expect((decoded["cities"]! as? [NSString])?.map { $0 as String } == ["Bern", "Basel"])
            #expect((decoded["cities by list"]! as? [Any])?.compactMap { $0 as? String } == ["Bern", "Basel"])
            #expect(decoded["cities as numbers"]! == nil)
            #expect((decoded["bookmarks"]! as? [SecureBookmark])?.map(\.title) == ["Zurich", "Chur"])
            #expect(decoded["nothing saved"]! == nil)
        }

        @Test("decodeDictionary(withKeyClass:objectClass:forKey:) and (withKeysOfClasses:objectsOfClasses:forKey:) give the saved dictionary back after a kill, checking keys and values each against their own classes")
        func dictionaries() throws {
            try cycle(encode: { coder in
                coder.encode(["Bern": 3, "Basel": 1], forKey: "visits")
            }, decode: { coder in
                BookmarkViewController.decoded = [
                    "visits": coder.decodeDictionary(withKeyClass: NSString.self, objectClass: NSNumber.self, forKey: "visits"),
                    "visits by lists": coder.decodeDictionary(withKeysOfClasses: [NSString.self], objectsOfClasses: [NSNumber.self], forKey: "visits"),
                    "values of another class": coder.decodeDictionary(withKeyClass: NSString.self, objectClass: NSString.self, forKey: "visits"),
                    "keys allowed only as values": coder.decodeDictionary(withKeysOfClasses: [NSNumber.self], objectsOfClasses: [NSString.self, NSNumber.self], forKey: "visits"),
                ]
            })
            let decoded = BookmarkViewController.decoded
            let visits = try #require(decoded["visits"]! as? [NSString: NSNumber])
            #expect(visits == ["Bern": 3, "Basel": 1])
            let byLists = try #require(decoded["visits by lists"]! as? [AnyHashable: Any])
            #expect(byLists.count == 2 && (byLists["Bern"] as? Int) == 3)
            #expect(decoded["values of another class"]! == nil)
            #expect(decoded["keys allowed only as values"]! == nil, "a key is checked against the key classes alone")
        }

        @Test("A secure model that keeps a Codable value with encodeEncodable and decodeDecodable, as iOS code does, comes back after a kill")
        func codableInsideASecureModel() throws {
            try cycle(encode: { coder in
                coder.encode(RouteModel(route: Route(stops: ["Bern", "Thun"], minutes: 28)), forKey: "route")
            }, decode: { coder in
                BookmarkViewController.decoded = ["route": coder.decodeObject(of: RouteModel.self, forKey: "route")]
            })
            let model = try #require(BookmarkViewController.decoded["route"]! as? RouteModel)
            #expect(model.route == Route(stops: ["Bern", "Thun"], minutes: 28))
        }

        @Test("Foundation's keyed coders take Codable values: a structure and a single number round-trip, and a value of the wrong type is a decoding failure")
        func foundationKeyedCoders() throws {
            let archiver = NSKeyedArchiver(requiringSecureCoding: true)
            try archiver.encodeEncodable(Route(stops: ["Chur"], minutes: 90), forKey: "route")
            try archiver.encodeEncodable(7, forKey: "count")
            archiver.finishEncoding()

            let unarchiver = try NSKeyedUnarchiver(forReadingFrom: archiver.encodedData)
            unarchiver.decodingFailurePolicy = .setErrorAndReturn
            #expect(unarchiver.decodeDecodable(Route.self, forKey: "route") == Route(stops: ["Chur"], minutes: 90))
            #expect(unarchiver.decodeDecodable(Int.self, forKey: "count") == 7)
            #expect(unarchiver.decodeDecodable(Route.self, forKey: "absent") == nil)
            #expect(throws: DecodingError.self) { try unarchiver.decodeTopLevelDecodable(Route.self, forKey: "count") }
            #expect(unarchiver.decodeDecodable(Route.self, forKey: "count") == nil, "set and returned, as the policy asks")
        }
    }
}

/// A value an app keeps with `Codable`.
struct Route: Codable, Equatable {
    var stops: [String]
    var minutes: Int
}

/// A secure model around a `Codable` value, written as iOS code writes one: the coder it is
/// archived with is a keyed archiver, and the one it is read with a keyed unarchiver.
final class RouteModel: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }
    let route: Route

    init(route: Route) { self.route = route }

    init?(coder: NSCoder) {
        guard let route = (coder as? NSKeyedUnarchiver)?.decodeDecodable(Route.self, forKey: "route") else { return nil }
        self.route = route
    }

    func encode(with coder: NSCoder) {
        try? (coder as? NSKeyedArchiver)?.encodeEncodable(route, forKey: "route")
    }
}
