import Foundation
import RestorationModel

/// What a run captured, before it is written to disk.
struct Capture {
    var log: [String] = []
    var output: [String] = []
    var events: [String] = []
    var screens: [(moment: CapturedMoment, screen: Screen)] = []
    var archives: [Data] = []
}
