import BinaryPropertyList
import Foundation
import Testing
@testable import RestorationKit

/// RESTORATION.md, "The archive tool's view of an archive": `workbook archive dump` prints the
/// talk's archive exactly as Apple's `restorationArchiveTool` printed it. The expected text is
/// RESTORATION.md's, in `Tests/Fixtures/ArchiveDumps/`, with the demo's classes named as a Swift
/// runtime names them today (`StateRestorationDemo.CityViewController`).
extension RuleBook {
    @Suite struct TalkArchiveDump {
        static let fixture = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/ArchiveDumps/StateRestorationDemo.txt")
        static let demoModule = "StateRestorationDemo"
        static let talkTimestamp = ISO8601DateFormatter().date(from: "2014-07-06T16:05:18Z")!

        static let tab = RestorationPath(root: "TabController")
        static let navigation = tab.appending("NavigationController", atIndex: 1)

        static func expected(module: String = demoModule) throws -> String {
            try String(contentsOf: fixture, encoding: .utf8).replacingOccurrences(of: demoModule + ".", with: module + ".")
        }

        static func proxy(_ path: RestorationPath) -> PropertyListValue {
            .dictionary([RestorationCoder.Marker.proxy: .string(path.description)])
        }

        @Test("The talk's archive, built by hand, prints byte for byte as the talk's screenshot")
        func handBuilt() throws {
            let second = Self.navigation.appending("StateRestorationDemo.SecondViewController", atIndex: 0)
            let city = Self.navigation.appending("StateRestorationDemo.CityViewController", atIndex: 1)
            let archive = StateArchive(
                topLevel: [
                    UIApplication.stateRestorationBundleVersionKey: "1",
                    UIApplication.stateRestorationSystemVersionKey: "8.0",
                    UIApplication.stateRestorationTimestampKey: .date(Self.talkTimestamp),
                    UIApplication.stateRestorationUserInterfaceIdiomKey: 0,
                ],
                restorationClassMap: [city: "StateRestorationDemo.CityViewController"],
                entries: [
                    .init(path: Self.navigation, kind: .viewController, className: "RestorationKit.UINavigationController", state: [
                        "kUIViewControllerChildrenKey": .array([Self.proxy(second), Self.proxy(city)]),
                        "kViewControllerViewWasLoadedKey": true,
                    ]),
                    .init(path: Self.tab, kind: .viewController, className: "RestorationKit.UITabBarController", state: [
                        "kTabBarSelectedViewControllerKey": Self.proxy(Self.navigation),
                        "kViewControllerViewWasLoadedKey": true,
                    ]),
                ])
            #expect(ArchiveDump(archive).text + "\n" == (try Self.expected()))
        }

        @Test("A real preservation of the talk's demo on iOS 8.0 at the talk's time prints the blocks the talk shows")
        func preserved() throws {
            let container = FileManager.default.temporaryDirectory.appendingPathComponent("StateRestorationDemo-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: container) }
            let configuration = LaunchConfiguration(containerURL: container, bundleIdentifier: "com.example.StateRestorationDemo",
                                                    bundleVersion: "1", systemVersion: "8.0", clockStart: Self.talkTimestamp, randomSeed: 1)
            let host = ApplicationHost(delegateType: StateRestorationDemoDelegate.self, configuration: configuration)
            defer { UIApplication.current = nil }
            host.launch()
            host.pressHome()
            let archive = try StateArchive(contentsOf: host.container.archiveURL)
            // RESTORATION.md: a tab bar saves only its selection and whether its view loaded.
            #expect(archive.entry(at: Self.tab)?.state[ReservedKey.children] == nil)

            let printed = ArchiveDump(archive).text.components(separatedBy: "\n\n\n")
            let expected = try Self.expected(module: "RestorationKitTests").dropLast().components(separatedBy: "\n\n\n")
            try #require(expected.count == 3)
            // The class map and the top level come first, whole.
            #expect(printed.first == expected[0])
            // Each object block the talk shows is there, word for word.
            for block in expected.dropFirst() {
                let heading = String(block.prefix { $0 != "\n" })
                #expect(printed.first { $0.hasPrefix(heading + "\n") } == block)
            }
            // The first tab's slider value reads as Apple prints a float.
            let slider = printed.first { $0.hasPrefix("[View Controller] TabController/:[0]:/RestorationKitTests.FirstViewController ") }
            #expect(slider?.split(separator: "\n").contains { $0.hasPrefix("                encodingKeySliderValue.") && $0.hasSuffix(".0.8926057") } == true, "\(slider ?? "no block")")
        }
    }
}
