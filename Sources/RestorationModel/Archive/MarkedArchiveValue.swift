import BinaryPropertyList
import Foundation

/// A value that the restoration coder stores as a dictionary holding one marker key, because a
/// property list has no kind of its own for it: a reference to another preserved object, a URL,
/// or an `NSCoding` object archived with `NSKeyedArchiver`.
public enum MarkedArchiveValue: Equatable, Sendable {
    /// An "object identifier proxy": the path of the view, controller or registered object.
    case objectIdentifierProxy(path: String)
    case url(String)
    case archivedObject(Data)

    /// The marked value a dictionary stands for; `nil` for an ordinary value.
    public init?(_ value: PropertyListValue) {
        guard case .dictionary(let entries) = value, entries.count == 1 else { return nil }
        switch entries.first! {
        case (ArchiveMarker.proxy, .string(let path)): self = .objectIdentifierProxy(path: path)
        case (ArchiveMarker.url, .string(let url)): self = .url(url)
        case (ArchiveMarker.archivedObject, .data(let data)): self = .archivedObject(data)
        default: return nil
        }
    }
}

/// The keys that mark a dictionary in an archive as one of those values.
package enum ArchiveMarker {
    package static let proxy = "$objectIdentifierProxy"
    package static let url = "$url"
    package static let archivedObject = "$archivedObject"
}
