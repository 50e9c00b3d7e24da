/// `Device.random`'s generator, and Core Data's for its identifiers: both draw from the seed the
/// runner fixes for each launch, so that runs repeat to the byte.
///
/// SplitMix64: tiny, fast and the same on every platform, which is all a reproducible run needs.
public struct SeededRandomNumberGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
