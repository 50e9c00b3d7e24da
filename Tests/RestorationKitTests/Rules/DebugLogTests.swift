import Foundation
import Testing
@testable import RestorationKit

/// RESTORATION.md, "Debug logging", and the deprecated opt-in pair of "Who takes part".
extension RuleBook {
    @Suite struct DebugLog {
        init() {
            Fixture.reset()
            Hooks.reset()
        }

        /// The function UIKit's restoration lines name, as a device's log shows it.
        static let prefix = "void _restoreState(UIApplication *, NSData *, NSObject<UIApplicationDelegate> *, NSURL *, NSString *, UIStateRestorationRestoreStateBeginHandler): "

        /// Navigation > List > Note, plus a registered draft store at the root, saved and relaunched.
        private func runScenario(_ phone: Phone) throws -> ApplicationHost {
            let first = phone.launch(NotesAppDelegate.self)
            try #require((first.delegate as? NotesAppDelegate)?.navigation).pushViewController(NoteViewController(note: "Rusty Spork"), animated: false)
            let store = DraftStore()
            store.draft = "unsent"
            UIApplication.registerObject(forStateRestoration: store, restorationIdentifier: "Draft")
            phone.homeAndKill()
            return phone.launch(NotesAppDelegate.self)
        }

        @Test("With debug logging on, the lines UIKit prints appear: the version line, every saved path, the class map with runtime class names, and the root set")
        func debugLinesAppear() throws {
            let phone = Phone()
            phone.debugLogging = true
            _ = try runScenario(phone)
            let lines = phone.logMessages
            #expect(lines.contains(Self.prefix + "State restoration archive was saved with major version 2, minor version 1. Current major version 2, current minor version 1."))
            #expect(lines.contains(Self.prefix + "Root restoration identifier paths are (\n    Draft,\n    Navigation,\n    \"Navigation/:[0]:/List\",\n    \"Navigation/:[1]:/Note\"\n)"), "\(lines)")
            #expect(lines.contains(Self.prefix + "Restoration Class map: {\n    Draft = \"RestorationKitTests.DraftStoreFactory\";\n    \"Navigation/:[1]:/Note\" = \"RestorationKitTests.NoteViewController\";\n}"), "\(lines)")
            // The root set is every path of that list: each restored object is logged with its
            // place in the list, children as well as roots.
            let rootSet = lines.filter { $0.hasPrefix(Self.prefix + "Object in root set for index ") }
            try #require(rootSet.count == 4, "\(lines)")
            #expect(rootSet[0].wholeMatch(of: #/.*Object in root set for index \[0\] for identifier path Draft: <RestorationKitTests.DraftStore: 0x[0-9a-f]+>/#) != nil, "\(rootSet[0])")
            #expect(rootSet[1].wholeMatch(of: #/.*Object in root set for index \[1\] for identifier path Navigation: <UINavigationController: 0x[0-9a-f]+>/#) != nil, "\(rootSet[1])")
            #expect(rootSet[2].wholeMatch(of: #/.*Object in root set for index \[2\] for identifier path Navigation\/:\[0\]:\/List: <RestorationKitTests.ListViewController: 0x[0-9a-f]+>/#) != nil, "\(rootSet[2])")
            #expect(rootSet[3].wholeMatch(of: #/.*Object in root set for index \[3\] for identifier path Navigation\/:\[1\]:\/Note: <RestorationKitTests.NoteViewController: 0x[0-9a-f]+>/#) != nil, "\(rootSet[3])")
        }

        @Test("Every line carries NSLog's prefix: the device clock's date and time to the millisecond, the process name and [pid:thread]")
        func nsLogPrefix() throws {
            let phone = Phone()
            _ = try runScenario(phone)
            try #require(!phone.logLines.isEmpty)
            for line in phone.logLines {
                #expect(line.hasPrefix("2026-11-22 09:00:00.000 RuleBook["), "\(line)")
                #expect(NSLogLine.message(line) != nil, "\(line)")
            }
            // The process identifier is a stand-in fixed by the seed, so a log is reproducible.
            #expect(Set(phone.logLines.map { $0.prefix(while: { $0 != "]" }) }).count == 1)
        }

        @Test("With debug logging on, a child that cannot be found is logged with the truncating line")
        func truncationLine() throws {
            let phone = Phone()
            _ = try runScenario(phone)
            NoteViewController.restorationClassAnswer = .refuse
            phone.homeAndKill()
            phone.launch(NotesAppDelegate.self)
            #expect(phone.logMessages.contains("-[UIViewController(StateRestoration) _restoreChildViewControllers]: Can't find Child View Controller at index 1 with identifier Navigation/:[1]:/Note, truncating child array"))
        }

