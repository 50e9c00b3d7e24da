import Testing
@testable import Runner
import RestorationModel

/// The captured moments' names on disk are part of the capture's format (Documentation/Captures.md):
/// the enum must keep writing, and reading, exactly these.
struct CapturedMomentTests {
    @Test("Each moment keeps its file name: screens/NN-launch-screen, -after-launch, -before-home, -snapshot")
    func namesOnDisk() {
        #expect(CapturedMoment.allCases.map(\.rawValue) == ["launch-screen", "after-launch", "before-home", "snapshot"])
        #expect(CapturedScreenName(number: 3, moment: .beforeHome).fileName(extension: "json") == "03-before-home.json")
        #expect(CapturedScreenName(number: 112, moment: .snapshot).fileName(extension: "txt") == "112-snapshot.txt")
    }

    @Test("A screen's file name reads back as its number and moment; other files and unknown moments are not screens")
    func readsBack() {
        for moment in CapturedMoment.allCases {
            let name = CapturedScreenName(number: 7, moment: moment)
            #expect(CapturedScreenName(fileName: name.fileName(extension: "json"), extension: "json") == name)
        }
        #expect(CapturedScreenName(fileName: "03-before-home.txt", extension: "json") == nil)
        #expect(CapturedScreenName(fileName: "03-lunch.json", extension: "json") == nil)
        #expect(CapturedScreenName(fileName: "before-home.json", extension: "json") == nil)
        #expect(CapturedScreenName(fileName: ".json", extension: "json") == nil)
    }
}
