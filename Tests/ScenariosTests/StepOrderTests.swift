import Testing
@testable import Scenarios

@Suite("Order: each step makes sense where it stands")
struct StepOrderTests {
    @Test("a full cycle is accepted: launch, use, home, kill, relaunch, expectations")
    func cycle() {
        let scenario = parsed("""
        expect no archive
        launch
        expect fresh launch
        expect log contains "x"
        tap Save
        press home
        expect snapshot shows "Saved"
        wait 5 minutes
        return to the app
        press home
        kill
        update to version 2
        launch
        expect restored
        expect lost "Name field"
        expect flicker
        force quit
        expect no archive
        launch
        kill
        launch
        crash
        crash during restoration
        launch
        press home
        update to version 3
        launch
        press home
        force quit
        """)
        #expect(scenario?.steps.count == 29)
    }

    @Test("the user cannot touch an app that is not on screen")
    func userActions() {
        let errors = fileErrors("""
        tap Save
        launch
        press home
        type "x" into Name
        kill
        expect screen shows "x"
        """)
        #expect(errors.map(at) == ["1:1", "4:1", "6:1"])
        #expect(errors[0].message == "'tap' needs the app on screen, but it has not been launched yet")
        #expect(errors[0].hint == "start the scenario with 'launch'")
        #expect(errors[1].message == "'type' needs the app on screen, but it is in the background here (since 'press home' at line 3)")
        #expect(errors[1].hint == "'return to the app' first, or 'kill' then 'launch' to relaunch it")
        #expect(errors[2].message == "'expect screen shows' needs the app on screen, but it is not running here (since 'kill' at line 5)")
    }

    @Test("a crash the scenario claims ends the app: launch may follow, the screen may not be looked at")
    func claimedCrash() {
        #expect(parsed("""
        launch
        press home
        expect crash
        launch
        expect lost
        """)?.steps.count == 5)
        let errors = fileErrors("""
        expect crash
        launch
        tap Save
        expect crash
        expect screen shows "Saved"
        """)
        #expect(errors.map(at) == ["1:1", "5:1"])
        #expect(errors[0].message == "'expect crash' says the step before it crashed the app, but the app is not running here")
        #expect(errors[1].message == "'expect screen shows' needs the app on screen, but it is not running here (since 'expect crash' at line 4)")
    }

    @Test("launch, kill, crash, return and update in the wrong state")
    func lifecycle() {
        let errors = fileErrors("""
        launch
        launch
        kill
        kill
        launch
        press home
        launch
        press home
        crash
        return to the app
        return to the app
        update to version 2
        """)
        #expect(errors.map(at) == ["2:1", "4:1", "7:1", "9:1", "10:1", "11:1", "12:1"])
        #expect(errors[1].message == "'kill' ends a running or suspended app, but the app is not running here (since 'kill' at line 3)")
        #expect(errors[2].hint?.contains("'return to the app'") == true)
        #expect(errors[3].message.hasPrefix("a suspended app runs no code, so it cannot crash"))
        #expect(errors[6].message == "an update is installed while the app is not in use, but the app is on screen here (since 'return to the app' at line 11)")
    }

    @Test("expectations about a relaunch need a Home before them")
    func restorationExpectations() {
        let errors = fileErrors("""
        expect snapshot shows "x"
        expect log contains "x"
        launch
        expect restored
        expect no flicker
        expect cause contains "x"
        press home
        expect cause does not contain "x"
        """)
        #expect(errors.map(at) == ["1:1", "2:1", "4:1", "5:1", "6:1"])
        #expect(errors[2].message == "'expect restored' compares the screen with the one the user left at Home, but the app has not been to the background yet")
        #expect(errors[4].message == "'expect cause contains' reads the workbook's explanation of a relaunch, but the app has not been to the background yet")
        #expect(fileErrors("launch\ncrash during restoration").first?.message.contains("is running here") == true)
    }

    @Test("the disk fills while the app is not running")
    func diskFillsBetweenLaunches() {
        #expect(parsed("launch\npress home\nkill\nfill the disk\nlaunch") != nil)
        #expect(parsed("fill the disk\nlaunch") != nil)
        let running = fileErrors("launch\nfill the disk")
        #expect(running.map(at) == ["2:1"])
        #expect(running.first?.message == "'fill the disk' fills the device's storage while the app is not running, but the app is running here (since 'launch' at line 1)")
        #expect(fileErrors("launch\npress home\nfill the disk").first?.hint == "'kill' it first; the next 'launch' finds the disk full")
        // `fill` starts no other step: one who means to fill a field is told how.
        #expect(lineError("fill Name with \"Rusty Spork\"")?.hint == "to put text into a field, write type \"…\" into Field")
    }

    @Test("a line that could not be read does not cause false errors about order")
    func noCascade() {
        let errors = fileErrors("""
        lanch
        tap Save
        press home
        kill
        launch
        expect restored
        """)
        #expect(errors.map(at) == ["1:1"])
    }
}
