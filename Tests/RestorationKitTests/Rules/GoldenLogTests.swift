import Foundation
import Testing
@testable import RestorationKit

/// RESTORATION.md, "Debug logging": the log of the talk's app, line for line against the real
/// one from the talk (seed 003), differing only in dates, addresses, the process and how a
/// module is written into a class name.
extension RuleBook {
    @Suite struct GoldenLog {
        /// The talk's log as a device printed it, NSLog's prefix left out (one entry a line).
        static let talkLog = [
            "void _restoreState(UIApplication *, NSData *, NSObject<UIApplicationDelegate> *, NSURL *, NSString *, UIStateRestorationRestoreStateBeginHandler): State restoration archive was saved with major version 2, minor version 1. Current major version 2, current minor version 1.",
            """
            void _restoreState(UIApplication *, NSData *, NSObject<UIApplicationDelegate> *, NSURL *, NSString *, UIStateRestorationRestoreStateBeginHandler): Root restoration identifier paths are (
                TabController,
                "TabController/:[0]:/_TtC20StateRestorationDemo19FirstViewController",
                "TabController/:[1]:/NavigationController",
                "TabController/:[1]:/NavigationController/:[0]:/_TtC20StateRestorationDemo20SecondViewController",
                "TabController/:[1]:/NavigationController/:[1]:/_TtC20StateRestorationDemo18CityViewController"
            )
            """,
            """
            void _restoreState(UIApplication *, NSData *, NSObject<UIApplicationDelegate> *, NSURL *, NSString *, UIStateRestorationRestoreStateBeginHandler): Restoration Class map: {
                "TabController/:[1]:/NavigationController/:[1]:/_TtC20StateRestorationDemo18CityViewController" = "_TtC20StateRestorationDemo18CityViewController";
            }
            """,
            "void _restoreState(UIApplication *, NSData *, NSObject<UIApplicationDelegate> *, NSURL *, NSString *, UIStateRestorationRestoreStateBeginHandler): Object in root set for index [0] for identifier path TabController: <UITabBarController: 0x1455cb50>",
        ]

        /// Writes class names without their module, whether mangled as in Swift 1
        /// (`_TtC20StateRestorationDemo18CityViewController`) or dotted as today
        /// (`RestorationKitTests.CityViewController`), and addresses as `0x…`.
        static func normalized(_ text: String) -> String {
            var text = text.replacing(#/_TtC(\d+)/#) { match in
                "\u{0}\(match.output.1)" // marks where a mangled name starts; expanded below
            }
            while let start = text.firstIndex(of: "\u{0}") {
                var cursor = text.index(after: start)
                func number() -> Int {
                    let digits = text[cursor...].prefix(while: \.isNumber)
                    cursor = text.index(cursor, offsetBy: digits.count)
                    return Int(digits) ?? 0
                }
                let moduleLength = number()
                cursor = text.index(cursor, offsetBy: moduleLength)
                let nameLength = number()
                let name = text[cursor..<text.index(cursor, offsetBy: nameLength)]
                text.replaceSubrange(start..<text.index(cursor, offsetBy: nameLength), with: name)
            }
            return text
                .replacingOccurrences(of: "RestorationKitTests.", with: "")
                .replacing(#/0x[0-9a-f]+/#, with: "0x…")
        }

        @Test("The debug log of the talk's app matches the talk's real log, but for dates, addresses, the process and module names")
        func logMatchesTheTalk() {
            let phone = Phone()
            phone.launch(StateRestorationDemoDelegate.self)
            phone.homeAndKill()
            phone.launch(StateRestorationDemoDelegate.self)

            let ours = phone.logMessages.map(Self.normalized)
            let talk = Self.talkLog.map(Self.normalized)
            #expect(Array(ours.prefix(talk.count)) == talk)
            #expect(phone.logLines.allSatisfy { NSLogLine.message($0) != nil }, "every line carries NSLog's prefix")
        }

        @Test("The root set is the list of root restoration identifier paths: right after the class map, each object found is logged with its place in that list, as the talk's line [0] is")
        func rootSetFollowsThePathList() throws {
            let phone = Phone()
            phone.launch(StateRestorationDemoDelegate.self)
            phone.homeAndKill()
            phone.launch(StateRestorationDemoDelegate.self)

            let ours = phone.logMessages.map(Self.normalized)
            let classMap = try #require(ours.firstIndex { $0.contains("Restoration Class map: {") })
            let listed = try #require(ours.first { $0.contains("Root restoration identifier paths are (") })
            let paths = listed.split(separator: "\n").dropFirst().dropLast().map {
                $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: ",\""))
            }
            try #require(paths.count == 5, "\(listed)")
            let rootSet = Array(ours[(classMap + 1)...].prefix(paths.count))
            let expected = paths.enumerated().map { index, path in
                "void _restoreState(UIApplication *, NSData *, NSObject<UIApplicationDelegate> *, NSURL *, NSString *, UIStateRestorationRestoreStateBeginHandler): Object in root set for index [\(index)] for identifier path \(path): "
            }
            #expect(zip(rootSet, expected).allSatisfy { $0.hasPrefix($1) }, "\(rootSet)")
            #expect(rootSet.first == Self.normalized(Self.talkLog[3]), "the talk's own line")
            #expect(rootSet.last?.hasSuffix(": <CityViewController: 0x…>") == true, "\(rootSet.last ?? "")")
        }

        @Test("Normalising takes only module names and addresses away")
        func normalisingKeepsTheRest() {
            #expect(Self.normalized("\"A/:[1]:/_TtC20StateRestorationDemo18CityViewController\" = <UITabBarController: 0x1455cb50>")
                    == "\"A/:[1]:/CityViewController\" = <UITabBarController: 0x…>")
            #expect(Self.normalized("RestorationKitTests.CityViewController") == "CityViewController")
        }
    }
}
