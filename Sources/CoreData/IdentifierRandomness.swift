import Foundation
import RestorationModel
import Synchronization

/// Where Core Data's identifiers get their randomness: a new store's UUID, and the bits that make
/// temporary object IDs unique across launches. On a device both are random. Launched by the
/// runner, which fixes each launch's random seed so that runs repeat to the byte (DESIGN.md), they
/// are drawn from that seed instead, on a stream of their own: the same store UUID and the same
/// object URIs at every run, in archives and on the chapters' pages alike.
enum IdentifierRandomness {
    /// The launch's generator when the runner fixed a seed, else `nil` (the system's randomness).
    private static let seeded = Mutex(generator(environment: ProcessInfo.processInfo.environment))

    /// The generator a launch with this environment draws from; `nil` without a fixed seed.
    static func generator(environment: [String: String]) -> SeededRandomNumberGenerator? {
        guard let seed = environment[LaunchConfiguration.Variable.seed].flatMap(UInt64.init) else { return nil }
        // Not the app's own stream (`Device.random` starts from the same seed).
        return SeededRandomNumberGenerator(seed: seed ^ 0x436F_7265_4461_7461) // "CoreData"
    }

    /// A random (version 4) UUID, from the launch's seed when it has one.
    static func uuid() -> UUID {
        seeded.withLock { generator in
            guard generator != nil else { return UUID() }
            return uuid(drawingFrom: &generator!)
        }
    }

    static func uuid(drawingFrom generator: inout SeededRandomNumberGenerator) -> UUID {
        var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &bytes) { raw in
            withUnsafeBytes(of: generator.next()) { for index in 0..<8 { raw[index] = $0[index] } }
            withUnsafeBytes(of: generator.next()) { for index in 0..<8 { raw[8 + index] = $0[index] } }
            raw[6] = raw[6] & 0x0F | 0x40 // version 4
            raw[8] = raw[8] & 0x3F | 0x80 // RFC 4122 variant
        }
        return UUID(uuid: bytes)
    }
}
