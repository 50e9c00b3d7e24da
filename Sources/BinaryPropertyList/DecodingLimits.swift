/// Bounds the reader enforces on top of the format's own rules, so that a hostile file cannot make
/// it use unbounded memory or time.
///
/// Sizes that the file itself must contain (string and data lengths, collection counts) are
/// already checked against the bytes actually present; these limits bound what a file can ask for
/// cheaply: many tiny objects, deep nesting, large collections, and objects shared by so many
/// references that the value, walked as a tree, is exponentially larger than the file.
public struct DecodingLimits: Sendable, Equatable {
    /// The most objects the trailer may declare. The reader keeps one cache slot per object.
    public var maxObjects: Int
    /// The deepest nesting of arrays and dictionaries; the top object is at depth 1.
    public var maxDepth: Int
    /// The most elements of one array, or entries of one dictionary.
    public var maxCollectionCount: Int
    /// The most bytes of one data object, or UTF-8 bytes of one string.
    public var maxByteCount: Int
    /// The most values the decoded tree may hold for each byte of the file, counting a shared
    /// object once per reference to it, and each dictionary key. Whoever walks the value (an
    /// archive reader, a dump, a diff, `==`) then does work linear in the file's size. A file
    /// whose arrays and dictionaries are each referenced once needs at most 1 per byte, since
    /// every reference takes at least one byte; only shared collections can ask for more.
    public var maxExpandedObjectsPerByte: Int

    public init(
        maxObjects: Int = 5_000_000,
        maxDepth: Int = 512,
        maxCollectionCount: Int = 5_000_000,
        maxByteCount: Int = 1 << 30,
        maxExpandedObjectsPerByte: Int = 8
    ) {
        self.maxObjects = maxObjects
        self.maxDepth = maxDepth
        self.maxCollectionCount = maxCollectionCount
        self.maxByteCount = maxByteCount
        self.maxExpandedObjectsPerByte = maxExpandedObjectsPerByte
    }

    public static let `default` = DecodingLimits()
}
