/// Why a binary property list could not be read.
///
/// `reason` is a full sentence meant for a person ("object 7 refers to object 4000, but the file
/// has 12 objects"); `offset` is the byte offset in the file where the problem was found, when
/// the reader knows it.
public struct BinaryPropertyListError: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    public let reason: String
    public let offset: Int?

    public init(reason: String, offset: Int? = nil) {
        self.reason = reason
        self.offset = offset
    }

    public var description: String {
        guard let offset else { return "Not a valid binary property list: \(reason)" }
        return "Not a valid binary property list: \(reason) (at byte \(offset))"
    }
}