        @Test("With debug logging off, none of the debug lines appear, but UIKit's warnings still do")
        func debugLinesOff() throws {
            let phone = Phone()
            phone.debugLogging = false
            _ = try runScenario(phone)
            phone.homeAndKill()
            // The note's restoration class, as the archive names it, is a class that cannot make it.
            var archive = try phone.readArchive()
            archive.restorationClassMap[try #require(RestorationPath(parsing: "Navigation/:[1]:/Note"))] = "RestorationKitTests.ListViewController"
            try archive.write(to: phone.container.archiveURL)
            let host = phone.launch(NotesAppDelegate.self)
            #expect(host.restorationReport.dropped.map(\.path) == ["Navigation/:[1]:/Note"], "the scenario did restore, and drop the note")

            let lines = phone.logMessages
            for marker in ["State restoration archive was saved", "Root restoration identifier paths", "Restoration Class map", "Object in root set", "Can't find Child View Controller"] {
                #expect(!lines.contains { $0.contains(marker) }, "\(marker) is a debug line")
            }
            #expect(!lines.contains { $0.hasPrefix("-[") }, "debug lines carry the function that prints them: \(lines)")
            // Foundation's own console lines (the note decodes its strings untyped under the secure
            // pair) are no debug lines either; the rest is UIKit's one warning.
            let uikitLines = lines.filter { !$0.hasPrefix("*** -[NSKeyedUnarchiver validateAllowedClass:forKey:]") }
            #expect(uikitLines == ["Warning: restoration class for view controller does not conform to UIViewControllerRestoration protocol: Class is \(RuntimeClassName.display("RestorationKitTests.ListViewController"))"], "\(lines)")
        }

        @Test("The setting is read from the environment or from a -UIStateRestorationDebugLogging YES launch argument, as on iOS")
        func settingFromEnvironmentOrArguments() {
            #expect(LaunchConfiguration.fromEnvironment(["UIStateRestorationDebugLogging": "YES"], arguments: ["App"]).debugLogging)
            #expect(LaunchConfiguration.fromEnvironment([:], arguments: ["App", "-UIStateRestorationDebugLogging", "YES"]).debugLogging)
            #expect(!LaunchConfiguration.fromEnvironment([:], arguments: ["App"]).debugLogging)
            #expect(!LaunchConfiguration.fromEnvironment(["UIStateRestorationDebugLogging": "NO"], arguments: ["App"]).debugLogging)
        }

        @Test("A real process logs the debug lines to its runner only when the setting is on")
        func processLogsFollowTheSetting() throws {
            let container = ProcessContainer()
            try container.saveNote("Rusty Spork")
            let quiet = try container.launch(["UIStateRestorationDebugLogging": "NO"])
            #expect(try quiet.waitUntilLaunched() == "restored")
            try quiet.quit()
            #expect(quiet.logLines.isEmpty, "\(quiet.logLines)")

            let talkative = try container.launch()
            #expect(try talkative.waitUntilLaunched() == "restored")
            try talkative.quit()
            #expect(talkative.logLines.nsLogMessages.contains(Self.prefix + "Root restoration identifier paths are (\n    Navigation,\n    \"Navigation/:[0]:/List\",\n    \"Navigation/:[1]:/Note\"\n)"), "\(talkative.logLines)")
            #expect(talkative.logLines.allSatisfy { $0.hasPrefix("2026-11-22 09:00:00.000 RuleBookApp[") }, "the process is named after its executable")
        }

        @Test("The deprecated opt-in pair still works, and logs nothing about it at run time (Xcode warns when compiling)", arguments: [true, false])
        func deprecatedOptIn(debugLogging: Bool) throws {
            let phone = Phone()
            phone.debugLogging = debugLogging
            let first = phone.launch(LegacyAppDelegate.self)
            try #require((first.delegate as? LegacyAppDelegate)?.navigation).pushViewController(NoteViewController(note: "old API"), animated: false)
            phone.homeAndKill()
            #expect(phone.archiveExists)
            #expect(phone.log(containing: "deprecated").isEmpty && phone.log(containing: "shouldSave").isEmpty, "\(phone.logLines)")

            let second = phone.launch(LegacyAppDelegate.self)
            #expect(second.restorationReport.outcome == .restored)
            #expect(((second.delegate as? LegacyAppDelegate)?.navigation?.topViewController as? NoteViewController)?.note == "old API")
            #expect(phone.log(containing: "deprecated").isEmpty && phone.log(containing: "shouldRestore").isEmpty, "\(phone.logLines)")
            #expect(phone.notes.isEmpty && second.restorationReport.causes.isEmpty, "nor does the workbook explain anything: nothing went wrong")
        }

        @Test("The secure pair logs no deprecation warning")
        func securePairIsQuiet() throws {
            let phone = Phone()
            _ = try runScenario(phone)
            #expect(phone.log(containing: "deprecated").isEmpty)
        }
    }
}
