import Foundation
import RestorationModel

/// The simulated device's clock and random source. App code that wants its runs reproducible
/// reads time from `Device.now` and draws randomness from `Device.random`; the runner fixes both
/// for each launch, so the same launch gives the same archive bytes, log and screens.
nonisolated public enum Device {
    nonisolated(unsafe) private static var clockStart: Date?
    nonisolated(unsafe) private static var elapsed: TimeInterval = 0

    /// The current time on the device: the fixed start plus whatever time was made to pass, or
    /// the real time when nothing was fixed.
    public static var now: Date {
        guard let clockStart else { return Date() }
        return clockStart.addingTimeInterval(elapsed)
    }

    /// A seeded generator: `Int.random(in: 0..<10, using: &Device.random)`.
    nonisolated(unsafe) public static var random = SeededRandomNumberGenerator(seed: UInt64.random(in: .min ... .max))

    /// Lets simulated time pass (the runner's `wait`).
    public static func advanceClock(by interval: TimeInterval) {
        elapsed += max(0, interval)
    }

    static func configure(_ configuration: LaunchConfiguration) {
        clockStart = configuration.clockStart
        elapsed = 0
        random = SeededRandomNumberGenerator(seed: configuration.randomSeed ?? UInt64.random(in: .min ... .max))
    }
}
