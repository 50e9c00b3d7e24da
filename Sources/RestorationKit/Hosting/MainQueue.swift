import Foundation
import RestorationModel

/// The main queue, run as an iOS app's main run loop runs it: what the app queued with
/// `DispatchQueue.main.async` runs before the next event is handled and before the next frame,
/// so the runner's next look at the screen sees its effect. Blocks those blocks queue run too,
/// a few levels deep; work that waits for real time (timers, `asyncAfter`) runs only once its
/// time has come, at a later command, which is why chapter apps use `Device`'s clock instead.
enum MainQueue {
    /// One pass of the run loop runs every block queued before it began.
    static func drain(levels: Int = 4) {
        for _ in 0..<levels { RunLoop.main.run(until: Date(timeIntervalSince1970: 0)) }
    }
}
