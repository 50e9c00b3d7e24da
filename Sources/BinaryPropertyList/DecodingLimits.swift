/// Bounds the reader enforces on top of the format's own rules, so that a hostile file cannot make
/// it use unbounded memory or time.
///
/// Sizes that the file itself must contain (string and data lengths, collection counts) are
/// already checked against the bytes actually present; these limits bound what a file can ask for
/// cheaply: many tiny objects, deep nesting and large collections.
public struct DecodingLimits: Sendable, Equatable {
    /// The most objects the trailer may declare. The reader keeps one cache slot per object.
    public var maxObjects: Int
    /// The deepest nesting of arrays and dictionaries; the top object is at depth 1.
    public var maxDepth: Int
    /// The most elements of one array, or entries of one dictionary.
    public var maxCollectionCount: Int
    /// The most bytes of one data object, or UTF-8 bytes of one string.
    public var maxByteCount: Int

    public init(
        maxObjects: Int = 5_000_000,
        maxDepth: Int = 512,
        maxCollectionCount: Int = 5_000_000,
        maxByteCount: Int = 1 << 30
    ) {
        self.maxObjects = maxObjects
        self.maxDepth = maxDepth
        self.maxCollectionCount = maxCollectionCount
        self.maxByteCount = maxByteCount
    }

    public static let `default` = DecodingLimits()
}
