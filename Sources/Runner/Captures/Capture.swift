import Foundation
import RestorationModel

/// What a run captured, before it is written to disk.
struct Capture {
    var log: [String] = []
    /// The workbook's notes of every launch, in order; they go into the result, never the log.
    var notes: [RestorationCause] = []
    var output: [String] = []
    var events: [String] = []
    var screens: [(moment: CapturedMoment, screen: Screen)] = []
    var archives: [Data] = []
}
