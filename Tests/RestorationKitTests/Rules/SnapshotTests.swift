import Foundation
import Testing
@testable import RestorationKit

/// RESTORATION.md, "Snapshot".
extension RuleBook {
    @Suite struct Snapshot {
        init() {
            Fixture.reset()
            Hooks.reset()
        }

        /// The snapshot file as the system stored it.
        private func storedSnapshot(_ phone: Phone) throws -> Screen {
            try JSONDecoder().decode(Screen.self, from: Data(contentsOf: phone.container.snapshotURL))
        }

        /// Launches the tracing notes app, pushes a note and returns the screen the user sees.
        private func leaveOnNote(_ phone: Phone) throws -> (ApplicationHost, Screen) {
            let host = phone.launch(TracingNotesAppDelegate.self)
            try #require((host.delegate as? TracingNotesAppDelegate)?.navigation).pushViewController(TracingNoteViewController(note: "Rusty Spork"), animated: false)
            let screen = host.screen
            try #require(screen.element(identifiedBy: "navigation bar")?[property: ScreenProperty.title] == "Note")
            return (host, screen)
        }

        @Test("After Home, the snapshot is the screen the user left")
        func snapshotIsTheScreenLeft() throws {
            let phone = Phone()
            let (host, left) = try leaveOnNote(phone)
            host.pressHome()
            let snapshot = try storedSnapshot(phone)
            #expect(snapshot == left)
            #expect(snapshot != .launchImage)
        }

        @Test("At relaunch the snapshot is shown first, and a restoring app's first frame matches it: no flicker")
        func snapshotShownAtLaunch() throws {
            let phone = Phone()
            let (_, left) = try leaveOnNote(phone)
            phone.homeAndKill()
            let second = phone.launch(TracingNotesAppDelegate.self)
            #expect(second.screenShownAtLaunch == left)
            #expect(second.screen == second.screenShownAtLaunch)
        }

        @Test("A first launch, with no snapshot yet, shows the launch image")
        func firstLaunchShowsLaunchImage() {
            let phone = Phone()
            let host = phone.launch(TracingNotesAppDelegate.self)
            #expect(host.screenShownAtLaunch == .launchImage)
        }

        @Test("An app that saves no view controller (it does not opt in, or none has an identifier) relaunches on the launch image, not its snapshot: no flicker, but the screen is lost",
              arguments: ["does not save", "no identifiers"])
        func launchImageWithoutControllers(_ missing: String) throws {
            let phone = Phone()
            if missing == "does not save" { Fixture.savesState = false } else { Fixture.navigationIdentifier = nil }
            let (_, left) = try leaveOnNote(phone)
            phone.homeAndKill()
            let second = phone.launch(TracingNotesAppDelegate.self)
            #expect(second.screenShownAtLaunch == .launchImage)
            #expect(second.screen != left)
            #expect(second.screen.element(identifiedBy: "navigation bar")?[property: ScreenProperty.title] == "List")
        }

        @Test("An app whose controllers were saved but are not recreated shows the snapshot, then another screen: the flicker")
        func flickerWhenControllersAreNotRecreated() throws {
            let phone = Phone()
            Fixture.restoresState = false
            let (_, left) = try leaveOnNote(phone)
            phone.homeAndKill()
            let second = phone.launch(TracingNotesAppDelegate.self)
            #expect(second.screenShownAtLaunch == left, "controllers took part, so the snapshot replaces the launch image")
            #expect(second.screen != second.screenShownAtLaunch)
            #expect(second.screen.element(identifiedBy: "navigation bar")?[property: ScreenProperty.title] == "List")
        }

        @Test("A screen that hides sensitive data when the app resigns active shows it hidden in the snapshot, and again after returning to the foreground",
              arguments: [Hooks.BalanceHiding.delegate, .notification])
        func sensitiveDataHidden(_ hiding: Hooks.BalanceHiding) throws {
            Hooks.balanceHiding = hiding
            let phone = Phone()
            let host = phone.launch(BalanceAppDelegate.self)
            #expect(host.screen.element(identifiedBy: "balance")?[property: ScreenProperty.text] == "Balance: $12,345.67")

            host.pressHome()
            let snapshot = try storedSnapshot(phone)
            #expect(snapshot.element(identifiedBy: "balance") == nil, "the balance must not be in the snapshot")
            #expect(snapshot.element(identifiedBy: "navigation bar")?[property: ScreenProperty.title] == "Account")

            host.returnToForeground()
            #expect(host.screen.element(identifiedBy: "balance")?[property: ScreenProperty.text] == "Balance: $12,345.67")

            host.pressHome()
            phone.kill()
            let relaunch = phone.launch(BalanceAppDelegate.self)
            #expect(relaunch.screenShownAtLaunch.element(identifiedBy: "balance") == nil)
            #expect(relaunch.screen.element(identifiedBy: "balance") != nil, "the app shows it once it is active")
        }

        @Test("ignoreSnapshotOnNextApplicationLaunch() during preservation makes the next launch show the launch image",
              arguments: ["encodeRestorableState", "willEncodeRestorableStateWith"])
        func ignoreSnapshotDuringPreservation(_ place: String) throws {
            let phone = Phone()
            let ignore = { UIApplication.shared.ignoreSnapshotOnNextApplicationLaunch() }
            if place == "encodeRestorableState" { Hooks.duringNoteEncode = ignore } else { Fixture.willEncode = { _ in ignore() } }
            _ = try leaveOnNote(phone)
            phone.homeAndKill()
            let second = phone.launch(TracingNotesAppDelegate.self)
            #expect(second.screenShownAtLaunch == .launchImage)
            #expect(second.restorationReport.outcome == .restored, "only the snapshot is skipped, not the state")

            // It holds for one launch: the next preservation that does not ask takes a snapshot again.
            Hooks.reset()
            Fixture.willEncode = nil
            let left = second.screen
            phone.homeAndKill()
            #expect(phone.launch(TracingNotesAppDelegate.self).screenShownAtLaunch == left)
        }

        @Test("ignoreSnapshotOnNextApplicationLaunch() outside preservation is ignored: the snapshot is shown",
              arguments: ["while active", "applicationWillResignActive", "applicationDidEnterBackground"])
        func ignoreSnapshotElsewhere(_ place: String) throws {
            let phone = Phone()
            let ignore = { UIApplication.shared.ignoreSnapshotOnNextApplicationLaunch() }
            switch place {
            case "applicationWillResignActive": Hooks.duringWillResignActive = ignore
            case "applicationDidEnterBackground": Hooks.duringDidEnterBackground = ignore
            default: break
            }
            let (_, left) = try leaveOnNote(phone)
            if place == "while active" { ignore() }
            phone.homeAndKill()
            #expect(phone.launch(TracingNotesAppDelegate.self).screenShownAtLaunch == left)
        }
    }
}
